import type { ReactNode } from 'react';
import { Pagination, Skeleton } from 'antd';
import { LoadFailed } from './load-failed';
import './member-pages.css';

interface ItemListProps<T> {
  /** the list call's query for this page */
  query: { data: { list: T[]; total: number; pageSize: number } | undefined; isPending: boolean; isError: boolean; error: Error | null };
  page: number;
  setPage: (page: number) => void;
  /** the list's name for screen readers */
  label: string;
  /** what a failed load says: 预约记录加载失败 */
  failed: string;
  /** shown when there is nothing (an antd Empty, with its button) */
  empty: ReactNode;
  skeletonRows?: number;
  /** one entry: an <li className="member-item"> with its key */
  item: (row: T) => ReactNode;
}

/**
 * A member's paged history as entries (docs/web.md, "A page of a list"): loading, the failed
 * load, the empty state, one page of entries and the pager once there is a second page.
 */
export function ItemList<T>({ query, page, setPage, label, failed, empty, skeletonRows = 4, item }: ItemListProps<T>) {
  const { data, isPending, isError, error } = query;
  if (isPending) return <Skeleton active paragraph={{ rows: skeletonRows }} />;
  if (isError || !data) return <LoadFailed title={failed} error={error} />;
  if (data.list.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="member-list" aria-label={label}>
        {data.list.map(item)}
      </ul>
      {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} /> : null}
    </>
  );
}
