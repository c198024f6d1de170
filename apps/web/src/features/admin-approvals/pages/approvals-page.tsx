import { App, Badge, Button, Select, Space, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import {
  APPROVAL_KINDS,
  approvalKindLabels,
  approvalKindUnits,
  approvalStatusLabels,
  approvalValueText,
  APPROVAL_STATUSES,
  staffRoleLabels,
  type AdminApproval,
  type ApprovalKind,
  type ApprovalStatus,
} from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { Money } from '../../../components/admin/money';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { StatusTag, type Tone } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useApprovalCounts } from '../api/approval-counts';
import { approveRequest, rejectRequest, useDecision, withdrawRequest } from '../api/decide-approval';
import { useApprovals } from '../api/list-approvals';

const tones: Partial<Record<ApprovalStatus, Tone>> = { pending: 'processing', approved: 'success', rejected: 'error' };
const kindColors: Record<ApprovalKind, string> = { coupon: 'blue', refund: 'orange', adjustment: 'gold', topup: 'green', credit: 'purple', bonus: 'magenta', points: 'cyan', quote: 'geekblue' };
const kindOptions = [{ value: '', label: '全部类型' }, ...APPROVAL_KINDS.map((kind) => ({ value: kind, label: approvalKindLabels[kind] }))];
const statusOptions = [{ value: '', label: '全部状态' }, ...APPROVAL_STATUSES.map((status) => ({ value: status, label: approvalStatusLabels[status] }))];
const tabs = [
  { key: 'todo', label: '待我审批', filters: { scope: 'todo', status: 'pending' } },
  { key: 'mine', label: '我提交的', filters: { scope: 'mine', status: '' } },
  { key: 'all', label: '全部', filters: { scope: '', status: '' } },
];
const tabOf = (scope: string) => (scope === 'todo' ? 'todo' : scope === 'mine' ? 'mine' : 'all');

/**
 * /admin/approvals: 待审批 — coupons, refunds, adjustments, confirmed top-ups, credit lines, raised
 * bonus tiers, points awards and sealed quotes above one of their maker's limits (one action, the maker's day or
 * month, the month for one customer; each row says which). A second staff member whose role and
 * limit cover one approves it (it is booked as filed) or rejects it; the maker may withdraw it.
 * Every role sees the screen: the lab files refunds too.
 */
