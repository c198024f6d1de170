import { useState } from 'react';
import { Button, Descriptions, Drawer, Select, Table, type TableColumnsType } from 'antd';
import { ONLINE_PAY_PURPOSE_NAMES, ONLINE_PAY_STATE_NAMES, type AdminLedgerEntry, type AdminOnlinePayment, type AdminOnlineRefund, type OnlineToday } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { ExportButton } from '../../../components/admin/export-button';
import { Money } from '../../../components/admin/money';
import { StatusTag, type Tone } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { exportOnlinePayments, useOnlinePayment, useOnlinePayments } from '../api/online-payments';
import { MemberCell } from '../../../components/admin/member-cell';
import { QueueToolbar, queueQuery } from '../../../components/admin/queue-toolbar';
import '../../../components/admin/finance.css';

const tabs = [
  { value: 'all', label: '全部' },
  { value: 'paid', label: '已支付' },
  { value: 'open', label: '待支付' },
  { value: 'closed', label: '已关闭' },
  { value: 'failed', label: '支付失败' },
];
const stateTones: Partial<Record<AdminOnlinePayment['state'], Tone>> = { paid: 'success', open: 'processing', failed: 'error' };
const refundTones: Partial<Record<AdminOnlineRefund['state'], Tone>> = { success: 'success', processing: 'processing', closed: 'warning', abnormal: 'error' };
const vendorOptions = [
  { value: '', label: '全部渠道' },
  { value: 'wechat', label: '微信支付' },
  { value: 'alipay', label: '支付宝' },
];
const purposeOptions = [{ value: '', label: '全部用途' }, ...Object.entries(ONLINE_PAY_PURPOSE_NAMES).map(([value, label]) => ({ value, label }))];
const muted = (text: string | null | undefined) => text || <span className="admin-muted">—</span>;

