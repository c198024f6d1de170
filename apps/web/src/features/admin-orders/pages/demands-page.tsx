import { useState } from 'react';
import { Button, Descriptions, Segmented, Space, Tag, type TableColumnsType } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { adminRequirementCloseBody, requirementStatusLabels, type AdminRequirement, type RequirementStatus } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { Money } from '../../../components/admin/money';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { StatusTag, type Tone } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { adminRequirements } from '../api/admin-requirements';
import { formatDate, formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useRequirements } from '../api/list-requirements';
import { closeRequirement, useRequirementMutation } from '../api/save-requirement';
import { withStatus } from '../../../components/admin/review-queue';
import { MemberCell } from '../../../components/admin/member-cell';
import { QuoteModal } from '../components/quote-modal';
import '../../../components/admin/customers.css';

const tones: Record<RequirementStatus, Tone> = { open: 'warning', quoted: 'processing', accepted: 'success', closed: 'default', cancelled: 'default' };
const statusOptions = [
  { value: 'open', label: '待报价' },
  { value: 'quoted', label: '已报价' },
  { value: 'accepted', label: '已接受' },
  { value: 'closed', label: '已关闭' },
  { value: 'cancelled', label: '已撤回' },
  { value: 'all', label: '全部' },
];
const open = (r: AdminRequirement) => r.status === 'open' || r.status === 'quoted';
const approvalTones: Record<NonNullable<AdminRequirement['quoteApproval']>['status'], string> = { pending: 'orange', approved: 'green', rejected: 'red', withdrawn: 'default' };
/** A quote over the limits waits for a colleague: the status column says so beside the requirement's own status. */
const pendingQuote = (r: AdminRequirement) => r.quoteApproval?.status === 'pending';

/** Where the latest quote filed for approval stands: 待审批 (nothing sealed or sent yet), 已驳回 with the reason, 已通过, 已撤回. */
function QuoteApprovalText({ approval }: { approval: NonNullable<AdminRequirement['quoteApproval']> }) {
  return (
    <span data-testid="quote-approval">
      <Tag color={approvalTones[approval.status]} bordered={false}>
        报价{approval.statusText}
      </Tag>
      <Money fen={approval.valueFen} />
      {approval.status === 'pending' && <span className="admin-muted"> 超出报价盖章额度，同事审批通过后出具盖章报价单并通知客户</span>}
      {approval.reason && <span className="admin-muted"> 原因：{approval.reason}</span>}
    </span>
  );
}

/** The requirement's details under its row: what was asked, the files, the quote. */
function RequirementDetail({ requirement }: { requirement: AdminRequirement }) {
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'content', label: '需求描述', children: <div className="customers-clip" style={{ maxWidth: 720 }}>{requirement.content}</div> },
        { key: 'samples', label: '样品信息', children: requirement.samples },
        { key: 'contact', label: '联系人', children: `${requirement.contact} ${requirement.phone}` },
        {
          key: 'files',
          label: '附件',
          children:
            requirement.files.length === 0 ? (
              <span className="admin-muted">无</span>
            ) : (
              <Space wrap>
                {requirement.files.map((file) => (
                  <Button
                    key={file.id}
                    size="small"
                    icon={<PaperClipOutlined />}
                    onClick={() => adminRequirements.file({ rid: requirement.rid, id: file.id }, file.name).catch((error: unknown) => feedback.failure(error))}
                  >
                    {file.name}
                  </Button>
                ))}
              </Space>
            ),
        },
        ...(requirement.quote
          ? [
              {
                key: 'quote',
                label: `报价（${formatDateTime(requirement.quote.quotedAt)}）`,
                children: (
                  <div className="customers-stack">
                    {requirement.quote.lines.map((line, i) => (
                      <span key={`${line.rid}-${i}`}>
                        {line.name} × {line.count}
                        {line.options.length > 0 && <span className="admin-muted">（{line.options.map((o) => `${o.name}：${o.label}`).join('，')}）</span>} <Money fen={line.amountFen} />
                      </span>
                    ))}
                    {requirement.quote.note && <span className="admin-muted">说明：{requirement.quote.note}</span>}
                  </div>
                ),
              },
            ]
          : []),
        ...(requirement.quoteApproval ? [{ key: 'approval', label: '报价审批', children: <QuoteApprovalText approval={requirement.quoteApproval} /> }] : []),
        ...(requirement.closeReason ? [{ key: 'close', label: '关闭原因', children: requirement.closeReason }] : []),
      ]}
    />
  );
}

