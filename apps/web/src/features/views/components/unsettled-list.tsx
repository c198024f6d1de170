import { Link } from 'react-router';
import { Empty, Table, Tag, type TableColumnsType } from 'antd';
import type { UnsettledOrder } from '@lab/contract';
import { Money } from '../../../components/admin/money';
import { formatDateTime } from '../../../lib/format';

/** 待结算提醒: pay-after-test orders delivered and still unpaid, with how long each has waited. */
export function UnsettledList({ rows }: { rows: UnsettledOrder[] }) {
  const columns: TableColumnsType<UnsettledOrder> = [
    { title: '订单号', dataIndex: 'orderNo', render: (orderNo: string) => <Link to={`/admin/orders/${orderNo}`}>{orderNo}</Link> },
    { title: '客户', key: 'member', render: (_, row) => <span>{row.memberName}<span className="admin-muted"> · {row.memberPhone}</span></span> },
    { title: '项目', dataIndex: 'title', ellipsis: true },
    { title: '应付', dataIndex: 'payableFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
    { title: '出数时间', dataIndex: 'deliveredAt', render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    { title: '未付', dataIndex: 'days', render: (days: number) => <Tag color={days >= 30 ? 'error' : 'warning'}>待结算 {days} 天</Tag> },
  ];
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无，测试后结算的订单都已结清" />;
  return <Table<UnsettledOrder> rowKey="orderNo" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 640 }} />;
}
