import { useEffect, useMemo, useState } from 'react';
import { CloseCircleFilled, DownOutlined } from '../../../components/icons';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { deviceSortValues, serviceTypeLabels } from '@lab/contract/display';
import { deviceSearchQueryOptions, useDeviceSearch } from '../api/search-devices';
import type { EnsurePageData } from '../../../lib/page-data';
import { LIST_PAGE_SIZE, listGroupId, listSearch, readListAddress } from '../list-query';
import { typeGroupsQueryOptions, useTypeGroups } from '../../../api/catalog/type-groups';
import { DeviceGrid } from '../components/device-card';
import { PageHeader } from '../components/page-header';
import { projectRoutePath } from '../components/links';
import { QueryError } from '../../../components/query-error';
import { EmptyState } from '../components/empty-state';
import { Pager } from '../components/pager';
import { SkeletonBar, SkeletonBlock } from '../../../components/skeleton-block';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../components/catalog.css';
import '../../../components/plain-field.css';

const sortLabels: Record<(typeof deviceSortValues)[number], string> = {
  default: '综合排序',
  hot: '销量优先',
  priceAsc: '价格从低到高',
  priceDesc: '价格从高到低',
  newest: '最新上架',
};

const typeIds = [1, 2, 3] as const;

const leadFor = (typeId: number | undefined) =>
  typeId === 1
    ? '寄送样品到实验室测试，按分类筛选项目，查看价格、周期与样品要求。'
    : typeId === 2
      ? '预约仪器机时，到实验室现场操作或陪同测试，机时按小时计费。'
      : typeId === 3
        ? '谱图解析、数据精修与模拟计算，由专业工程师出具分析报告。'
        : '送样检测、上门预约与数据分析，覆盖材料、化学、生物与环境等方向。';

/**
 * The route loader's part (app/public-loaders.ts). The list knows which items to ask for once it
 * has the groups (a title may name one): the groups, then the items.
 */
export const ensurePageData: EnsurePageData = async (client, { params, request }) => {
  const address = readListAddress(params, new URL(request.url).searchParams);
  const groups = await client.ensureQueryData(typeGroupsQueryOptions(address.validType));
  return client.ensureQueryData(deviceSearchQueryOptions(listSearch(address, listGroupId(address, groups))));
};

