import { Empty, Pagination, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../components/member/load-failed';
import { useOrders, type OrderFilter } from '../api/list-orders';
import { OrderCard } from './order-card';

interface OrderListProps {
  filter: Omit<OrderFilter, 'page'>;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  label: string;
}

/** A page of my orders as cards, with pages. */
export function OrderList({ filter, page, onPage, empty, label }: OrderListProps) {
  const { data, isPending, isError, error, refetch } = useOrders({ ...filter, page });
  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) return <LoadFailed title="订单加载失败" error={error} onRetry={refetch} />;
  if (data.list.length === 0) return <Empty className="member-empty" description={empty} />;
  return (
    <>
      <ul className="ord-list" aria-label={label}>
        {data.list.map((o) => (
          <OrderCard key={o.orderNo} order={o} />
        ))}
      </ul>
      {data.total > data.pageSize ? (
        <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={onPage} showSizeChanger={false} showTotal={(total) => `共 ${total} 个订单`} />
      ) : null}
    </>
  );
}
