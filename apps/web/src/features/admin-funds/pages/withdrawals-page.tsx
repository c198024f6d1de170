import { App, Select, Typography, type TableColumnsType } from 'antd';
import { financeStatusTones, formatFen, withdrawStatusLabels, type AdminWithdrawal } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { ExportButton } from '../../../components/admin/export-button';
import { exportWithdrawals } from '../api/exports';
import { Money } from '../../../components/admin/money';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { payWithdrawal, refuseWithdrawal } from '../api/decide-withdrawal';
import { useWithdrawals } from '../api/list-withdrawals';
import { useQueueCounts } from '../api/queue-counts';
import { useFinanceMutation } from '../api/use-finance-mutation';
import { DecisionCell, PendingActions } from '../components/decision-cells';
import { useRefuseWithReason } from '../components/use-refuse-with-reason';
import { QueueToolbar, queueQuery } from '../../../components/admin/queue-toolbar';
import '../../../components/admin/finance.css';
import { MemberCell } from '../../../components/admin/member-cell';

const tabs = [
  { value: 'pending', label: '待审核' },
  { value: 'paid', label: '已打款' },
  { value: 'refused', label: '已驳回' },
  { value: 'cancelled', label: '已取消' },
  { value: 'all', label: '全部' },
];
const methodOptions = [
  { value: '', label: '全部方式' },
  { value: 'bank', label: '银行卡' },
  { value: 'prestore', label: '转入预存款' },
];

/** /admin/finance/withdrawals: 提现审核 — partners' rebate withdrawals: pay (bank transfer, or into prestore) or refuse (the money returns). */
export default function WithdrawalsPage() {
  const table = useServerTable({ filters: { status: 'pending', keyword: '', from: '', to: '', method: '' } });
  const query = queueQuery(table.query);
  const { data, isFetching } = useWithdrawals(query);
  const counts = useQueueCounts();
  const { modal } = App.useApp();
  const pay = useFinanceMutation(payWithdrawal);
  const refuseWithReason = useRefuseWithReason(refuseWithdrawal);

  const askPay = (w: AdminWithdrawal) =>
    modal.confirm({
      title: `确认打款：${formatFen(w.amountFen)}`,
      content:
        w.method === 'bank'
          ? `请先通过网银向「${w.bank?.accountName ?? ''}」${w.bank?.bankName ?? ''} ${w.bankAccount ?? ''} 转账 ${formatFen(w.amountFen)}，转账成功后再确认。确认后会员将收到打款通知。`
          : `将 ${formatFen(w.amountFen)} 转入会员「${w.member.name || w.member.nickname}」的预存款账户，立即可用于支付订单。`,
      okText: w.method === 'bank' ? '已转账，确认打款' : '确认转入',
      cancelText: '取消',
      onOk: () =>
        settled(
          pay.mutateAsync(w, {
            onSuccess: () => {
              feedback.success('已打款');
            },
          }),
        ),
    });

  const askRefuse = (w: AdminWithdrawal) => refuseWithReason(w, { title: '驳回提现申请', placeholder: '例如：开户名与实名不符（会员可见，款项退回可提现余额）' });

  const columns: TableColumnsType<AdminWithdrawal> = [
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', width: 150, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => formatDateTime(at) },
    {
      title: '推广合伙人',
      dataIndex: 'member',
      width: 150,
      render: (m: AdminWithdrawal['member']) => <MemberCell member={{ name: m.name || m.nickname, phone: m.phone }} />,
    },
    { title: '提现金额', dataIndex: 'amountFen', width: 120, align: 'right', render: (fen: number) => <Money fen={fen} /> },
    { title: '方式', dataIndex: 'methodText', width: 110 },
    {
      title: '收款账户',
      key: 'account',
      width: 260,
      render: (_, w) =>
        w.method === 'bank' && w.bank ? (
          <div className="finance-stack">
            <span>{`${w.bank.accountName} · ${w.bank.bankName}`}</span>
            <Typography.Text className="finance-mono" copyable={{ text: w.bankAccount ?? '', tooltips: ['复制账号', '已复制'] }}>
              {w.bankAccount}
            </Typography.Text>
          </div>
        ) : (
          <span className="admin-muted">会员预存款账户</span>
        ),
    },
    {
      title: '状态',
      key: 'status',
      width: 160,
      render: (_, w) => (
        <DecisionCell
          tag={<StatusTag status={w.status} labels={withdrawStatusLabels} tones={financeStatusTones.withdrawal} />}
          note={w.reason}
          staffName={w.staffName}
          decidedAt={w.processedAt}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_, w) => <PendingActions pending={w.status === 'pending'} approveText="打款" onApprove={() => askPay(w)} onRefuse={() => void askRefuse(w)} />,
    },
  ];

  return (
    <AdminPage
      title="提现审核"
      description="推广合伙人申请提现返利：银行卡提现请先网银转账再确认打款；转入预存款确认后立即到账。驳回后款项退回会员的可提现余额。"
      extra={<ExportButton save={() => exportWithdrawals(query)} />}
    >
      <AdminSection>
        <QueueToolbar
          tabs={tabs}
          status={table.filters.status}
          pendingCount={counts.data?.withdrawal}
          keyword={table.filters.keyword}
          from={table.filters.from}
          to={table.filters.to}
          keywordPlaceholder="手机号或姓名"
          onChange={table.setFilters}
        >
          <Select style={{ width: 140 }} value={table.filters.method} options={methodOptions} onChange={(method) => table.setFilters({ method })} aria-label="提现方式" />
        </QueueToolbar>
        <AdminTable<AdminWithdrawal>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1200 }}
          locale={{ emptyText: table.filters.status === 'pending' ? '没有待审核的提现申请' : '没有符合条件的提现申请' }}
        />
      </AdminSection>
    </AdminPage>
  );
}
