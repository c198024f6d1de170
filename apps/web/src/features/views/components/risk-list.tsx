import { Link } from 'react-router';
import { Empty, Table, Tag, type TableColumnsType } from 'antd';
import type { PromiseRisk } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';

/** How long until (or since) a deadline, in words a person reads at a glance. */
export function dueText(dueAt: string, now: Date): string {
  const minutes = Math.round((new Date(dueAt).getTime() - now.getTime()) / 60_000);
  const span = (m: number) => {
    if (m >= 48 * 60) return `${Math.floor(m / 1440)}天${Math.floor((m % 1440) / 60) ? `${Math.floor((m % 1440) / 60)}小时` : ''}`;
    if (m >= 120) return `${Math.floor(m / 60)}小时`;
    if (m >= 60) return `${Math.floor(m / 60)}小时${m % 60 ? `${m % 60}分钟` : ''}`;
    return `${m}分钟`;
  };
  if (minutes <= 0) return `已超时${span(-minutes || 1)}`;
  return `${span(minutes)}后到期`;
}

/** One promise's orders: number (to the order), member, when the clock started, how it stands. */
export function RiskList({ rows, sinceLabel, now, linkOrders }: { rows: PromiseRisk[]; sinceLabel: string; now: Date; linkOrders: boolean }) {
  const columns: TableColumnsType<PromiseRisk> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      render: (orderNo: string) => (orderNo && linkOrders ? <Link to={`/admin/orders/${orderNo}`}>{orderNo}</Link> : orderNo || '—'),
    },
    { title: '客户', key: 'member', render: (_, row) => <span>{row.memberName}<span className="admin-muted"> · {row.memberPhone}</span></span> },
    { title: '项目', dataIndex: 'title', ellipsis: true },
    { title: sinceLabel, dataIndex: 'since', render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    {
      title: '状态',
      key: 'due',
      render: (_, row) => <Tag color={row.overdue ? 'error' : 'warning'}>{dueText(row.dueAt, now)}</Tag>,
    },
  ];
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无，服务承诺都在按时履行" />;
  return <Table<PromiseRisk> rowKey={(row) => `${row.orderNo}-${row.since}`} size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 640 }} />;
}
