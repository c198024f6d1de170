import { Table, type TablePaginationConfig, type TableProps } from 'antd';

/** A list call's answer: the whole list, or a server table's page. */
type Rows<T> = readonly T[] | { list: readonly T[]; total: number };

export interface AdminTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'onChange'> {
  /** the list's query (TanStack Query's result, or its data and isFetching) */
  query: { data?: Rows<T>; isFetching: boolean };
  /** a server table's state (use-server-table): its page, size and sort; without it the whole list on one page, or the `pagination` given */
  table?: { pagination: (total: number | undefined) => TablePaginationConfig; onChange: TableProps<T>['onChange'] };
}

const pageOf = <T,>(data: Rows<T> | undefined) => (data && !Array.isArray(data) ? (data as { list: readonly T[]; total: number }) : undefined);

/** The rows of a list call. */
export const rowsOf = <T,>(data: Rows<T> | undefined): readonly T[] => pageOf(data)?.list ?? (data as readonly T[] | undefined) ?? [];

/**
 * The back office's table of a list (docs/web.md, "A page of a list"): antd's Table in the
 * back office's style, reading the list's query; with `table`, paged and sorted on the server.
 */
export function AdminTable<T extends object>({ query, table, ...props }: AdminTableProps<T>) {
  return (
    <Table<T>
      className="admin-table"
      size="middle"
      dataSource={query.data === undefined ? undefined : rowsOf(query.data)}
      loading={query.isFetching}
      pagination={table ? table.pagination(pageOf(query.data)?.total) : false}
      onChange={table?.onChange}
      {...props}
    />
  );
}