export default function ApprovalsPage() {
  const table = useServerTable({ filters: { scope: 'todo', status: 'pending', kind: '' } });
  const { data, isFetching } = useApprovals(table.query);
  const counts = useApprovalCounts();
  const { modal } = App.useApp();
  const prompt = useReasonPrompt();
  const approve = useDecision(approveRequest);
  const reject = useDecision(rejectRequest);
  const withdraw = useDecision(withdrawRequest);
  const tab = tabOf(table.filters.scope);

  const askApprove = (a: AdminApproval) =>
    modal.confirm({
      title: `通过审批：${a.actionText}`,
      content: (
        <div className="approval-confirm">
          <p>{a.summary}</p>
          {a.note && <p>申请原因：{a.note}</p>}
          <p>提交审批的原因：{a.limitReason}。</p>
          <p>
            申请人：{a.maker.name}（{staffRoleLabels[a.maker.role]}），金额 {approvalValueText(a.valueFen, a.kind)}。通过后立即按申请内容办理，不能撤销；您的姓名将与申请人一同记入操作日志。
          </p>
        </div>
      ),
      okText: '通过并办理',
      cancelText: '取消',
      onOk: () =>
        settled(
          approve.mutateAsync(a.rid, {
            onSuccess: () => {
              feedback.success('已审批通过，已按申请内容办理');
            },
          }),
        ),
    });

  const askReject = async (a: AdminApproval) => {
    const reason = await prompt({ title: `驳回：${a.actionText}`, label: '驳回原因', placeholder: '申请人可见', required: true, danger: true, okText: '驳回' });
    if (reason === null) return;
    reject.mutate({ rid: a.rid, reason }, {
      onSuccess: () => {
        feedback.success('已驳回');
      },
    });
  };

  const askWithdraw = async (a: AdminApproval) => {
    const reason = await prompt({ title: `撤回申请：${a.actionText}`, label: '撤回原因', placeholder: '选填', okText: '撤回' });
    if (reason === null) return;
    withdraw.mutate({ rid: a.rid, reason }, {
      onSuccess: () => {
        feedback.success('已撤回');
      },
    });
  };

  const columns: TableColumnsType<AdminApproval> = [
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', width: 150, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => formatDateTime(at) },
    { title: '类型', dataIndex: 'actionText', width: 150, render: (text: string, a) => <Tag color={kindColors[a.kind]}>{text}</Tag> },
    {
      title: '申请内容',
      key: 'summary',
      width: 340,
      render: (_, a) => (
        <div>
          <div>{a.summary}</div>
          {a.note && <div className="admin-muted">原因：{a.note}</div>}
          <div className="admin-muted" data-testid="limit-reason">
            {a.limitReason}
          </div>
        </div>
      ),
    },
    {
      title: '金额',
      dataIndex: 'valueFen',
      width: 140,
      align: 'right',
      render: (fen: number | null, a) => (fen === null ? <Tag color="red">不封顶</Tag> : approvalKindUnits[a.kind] === 'points' ? approvalValueText(fen, a.kind) : <Money fen={fen} />),
    },
    { title: '申请人', key: 'maker', width: 130, render: (_, a) => `${a.maker.name}（${staffRoleLabels[a.maker.role]}）` },
    {
      title: '状态',
      key: 'status',
      width: 190,
      render: (_, a) => (
        <div>
          <StatusTag status={a.status} labels={approvalStatusLabels} tones={tones} />
          {a.checker && <div className="admin-muted">{`${a.checker.name}（${staffRoleLabels[a.checker.role]}）`}</div>}
          {a.decidedAt && <div className="admin-muted">{formatDateTime(a.decidedAt)}</div>}
          {a.decisionReason && <div className="admin-muted">{a.decisionReason}</div>}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_, a) => (
        <Space size={0} wrap>
          {a.canApprove && (
            <Button type="link" size="small" onClick={() => askApprove(a)}>
              通过
            </Button>
          )}
          {a.canReject && (
            <Button type="link" size="small" danger onClick={() => void askReject(a)}>
              驳回
            </Button>
          )}
          {a.canWithdraw && (
            <Button type="link" size="small" onClick={() => void askWithdraw(a)}>
              撤回
            </Button>
          )}
          {a.status === 'pending' && !a.canApprove && !a.canWithdraw && a.cannotApproveReason && (
            <Tooltip title={a.cannotApproveReason}>
              <span className="admin-muted">无权审批</span>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title="待审批"
      description="优惠券、退款、调账、确认到账、信用额度、积分奖励、盖章报价单超过本人额度（单笔、每日合计、每月合计或同一客户每月合计），以及提高预存赠送的修改，都不会直接办理，而是提交到这里，由另一位有权限、且额度足够的同事审批；通过后按申请时的内容办理一次，申请人与审批人都记入操作日志。"
    >
      <AdminSection>
        <Tabs
          className="admin-queue-tabs"
          activeKey={tab}
          onChange={(key) => table.setFilters(tabs.find((t) => t.key === key)!.filters)}
          items={tabs.map((t) => ({
            key: t.key,
            label:
              t.key === 'todo' && counts.data?.todo ? (
                <span>
                  {t.label} <Badge count={counts.data.todo} overflowCount={999} size="small" color="#0a58ca" />
                </span>
              ) : (
                t.label
              ),
          }))}
        />
        <div className="admin-filters">
          <Select style={{ width: 140 }} value={table.filters.kind} options={kindOptions} onChange={(kind) => table.setFilters({ kind })} aria-label="类型" />
          {tab !== 'todo' && <Select style={{ width: 140 }} value={table.filters.status} options={statusOptions} onChange={(status) => table.setFilters({ status })} aria-label="状态" />}
        </div>
        <AdminTable<AdminApproval>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1240 }}
          locale={{ emptyText: tab === 'todo' ? '没有等待您审批的申请' : '没有符合条件的申请' }}
        />
      </AdminSection>
    </AdminPage>
  );
}