export default function ProjectListPage() {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  // read as the route's loader reads it (ensurePageData): the same queries, found in the cache
  const address = readListAddress(params, search);
  const { validType, typeLabel, childId, keyword, sort, page, titleParam, titleNamesGroup } = address;

  const groupsQuery = useTypeGroups(validType);
  const groups = useMemo(() => groupsQuery.data ?? [], [groupsQuery.data]);
  const groupId = listGroupId(address, groups);
  const group = groups.find((g) => g.id === groupId);

  const title = group?.name ?? titleParam ?? typeLabel ?? '全部服务';
  useDocumentTitle(title);

  // wait for the groups when the title may name one, so the list does not flash unfiltered
  const devices = useDeviceSearch(listSearch(address, groupId), !(titleNamesGroup && groupsQuery.isPending));

  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(name);
      else next.set(name, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  };

  /** 全部: no group, and a title that no longer names one. */
  const clearGroup = (dropKeyword = false) => {
    const next = new URLSearchParams(search);
    if (dropKeyword) next.delete('keyword');
    next.delete('groupId');
    next.delete('childId');
    next.delete('page');
    if (params.typeId) {
      const rest = next.toString();
      void navigate(`${validType && typeLabel ? projectRoutePath(validType, typeLabel) : '/project'}${rest ? `?${rest}` : ''}`);
      return;
    }
    if (typeLabel) next.set('title', typeLabel);
    else next.delete('title');
    setSearch(next);
  };

  const submitKeyword = () => {
    update({ keyword: draft.trim() });
  };

  const tags = group?.description
    ? group.description
        .split('|')
        .map((tag) => tag.trim())
        .filter(Boolean)
    : [];

  return (
    <div className="cat-page">
      <PageHeader title={title} crumbs={[{ label: '检测服务', to: '/project' }, ...(title !== '全部服务' ? [{ label: title }] : [])]}>
        <p className="cat-lead">{leadFor(validType)}</p>
      </PageHeader>
      <div className="cat-container cat-body">
        <nav className="cat-type-tabs" aria-label="服务类型">
          <Link to="/project" className={validType === undefined ? 'is-active' : undefined} aria-current={validType === undefined ? 'page' : undefined}>
            全部服务
          </Link>
          {typeIds.map((id) => {
            const label = serviceTypeLabels[id] ?? '';
            return (
              <Link key={id} to={projectRoutePath(id, label)} className={validType === id ? 'is-active' : undefined} aria-current={validType === id ? 'page' : undefined}>
                {label}
              </Link>
            );
          })}
        </nav>

        <section className="cat-filters" aria-label="筛选条件">
          <div className="cat-filter-row">
            <span className="cat-filter-label" id="cat-filter-group">分类</span>
            <div className="cat-chips" role="group" aria-labelledby="cat-filter-group">
              {groupsQuery.isPending ? (
                <SkeletonBar width={240} />
              ) : (
                <>
                  <button type="button" className={groupId === undefined ? 'cat-chip is-active' : 'cat-chip'} aria-pressed={groupId === undefined} onClick={() => clearGroup()}>
                    全部
                  </button>
                  {groups.map((g) => (
                    <button key={g.id} type="button" className={g.id === groupId ? 'cat-chip is-active' : 'cat-chip'} aria-pressed={g.id === groupId} onClick={() => update({ groupId: g.id, childId: undefined })}>
                      {g.name}
                    </button>
                  ))}
                </>
              )}
            </div>
          </div>
          {group && group.typeChildArr.length > 0 ? (
            <div className="cat-filter-row">
              <span className="cat-filter-label" id="cat-filter-child">细分</span>
              <div className="cat-chips" role="group" aria-labelledby="cat-filter-child">
                <button type="button" className={childId === undefined ? 'cat-chip is-active' : 'cat-chip'} aria-pressed={childId === undefined} onClick={() => update({ groupId: group.id, childId: undefined })}>
                  全部
                </button>
                {group.typeChildArr.map((child) => (
                  <button key={child.id} type="button" className={child.id === childId ? 'cat-chip is-active' : 'cat-chip'} aria-pressed={child.id === childId} onClick={() => update({ groupId: group.id, childId: child.id })}>
                    {child.name}
                  </button>
                ))}
              </div>
            </div>
          ) : null}
          {tags.length > 0 ? (
            <div className="cat-filter-row">
              <span className="cat-filter-label">常测</span>
              <div className="cat-chips">
                {tags.map((tag) => (
                  <button key={tag} type="button" className="cat-chip cat-chip-plain" onClick={() => update({ keyword: tag })}>
                    {tag}
                  </button>
                ))}
              </div>
            </div>
          ) : null}
          <div className="cat-filter-row cat-filter-tools">
            <form
              className="cat-search plain-search"
              role="search"
              aria-label="在结果中搜索"
              onSubmit={(event) => {
                event.preventDefault();
                submitKeyword();
              }}
            >
              <span className="plain-search-field">
                <input type="search" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="在结果中搜索项目、仪器型号" aria-label="关键词" maxLength={50} />
                {draft ? (
                  <button type="button" className="plain-search-clear" aria-label="清除关键词" onClick={() => setDraft('')}>
                    <CloseCircleFilled />
                  </button>
                ) : null}
              </span>
              <button type="submit" className="plain-search-button">
                搜索
              </button>
            </form>
            <span className="plain-select">
              <select aria-label="排序" value={sort} onChange={(event) => update({ sort: event.target.value === 'default' ? undefined : event.target.value })}>
                {deviceSortValues.map((value) => (
                  <option key={value} value={value}>
                    {sortLabels[value]}
                  </option>
                ))}
              </select>
              <DownOutlined />
            </span>
          </div>
        </section>

        <section aria-label="检测项目" aria-busy={devices.isFetching}>
          {devices.isPending ? (
            <div className="cat-grid-skeleton">
              {Array.from({ length: 8 }, (_, index) => (
                <SkeletonBlock key={index} rows={3} />
              ))}
            </div>
          ) : devices.isError && !devices.data ? (
            <QueryError error={devices.error} onRetry={() => void devices.refetch()} />
          ) : devices.data && devices.data.list.length > 0 ? (
            <>
              <p className="cat-count">
                共 <strong>{devices.data.total}</strong> 个检测项目{keyword ? `，关键词“${keyword}”` : ''}
              </p>
              <DeviceGrid items={devices.data.list} keyword={keyword} firstRow />
              {devices.data.total > LIST_PAGE_SIZE ? (
                <Pager className="cat-pagination" current={page} pageSize={LIST_PAGE_SIZE} total={devices.data.total} onChange={(next) => update({ page: next })} />
              ) : null}
            </>
          ) : (
            <EmptyState className="cat-empty" description={keyword ? `没有找到与“${keyword}”相关的检测项目` : '该分类下暂无检测项目'}>
              {keyword || groupId || childId ? (
                <button
                  type="button"
                  className="cat-link-button"
                  onClick={() => clearGroup(true)}
                >
                  清除筛选条件
                </button>
              ) : null}
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}
