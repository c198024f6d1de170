import { LIST_PAGE_SIZE } from '../list-query';
import { DeviceGrid } from './device-card';
import { EmptyState } from './empty-state';
import { Pager } from './pager';
import { QueryError } from '../../../components/query-error';
import { SkeletonBlock } from '../../../components/skeleton-block';
import type { ProjectListState } from '../hooks/use-project-list';

/** The service list's items (pages/project-list-page.tsx): loading, failed, the cards with pages, or nothing found. */
export function ProjectResults({ list }: { list: ProjectListState }) {
  const { devices, address, groupId, update, clearGroup } = list;
  const { keyword, childId, page } = address;
  return (
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
            <button type="button" className="cat-link-button" onClick={() => clearGroup(true)}>
              清除筛选条件
            </button>
          ) : null}
        </EmptyState>
      )}
    </section>
  );
}
