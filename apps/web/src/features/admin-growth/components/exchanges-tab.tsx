import { Button, Segmented, Tag, type TableColumnsType } from 'antd';
import type { AdminExchangeRecord } from '@lab/contract';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useExchanges } from '../api/list-exchanges';
import { shipExchange, useExchangeMutation } from '../api/save-exchange';
import { withStatus } from '../../../components/admin/review-queue';
import { MemberCell } from '../../../components/admin/member-cell';
import { AdminTable } from '../../../components/admin/admin-table';

const statusColors: Record<AdminExchangeRecord['status'], string> = { to_ship: 'warning', shipped: 'success', done: 'default' };
const statusOptions = [
  { value: 'to_ship', label: '待发货' },
  { value: 'shipped', label: '已发货' },
  { value: 'done', label: '已兑换（优惠券）' },
  { value: 'all', label: '全部' },
];

/** 兑换记录: what members exchanged; gifts wait here until they are mailed (the member is told). */
export function ExchangesTab() {
  const table = useServerTable({ filters: { status: 'to_ship' }, prefix: 'exchange' });
  const { data, isFetching } = useExchanges(withStatus(table.query));
  const ship = useExchangeMutation(shipExchange);
  const prompt = useReasonPrompt();

  const onShip = async (row: AdminExchangeRecord) => {
    const note = await prompt({ title: `发货：${row.itemName}`, label: '物流信息（选填，会员可见）', placeholder: '例如：顺丰 SF1234567890', okText: '确认发货' });
    if (note === null) return;
    ship.mutate({ rid: row.rid, note }, {
      onSuccess: () => {
        feedback.success('已标记为发货，已通知会员');
      },
    });
  };

  const columns: TableColumnsType<AdminExchangeRecord> = [
    { title: '会员', key: 'member', fixed: 'left', width: 120, render: (_, e) => <MemberCell member={{ rid: e.member.rid, name: e.member.name, phone: e.member.phone }} link /> },
    { title: '商品', key: 'item', render: (_, e) => <span>{e.itemName} <Tag color={e.kind === 'coupon' ? 'gold' : 'blue'}>{e.kind === 'coupon' ? '优惠券' : '礼品'}</Tag></span> },
    { title: '积分', dataIndex: 'points', align: 'right', width: 90, render: (points: number) => <span className="admin-money">{points.toLocaleString('en-US')}</span> },
    { title: '收货地址', dataIndex: 'shipTo', render: (to: string | null) => (to ? <div className="customers-clip">{to}</div> : <span className="admin-muted">无需寄送</span>) },
    { title: '兑换时间', dataIndex: 'createdAt', width: 150, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: AdminExchangeRecord['status'], e) => <Tag color={statusColors[s]}>{e.statusText}</Tag> },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_, e) => (e.status === 'to_ship' ? <Button type="link" size="small" onClick={() => void onShip(e)}>发货</Button> : <span className="admin-muted">—</span>),
    },
  ];

  return (
    <>
      <div className="admin-filters">
        <Segmented className="customers-segmented" value={table.filters.status} options={statusOptions} onChange={(status) => table.setFilters({ status: String(status) })} aria-label="兑换状态" />
      </div>
      <AdminTable<AdminExchangeRecord>
        rowKey="rid"
        columns={columns}
        query={{ data, isFetching }}
        table={table}
        scroll={{ x: 900 }}
        locale={{ emptyText: table.filters.status === 'to_ship' ? '没有待发货的礼品' : '暂无兑换记录' }}
      />
    </>
  );
}