/** /admin/finance/payments?tab=payments: 在线支付 — every online payment attempt, its refunds and the ledger entries it booked. */
export default function OnlinePaymentsPage() {
  const table = useServerTable({ filters: { status: 'all', keyword: '', from: '', to: '', vendor: '', purpose: '' } });
  const { status, ...rest } = queueQuery(table.query);
  const query = { ...rest, state: status };
  const { data, isFetching } = useOnlinePayments(query);
  const [open, setOpen] = useState<string | null>(null);

  const columns: TableColumnsType<AdminOnlinePayment> = [
    { title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', width: 150, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => formatDateTime(at) },
    {
      title: '支付单号',
      dataIndex: 'paymentNo',
      width: 210,
      render: (no: string) => (
        <Button type="link" size="small" onClick={() => setOpen(no)}>
          {no}
        </Button>
      ),
    },
    { title: '会员', dataIndex: 'member', width: 140, render: (member: AdminOnlinePayment['member']) => <MemberCell member={member} /> },
    { title: '用途', dataIndex: 'purposeText', width: 90 },
    { title: '渠道', dataIndex: 'vendorText', width: 90 },
    { title: '在线金额', dataIndex: 'amountFen', key: 'amountFen', width: 120, align: 'right', sorter: true, sortOrder: table.sortOrderOf('amountFen'), render: (fen: number) => <Money fen={fen} /> },
    { title: '已退款', dataIndex: 'refundedFen', width: 110, align: 'right', render: (fen: number) => (fen ? <Money fen={fen} /> : muted('')) },
    { title: '状态', dataIndex: 'state', width: 90, render: (state: AdminOnlinePayment['state']) => <StatusTag status={state} labels={ONLINE_PAY_STATE_NAMES} tones={stateTones} /> },
    { title: '关联订单', dataIndex: 'orderNos', width: 180, render: (nos: string[]) => muted(nos.join('、')) },
    { title: '支付时间', dataIndex: 'paidAt', key: 'paidAt', width: 150, sorter: true, sortOrder: table.sortOrderOf('paidAt'), render: (at: string | null) => muted(at ? formatDateTime(at) : '') },
  ];

  return (
    <AdminPage title="在线支付" description="会员通过微信支付、支付宝发起的每一笔支付（订单、充值、结算），金额在发起时确定；以支付平台的通知或查询结果入账。" extra={<ExportButton save={() => exportOnlinePayments(query)} />}>
      {data?.today && <OnlineTodayStrip today={data.today} />}
      <AdminSection>
        <QueueToolbar
          tabs={tabs}
          status={table.filters.status}
          keyword={table.filters.keyword}
          from={table.filters.from}
          to={table.filters.to}
          keywordPlaceholder="手机号、支付单号、订单编号或交易号"
          dateLabel="发起日期"
          onChange={table.setFilters}
        >
          <Select aria-label="支付渠道" style={{ width: 120 }} value={table.filters.vendor} options={vendorOptions} onChange={(vendor) => table.setFilters({ vendor })} />
          <Select aria-label="用途" style={{ width: 120 }} value={table.filters.purpose} options={purposeOptions} onChange={(purpose) => table.setFilters({ purpose })} />
        </QueueToolbar>
        <AdminTable<AdminOnlinePayment> rowKey="paymentNo" columns={columns} query={{ data, isFetching }} table={table} scroll={{ x: 1350 }} locale={{ emptyText: '没有符合条件的在线支付' }} />
      </AdminSection>
      <PaymentDrawer paymentNo={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}

/** 今日在线收款: what came in online today, by channel, above the list (finance's first question of the day). */
function OnlineTodayStrip({ today }: { today: OnlineToday }) {
  return (
    <AdminSection>
      <div className="fin-today" role="group" aria-label="今日在线收款">
        <strong>今日在线收款</strong>
        <span className="admin-muted">（{today.day}，已支付，未扣退款）</span>
        {today.channels.map((c) => (
          <span key={c.vendor} className="fin-today-channel" data-testid={`today-${c.vendor}`}>
            {c.vendorText} <Money fen={c.amountFen} />（{c.count} 笔）
          </span>
        ))}
        <span className="fin-today-channel" data-testid="today-total">
          合计 <Money fen={today.totalFen} />
        </span>
      </div>
    </AdminSection>
  );
}

function PaymentDrawer({ paymentNo, onClose }: { paymentNo: string | null; onClose: () => void }) {
  const { data, isPending, isError } = useOnlinePayment(paymentNo);
  const p = data?.payment;
  const refundColumns: TableColumnsType<AdminOnlineRefund> = [
    { title: '退款单号', dataIndex: 'refundNo', width: 200 },
    { title: '订单', dataIndex: 'orderNo', width: 170, render: (no: string | null) => muted(no) },
    { title: '金额', dataIndex: 'amountFen', width: 110, align: 'right', render: (fen: number) => <Money fen={fen} /> },
    { title: '状态', dataIndex: 'state', width: 90, render: (state: AdminOnlineRefund['state'], r) => <StatusTag status={state} labels={{ [state]: r.stateText } as Record<AdminOnlineRefund['state'], string>} tones={refundTones} /> },
    { title: '成功时间', dataIndex: 'succeededAt', width: 150, render: (at: string | null) => muted(at ? formatDateTime(at) : '') },
  ];
  const entryColumns: TableColumnsType<AdminLedgerEntry> = [
    { title: '时间', dataIndex: 'createdAt', width: 150, render: (at: string) => formatDateTime(at) },
    { title: '类型', dataIndex: 'typeText', width: 160 },
    { title: '金额', dataIndex: 'amountFen', width: 110, align: 'right', render: (fen: number) => <Money fen={fen} signed /> },
    { title: '余额', dataIndex: 'balanceAfterFen', width: 110, align: 'right', render: (fen: number) => <Money fen={fen} /> },
    { title: '备注', dataIndex: 'note', render: (note: string) => muted(note) },
  ];
  return (
    <Drawer open={paymentNo !== null} onClose={onClose} title={`在线支付 ${paymentNo ?? ''}`} size="large" destroyOnHidden>
      {isError && <p className="admin-muted">支付记录加载失败，请关闭后重试</p>}
      {isPending && paymentNo && <p className="admin-muted">加载中…</p>}
      {p && data && (
        <>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label="会员">{`${p.member.name} ${p.member.phone}`}</Descriptions.Item>
            <Descriptions.Item label="状态">{p.stateText}</Descriptions.Item>
            <Descriptions.Item label="用途">{p.purposeText}</Descriptions.Item>
            <Descriptions.Item label="渠道">{`${p.vendorText}（${p.provider === 'local' ? '本地模拟网关' : p.provider}）`}</Descriptions.Item>
            <Descriptions.Item label="在线金额"><Money fen={p.amountFen} /></Descriptions.Item>
            <Descriptions.Item label="余额支付"><Money fen={p.balanceFen} /></Descriptions.Item>
            {p.bonusFen > 0 && <Descriptions.Item label="充值赠送"><Money fen={p.bonusFen} /></Descriptions.Item>}
            <Descriptions.Item label="资金账户">{p.fundsText}</Descriptions.Item>
            <Descriptions.Item label="渠道交易号">{muted(p.tradeNo)}</Descriptions.Item>
            <Descriptions.Item label="关联订单">{muted(p.orderNos.join('、'))}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatDateTime(p.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="支付时间">{muted(p.paidAt ? formatDateTime(p.paidAt) : '')}</Descriptions.Item>
            {p.note && <Descriptions.Item label="说明" span={2}>{p.note}</Descriptions.Item>}
          </Descriptions>
          <h3 className="finance-drawer-heading">原路退款</h3>
          <Table<AdminOnlineRefund> size="small" rowKey="refundNo" columns={refundColumns} dataSource={data.refunds} pagination={false} scroll={{ x: 720 }} locale={{ emptyText: '没有退款' }} />
          <h3 className="finance-drawer-heading">资金流水</h3>
          <Table<AdminLedgerEntry> size="small" rowKey="id" columns={entryColumns} dataSource={data.entries} pagination={false} scroll={{ x: 720 }} locale={{ emptyText: '尚未入账' }} />
        </>
      )}
    </Drawer>
  );
}
