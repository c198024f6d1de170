import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDeviceSearch } from '../api/search-devices';
import { DeviceGrid } from '../components/device-card';
import { PageHeader } from '../components/page-header';
import { SearchBox } from '../components/search-box';
import { QueryError } from '../../../components/query-error';
import { EmptyState } from '../components/empty-state';
import { Pager } from '../components/pager';
import { NothingFound } from '../components/nothing-found';
import { SkeletonBlock } from '../../../components/skeleton-block';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../components/catalog.css';

const PAGE_SIZE = 12;
const suggestions = ['XRD', '扫描电镜', 'XPS', '透射电镜', '核磁共振', '比表面积'];

/** /search?kw=: opened from the header in a named window; matches are highlighted. Built without antd (docs/web.md). */
export default function SearchPage() {
  const [search, setSearch] = useSearchParams();
  const keyword = (search.get('kw') ?? '').trim();
  const pageNumber = Number(search.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1;
  useDocumentTitle(keyword ? `搜索“${keyword}”` : '搜索');

  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);

  const results = useDeviceSearch({ keyword, page, pageSize: PAGE_SIZE }, keyword.length > 0);

  const go = (kw: string, nextPage = 1) => {
    const next: Record<string, string> = {};
    if (kw.trim()) next.kw = kw.trim();
    if (nextPage > 1) next.page = String(nextPage);
    setSearch(next);
  };

  return (
    <div className="cat-page">
      <PageHeader title={keyword ? `“${keyword}”的搜索结果` : '搜索检测项目'} crumbs={[{ label: '搜索' }]}>
        <SearchBox
          className="cat-searchbar"
          large
          label="搜索检测项目"
          fieldLabel="搜索关键词"
          placeholder="输入项目名称、仪器或型号，如 XRD、扫描电镜"
          value={draft}
          onChange={setDraft}
          onSearch={(value) => go(value)}
        />
      </PageHeader>
      <div className="cat-container cat-body">
        {!keyword ? (
          <EmptyState className="cat-empty" description="请输入关键词搜索检测项目">
            <p className="cat-suggest">
              热门搜索：
              {suggestions.map((word) => (
                <Link key={word} to={`/search?kw=${encodeURIComponent(word)}`}>
                  {word}
                </Link>
              ))}
            </p>
          </EmptyState>
        ) : results.isPending ? (
          <div className="cat-grid-skeleton" aria-busy="true">
            {Array.from({ length: 8 }, (_, index) => (
              <SkeletonBlock key={index} rows={3} />
            ))}
          </div>
        ) : !results.data ? (
          <QueryError error={results.error} onRetry={() => void results.refetch()} />
        ) : results.data.list.length === 0 ? (
          <NothingFound keyword={keyword} near={results.data.near} />
        ) : (
          <section aria-label="搜索结果" aria-busy={results.isFetching}>
            <p className="cat-count">
              找到 <strong>{results.data.total}</strong> 个与“{keyword}”相关的检测项目
            </p>
            <DeviceGrid items={results.data.list} keyword={keyword} words={results.data.words} />
            {results.data.total > PAGE_SIZE ? (
              <Pager
                className="cat-pagination"
                current={page}
                pageSize={PAGE_SIZE}
                total={results.data.total}
                onChange={(next) => {
                  go(keyword, next);
                  window.scrollTo(0, 0);
                }}
              />
            ) : null}
          </section>
        )}
      </div>
    </div>
  );
}
