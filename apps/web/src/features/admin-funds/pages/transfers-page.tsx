import { App, type TableColumnsType } from 'antd';
import { financeStatusTones, formatFen, transferStatusLabels, type AdminTransfer } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { Money } from '../../../components/admin/money';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { approveTransfer, refuseTransfer } from '../api/decide-transfer';
import { useTransfers } from '../api/list-transfers';
import { useQueueCounts } from '../api/queue-counts';
import { useFinanceMutation } from '../api/use-finance-mutation';
import { DecisionCell, PendingActions } from '../components/decision-cells';
import { useRefuseWithReason } from '../components/use-refuse-with-reason';
import { MemberCell } from '../../../components/admin/member-cell';
import { QueueToolbar, queueQuery } from '../../../components/admin/queue-toolbar';
import '../../../components/admin/finance.css';

const tabs = [
  { value: 'pending', label: '待审核' },
  { value: 'done', label: '已完成' },
  { value: 'refused', label: '已驳回' },
  { value: 'cancelled', label: '已取消' },
  { value: 'all', label: '全部' },
];
const route = (t: AdminTransfer) => (t.direction === 'toCommunity' ? `个人账户 → 团体「${t.community.name}」` : `团体「${t.community.name}」 → 个人账户`);

/** /admin/finance/transfers: 转账审核 — transfers between a member and the community they run, above the amount that moves at once. */
export default function TransfersPage() {
  const table = useServerTable({ filters: { status: 'pending', keyword: '', from: '', to: '' } });
  const { data, isFetching } = useTransfers(queueQuery(table.query));
  const counts = useQueueCounts();
  const { modal } = App.useApp();
  const approve = useFinanceMutation(approveTransfer);
  const refuseWithReason = useRefuseWithReason(refuseTransfer);

  const askApprove = (t: AdminTransfer) =>
    modal.confirm({
      title: `通过转账申请：${formatFen(t.amountFen)}`,
      content: `${route(t)}。通过后款项立即划转；转出账户余额不足时不能通过。`,
      okText: '通过并划转',
      cancelText: '取消',
      onOk: () =>
        settled(
          approve.mutateAsync(t, {
            onSuccess: () => {
              feedback.success('已审核通过，款项已划转');
            },
          }),
        ),
    });

  const askRefuse = (t: AdminTransfer) => refuseWithReason(t, { title: '驳回转账申请', placeholder: '会员可见' });

  const columns: TableColumnsType<AdminTransfer> = [
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', width: 150, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => formatDateTime(at) },
    { title: '会员', dataIndex: 'member', width: 150, render: (member: AdminTransfer['member']) => <MemberCell member={member} /> },
    { title: '转账方向', key: 'route', width: 260, render: (_, t) => route(t) },
    { title: '金额', dataIndex: 'amountFen', width: 120, align: 'right', render: (fen: number) => <Money fen={fen} /> },
    { title: '备注', dataIndex: 'remark', width: 180, render: (remark: string) => remark || <span className="admin-muted">—</span> },
    {
      title: '状态',
      key: 'status',
      width: 160,
      render: (_, t) => (
        <DecisionCell
          tag={<StatusTag status={t.status} labels={transferStatusLabels} tones={financeStatusTones.transfer} />}
          note={t.refuseReason}
          staffName={t.staffName}
          decidedAt={t.decidedAt}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_, t) => <PendingActions pending={t.status === 'pending'} approveText="通过" onApprove={() => askApprove(t)} onRefuse={() => void askRefuse(t)} />,
    },
  ];

  return (
    <AdminPage title="转账审核" description="会员在个人账户与其负责的科研团体之间转账，超过免审额度的申请由财务审核；通过后款项立即划转。">
      <AdminSection>
        <QueueToolbar
          tabs={tabs}
          status={table.filters.status}
          pendingCount={counts.data?.transfer}
          keyword={table.filters.keyword}
          from={table.filters.from}
          to={table.filters.to}
          keywordPlaceholder="手机号或姓名"
          onChange={table.setFilters}
        />
        <AdminTable<AdminTransfer>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1150 }}
          locale={{ emptyText: table.filters.status === 'pending' ? '没有待审核的转账申请' : '没有符合条件的转账申请' }}
        />
      </AdminSection>
    </AdminPage>
  );
}
