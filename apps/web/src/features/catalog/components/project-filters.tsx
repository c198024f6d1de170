import { Link } from 'react-router';
import { DownOutlined } from '../../../components/icons';
import { deviceSortValues, serviceTypeLabels } from '@lab/contract/display';
import { SkeletonBar } from '../../../components/skeleton-block';
import { projectRoutePath } from './links';
import { SearchBox } from './search-box';
import type { ProjectListState } from '../hooks/use-project-list';
import '../../../components/plain-field.css';

/** The service list's type tabs and filters (pages/project-list-page.tsx), drawing useProjectList's state. */

const sortLabels: Record<(typeof deviceSortValues)[number], string> = {
  default: '综合排序',
  hot: '销量优先',
  priceAsc: '价格从低到高',
  priceDesc: '价格从高到低',
  newest: '最新上架',
};

const typeIds = [1, 2, 3] as const;

export function ServiceTypeTabs({ validType }: { validType: number | undefined }) {
  return (
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
  );
}

/** 分类, 细分 and 常测 as chips. */
function FilterChips({ list }: { list: ProjectListState }) {
  const { groupsQuery, groups, groupId, group, tags, address, update, clearGroup } = list;
  const { childId } = address;
  return (
    <>
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
    </>
  );
}

/** The keyword box and the sort. */
function FilterTools({ list }: { list: ProjectListState }) {
  const { draft, setDraft, submitKeyword, address, update } = list;
  return (
    <div className="cat-filter-row cat-filter-tools">
      <SearchBox className="cat-search" label="在结果中搜索" fieldLabel="关键词" placeholder="在结果中搜索项目、仪器型号" value={draft} onChange={setDraft} onSearch={submitKeyword} />
      <span className="plain-select">
        <select aria-label="排序" value={address.sort} onChange={(event) => update({ sort: event.target.value === 'default' ? undefined : event.target.value })}>
          {deviceSortValues.map((value) => (
            <option key={value} value={value}>
              {sortLabels[value]}
            </option>
          ))}
        </select>
        <DownOutlined />
      </span>
    </div>
  );
}

export function ProjectFilters({ list }: { list: ProjectListState }) {
  return (
    <section className="cat-filters" aria-label="筛选条件">
      <FilterChips list={list} />
      <FilterTools list={list} />
    </section>
  );
}