/** /admin/demands: 测试需求 members post; sales quotes catalogue items (the member accepts into their plan) or closes one with a reason. */
export default function DemandsPage() {
  const table = useServerTable({ filters: { status: 'open' } });
  const { data, isFetching } = useRequirements(withStatus(table.query));
  const [quoting, setQuoting] = useState<AdminRequirement | null>(null);
  const close = useRequirementMutation(closeRequirement);
  const prompt = useReasonPrompt();

  const onClose = async (row: AdminRequirement) => {
    const reason = await prompt({
      title: `关闭需求「${row.title}」`,
      label: '关闭原因',
      placeholder: '客户将看到此原因，例如：样品不适合该测试，已电话沟通',
      required: true,
      rule: adminRequirementCloseBody.shape.reason,
      okText: '关闭需求',
      danger: true,
    });
    if (reason === null) return;
    close.mutate({ rid: row.rid, reason }, {
      onSuccess: () => {
        feedback.success('需求已关闭，已通知客户');
      },
    });
  };

  const columns: TableColumnsType<AdminRequirement> = [
    {
      title: '需求',
      key: 'title',
      width: 180,
      render: (_, r) => (
        <div className="customers-stack">
          <strong>{r.title}</strong>
          {r.files.length > 0 && <span className="admin-muted"><PaperClipOutlined /> {r.files.length} 个附件</span>}
        </div>
      ),
    },
    { title: '客户', key: 'member', width: 130, render: (_, r) => <div className="customers-stack"><MemberCell member={{ rid: r.member.rid, name: r.member.name, phone: r.member.phone }} link /><span className="admin-muted">{r.member.company}</span></div> },
    { title: '样品', dataIndex: 'samples', render: (text: string) => <div className="customers-clip">{text}</div> },
    { title: '预算 / 期望完成', key: 'budget', width: 130, render: (_, r) => <div className="customers-stack"><span>{r.budget || <span className="admin-muted">未填写预算</span>}</span><span className="admin-muted">{r.deadline ? formatDate(r.deadline) : '无期望日期'}</span></div> },
    { title: '提交时间', dataIndex: 'createdAt', width: 140, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: RequirementStatus, r) => (
        <div className="customers-stack">
          <StatusTag status={s} labels={requirementStatusLabels} tones={tones} />
          {pendingQuote(r) && (
            <Tag color="orange" bordered={false} data-testid="quote-pending">
              报价待审批
            </Tag>
          )}
          {r.quoteApproval?.status === 'rejected' && r.status === 'open' && (
            <Tag color="red" bordered={false}>
              报价被驳回
            </Tag>
          )}
        </div>
      ),
    },
    { title: '报价', key: 'quote', width: 100, align: 'right', render: (_, r) => (r.quote ? <Money fen={r.quote.totalFen} /> : <span className="admin-muted">—</span>) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_, r) =>
        open(r) ? (
          <Space size={0}>
            <Button type="link" size="small" disabled={pendingQuote(r)} title={pendingQuote(r) ? '报价待审批：可在「待审批 → 我提交的」中撤回后重新报价' : undefined} onClick={() => setQuoting(r)}>
              {r.status === 'quoted' ? '改报价' : '报价'}
            </Button>
            <Button type="link" size="small" danger onClick={() => void onClose(r)}>关闭</Button>
          </Space>
        ) : (
          <Tag bordered={false}>{r.statusText}</Tag>
        ),
    },
  ];

  return (
    <AdminPage title="测试需求" description="客户提交的测试需求：按目录项目报价（价格由系统按项目与选项计算），客户接受后报价项目进入其实验计划。">
      <AdminSection>
        <div className="admin-filters">
          <Segmented className="customers-segmented" value={table.filters.status} options={statusOptions} onChange={(status) => table.setFilters({ status: String(status) })} aria-label="需求状态" />
        </div>
        <AdminTable<AdminRequirement>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          expandable={{ expandedRowRender: (r) => <RequirementDetail requirement={r} /> }}
          scroll={{ x: 1040 }}
          locale={{ emptyText: table.filters.status === 'open' ? '没有待报价的测试需求' : '暂无记录' }}
        />
      </AdminSection>
      <QuoteModal requirement={quoting} onClose={() => setQuoting(null)} />
    </AdminPage>
  );
}
