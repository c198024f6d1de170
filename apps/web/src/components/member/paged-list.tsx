import type { ReactNode } from 'react';
import { Pagination, Table, type TableColumnsType, type TableProps } from 'antd';
import './member-pages.css';

interface PagedListProps<T> {
  /** the list call's page */
  data: { list: T[]; total: number; pageSize: number } | undefined;
  page: number;
  setPage: (page: number) => void;
  loading: boolean;
  /** the phone list's name for screen readers */
  label: string;
  /** the feature's class on the phone list (how its lines read) and on the table's box */
  cardsClass: string;
  tableClass: string;
  /** one entry on a phone: an <li> with its key */
  card: (row: T) => ReactNode;
  /** what 共 N … counts (人, 条) */
  unit: string;
  empty: ReactNode;
  rowKey: TableProps<T>['rowKey'];
  columns: TableColumnsType<T>;
  scrollX?: number;
}

/**
 * A member's paged list (docs/web.md, "A page of a list"): cards on a phone, a table from 641
 * px, the same page of the list call in both; the pager shows once there is a second page.
 */
export function PagedList<T extends object>({ data, page, setPage, loading, label, cardsClass, tableClass, card, unit, empty, rowKey, columns, scrollX }: PagedListProps<T>) {
  return (
    <>
      <ul className={`member-cards ${cardsClass}`} aria-label={label}>
        {(data?.list ?? []).map(card)}
        {data && data.list.length === 0 ? <li className="member-cards-empty">{empty}</li> : null}
        {data && data.total > data.pageSize ? (
          <li className="member-cards-pages">
            <Pagination simple current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} align="center" />
          </li>
        ) : null}
      </ul>
      <div className={`member-table-wrap member-cards-table ${tableClass}`}>
        <Table<T>
          rowKey={rowKey}
          size="middle"
          loading={loading}
          dataSource={data?.list ?? []}
          scroll={scrollX ? { x: scrollX } : undefined}
          locale={{ emptyText: empty }}
          pagination={{
            current: page,
            pageSize: data?.pageSize ?? 10,
            total: data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => `共 ${total} ${unit}`,
          }}
          columns={columns}
        />
      </div>
    </>
  );
}
