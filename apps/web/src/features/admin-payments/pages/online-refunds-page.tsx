import { Button, Select, Tooltip, type TableColumnsType } from 'antd';
import { ONLINE_REFUND_STATE_NAMES, type AdminOnlineRefund } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { ExportButton } from '../../../components/admin/export-button';
import { Money } from '../../../components/admin/money';
import { StatusTag, type Tone } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { exportOnlineRefunds, queryRefund, useOnlineRefunds } from '../api/online-payments';
import { useFinanceMutation } from '../../admin-funds/api/use-finance-mutation';
import { MemberCell } from '../../../components/admin/member-cell';
import { QueueToolbar, queueQuery } from '../../../components/admin/queue-toolbar';
import '../../../components/admin/finance.css';

const tabs = [
  { value: 'all', label: '全部' },
  { value: 'processing', label: '退款中' },
  { value: 'success', label: '退款成功' },
  { value: 'abnormal', label: '退款异常' },
  { value: 'closed', label: '退款关闭' },
];
const tones: Partial<Record<AdminOnlineRefund['state'], Tone>> = { success: 'success', processing: 'processing', closed: 'warning', abnormal: 'error' };
const vendorOptions = [
  { value: '', label: '全部渠道' },
  { value: 'wechat', label: '微信支付' },
  { value: 'alipay', label: '支付宝' },
];
const muted = (text: string | null | undefined) => text || <span className="admin-muted">—</span>;

/** /admin/finance/payments?tab=refunds: 退款记录 — refunds to the channel (a cancelled order paid online), their state at the gateway. */
export default function OnlineRefundsPage() {
  const table = useServerTable({ filters: { status: 'all', keyword: '', from: '', to: '', vendor: '' } });
  const { status, ...rest } = queueQuery(table.query);
  const query = { ...rest, state: status };
  const { data, isFetching } = useOnlineRefunds(query);
  const ask = useFinanceMutation(queryRefund);

  const columns: TableColumnsType<AdminOnlineRefund> = [
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', width: 150, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => formatDateTime(at) },
    { title: '退款单号', dataIndex: 'refundNo', width: 200 },
    { title: '会员', dataIndex: 'member', width: 140, render: (member: AdminOnlineRefund['member']) => <MemberCell member={member} /> },
    { title: '渠道', dataIndex: 'vendorText', width: 90 },
    { title: '订单编号', dataIndex: 'orderNo', width: 170, render: (no: string | null) => muted(no) },
    { title: '金额', dataIndex: 'amountFen', key: 'amountFen', width: 110, align: 'right', sorter: true, sortOrder: table.sortOrderOf('amountFen'), render: (fen: number) => <Money fen={fen} /> },
    {
      title: '状态',
      dataIndex: 'state',
      width: 110,
      render: (state: AdminOnlineRefund['state'], r) => {
        const tag = <StatusTag status={state} labels={ONLINE_REFUND_STATE_NAMES} tones={tones} />;
        return r.lastError ? <Tooltip title={r.lastError}>{tag}</Tooltip> : tag;
      },
    },
    { title: '成功时间', dataIndex: 'succeededAt', width: 150, render: (at: string | null) => muted(at ? formatDateTime(at) : '') },
    { title: '原因', dataIndex: 'reason', width: 180, render: (reason: string) => muted(reason) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_, r) =>
        r.state === 'processing' ? (
          <Button size="small" loading={ask.isPending && ask.variables === r.refundNo} onClick={() => ask.mutate(r.refundNo, { onSuccess: (now) => feedback.success(`已向支付平台查询：${now.stateText}`) })}>
            {r.requestedAt ? '查询结果' : '立即提交'}
          </Button>
        ) : r.state === 'abnormal' || r.state === 'closed' ? (
          <span className="admin-muted">请在商户平台处理</span>
        ) : null,
    },
  ];

  return (
    <AdminPage title="退款记录" description="已支付订单取消后原路退回微信支付、支付宝的款项；退款中的记录由后台任务每分钟向支付平台查询，也可在此立即查询。" extra={<ExportButton save={() => exportOnlineRefunds(query)} />}>
      <AdminSection>
        <QueueToolbar tabs={tabs} status={table.filters.status} keyword={table.filters.keyword} from={table.filters.from} to={table.filters.to} keywordPlaceholder="手机号、退款单号、支付单号或订单编号" dateLabel="发起日期" onChange={table.setFilters}>
          <Select aria-label="支付渠道" style={{ width: 120 }} value={table.filters.vendor} options={vendorOptions} onChange={(vendor) => table.setFilters({ vendor })} />
        </QueueToolbar>
        <AdminTable<AdminOnlineRefund> rowKey="refundNo" columns={columns} query={{ data, isFetching }} table={table} scroll={{ x: 1450 }} locale={{ emptyText: '没有符合条件的退款记录' }} />
      </AdminSection>
    </AdminPage>
  );
}
