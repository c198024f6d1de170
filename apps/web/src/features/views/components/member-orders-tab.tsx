import { useState } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { AdminMemberOrder, PaymentStatus, ProgressStatus } from '@lab/contract';
import { Money } from '../../../components/admin/money';
import { AdminTable } from '../../../components/admin/admin-table';
import { formatDateTime } from '../../../lib/format';
import { useMemberOrders } from '../../admin-member/api/list-member-orders';

const progressColors: Record<ProgressStatus, string> = {
  submitted: 'gold',
  awaiting_sample: 'orange',
  received: 'blue',
  testing: 'processing',
  delivered: 'cyan',
  completed: 'success',
  cancelled: 'default',
};
const paymentColors: Record<PaymentStatus, string> = { unpaid: 'warning', unsettled: 'orange', approval: 'processing', paid: 'success', refunded: 'default' };

/** 订单: the member's orders, newest first; the order number opens the order desk for those who may see it. */
export function MemberOrdersTab({ rid, canOpenOrders }: { rid: string; canOpenOrders: boolean }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const { data, isFetching } = useMemberOrders(rid, paging);
  const columns: TableColumnsType<AdminMemberOrder> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      render: (no: string) => (canOpenOrders ? <Link to={`/admin/orders/${no}`}>{no}</Link> : <span className="admin-nowrap">{no}</span>),
    },
    { title: '项目', dataIndex: 'title', render: (title: string, o) => (o.kind === 'reservation' ? <>{title} <Tag>预约</Tag></> : title) },
    { title: '进度', dataIndex: 'progress', width: 90, render: (p: ProgressStatus, o) => <Tag color={progressColors[p]}>{o.progressText}</Tag> },
    { title: '支付', dataIndex: 'payment', width: 90, render: (p: PaymentStatus, o) => <Tag color={paymentColors[p]}>{o.paymentText}</Tag> },
    { title: '订单金额', dataIndex: 'totalFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
    { title: '已付', dataIndex: 'paidFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
    { title: '下单时间', dataIndex: 'createdAt', width: 150, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
  ];
  return (
    <AdminTable<AdminMemberOrder>
      rowKey="orderNo"
      size="small"
      columns={columns}
      query={{ data, isFetching }}
      scroll={{ x: 820 }}
      locale={{ emptyText: '该会员还没有下过订单' }}
      pagination={{ current: paging.page, pageSize: paging.pageSize, total: data?.total ?? 0, showTotal: (n) => `共 ${n} 个订单`, onChange: (page, pageSize) => setPaging({ page, pageSize }) }}
    />
  );
}
