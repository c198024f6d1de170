import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Table, Tag, type TableColumnsType } from 'antd';
import {
  approvalKindLabels,
  approvalKindRoles,
  approvalKindUnits,
  approvalLimitBody,
  APPROVAL_KINDS,
  fenToYuan,
  limitText,
  staffRoleLabels,
  type ApprovalKind,
  type ApprovalLimit,
} from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { useLimits, useSaveLimit } from '../api/approvals/limits';

/** What each kind's value counts, for the person setting its limits. */
const kindHelp: Record<ApprovalKind, string> = {
  coupon: '新建优惠券按“面额 × 发放总量”计（折扣券、不限量视为不封顶）；发放给会员按单张面额计',
  refund: '取消已付款订单时退回的金额',
  adjustment: '调账金额（增加与扣减都计）',
  topup: '确认对公转账到账的金额，加上按现行规则赠送的金额',
  credit: '批准的信用额度（会员可先测试后结算的上限）',
  bonus: '提高赠送档位：按单笔充值最多多送的金额计',
  points: '论文致谢奖励的积分数',
  quote: '为测试需求出具盖章报价单的报价合计（报价单有效 30 天，期间按报价价格下单）',
};

type Field = 'limit' | 'day_limit' | 'month_limit' | 'target_limit';
const fields: { key: Field; column: keyof ApprovalLimit; label: string; help: string }[] = [
  { key: 'limit', column: 'limitFen', label: '单笔上限', help: '一次可直接办理的最高额，也是为同事审批的额度；填 0 表示每一笔都需另一位同事审批' },
  { key: 'day_limit', column: 'dayLimitFen', label: '每人每日合计', help: '同一人一天内（北京时间）独立办理的合计；超出后每一笔都提交审批' },
  { key: 'month_limit', column: 'monthLimitFen', label: '每人每月合计', help: '同一人一个自然月内独立办理的合计' },
  { key: 'target_limit', column: 'targetLimitFen', label: '同一客户每月合计', help: '同一人一个月内为同一会员或科研团体账户独立办理的合计' },
];

const unitOf = (kind: ApprovalKind) => (approvalKindUnits[kind] === 'points' ? '积分' : '元');
const asText = (value: number | null, kind: ApprovalKind) => (value === null ? '' : approvalKindUnits[kind] === 'points' ? String(value) : fenToYuan(value));

function LimitModal({ editing, onClose }: { editing: ApprovalLimit | null; onClose: () => void }) {
  const [form] = Form.useForm<Record<Field, string>>();
  const save = useSaveLimit();
  const start = editing ? (Object.fromEntries(fields.map((f) => [f.key, asText(editing[f.column] as number | null, editing.kind)])) as Record<Field, string>) : null;
  // a new row opened: start from its current limits
  useEffect(() => {
    if (editing && start) form.setFieldsValue(start);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- start follows editing
  }, [editing, form]);
  if (!editing) return null;
  const unit = unitOf(editing.kind);

  const input = (values: Partial<Record<Field, string>>) =>
    ({ role: editing.role, kind: editing.kind, ...Object.fromEntries(fields.map((f) => [f.key, (values[f.key] ?? '').trim()])) }) as { role: ApprovalLimit['role']; kind: ApprovalKind } & Record<Field, string>;

  return (
    <Modal open title={`${staffRoleLabels[editing.role]} · ${approvalKindLabels[editing.kind]}额度`} okText="保存" cancelText="取消" onOk={() => form.submit()} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <p className="admin-muted">{`${kindHelp[editing.kind]}。留空表示不限。`}</p>
      <SchemaForm
        form={form}
        name="approval-limit"
        schema={approvalLimitBody}
        body={(values) => input(values)}
        layout="vertical"
        initialValues={start ?? undefined}
        onSubmit={(_checked, values) =>
          save.mutate(input(values), {
            onSuccess: () => {
              feedback.success('审批额度已保存');
              onClose();
            },
          })
        }
      >
        {fields.map((f) => (
          <Form.Item key={f.key} label={`${f.label}（${unit}）`} name={f.key} extra={f.help}>
            <Input prefix={unit === '元' ? '¥' : undefined} inputMode={unit === '元' ? 'decimal' : 'numeric'} placeholder="不限" aria-label={f.label} />
          </Form.Item>
        ))}
      </SchemaForm>
    </Modal>
  );
}

/**
 * /admin/approval-limits: 审批额度 — for each role and each kind of value it works with, the most
 * one person books alone: per action (also what they approve for others), per day, per month and
 * per customer per month. Above any of them the action waits in 待审批 for a second staff member.
 * The bonus tiers have no limit to set: every raise needs a second person.
 */
export default function ApprovalLimitsPage() {
  const { data, isFetching } = useLimits();
  const [editing, setEditing] = useState<ApprovalLimit | null>(null);
  const rows = [...(data ?? [])].sort((a, b) => APPROVAL_KINDS.indexOf(a.kind) - APPROVAL_KINDS.indexOf(b.kind));

  const columns: TableColumnsType<ApprovalLimit> = [
    { title: '业务', dataIndex: 'kind', width: 110, render: (kind: ApprovalKind) => approvalKindLabels[kind] },
    { title: '角色', dataIndex: 'role', width: 100, render: (role: ApprovalLimit['role']) => staffRoleLabels[role] },
    ...fields.map((f) => ({
      title: f.label,
      key: f.key,
      width: 150,
      render: (_: unknown, limit: ApprovalLimit) => {
        if (!limit.configurable) return f.key === 'limit' ? <Tag color="magenta">每次提高均需审批</Tag> : <span className="admin-muted">—</span>;
        const value = limit[f.column] as number | null;
        return (
          <span>
            <strong>{limitText(value, limit.kind)}</strong>
            {f.key === 'limit' && value === 0 && <span className="admin-muted">（每笔需审批）</span>}
          </span>
        );
      },
    })),
    {
      title: '最近修改',
      key: 'updated',
      width: 150,
      render: (_: unknown, limit: ApprovalLimit) => (limit.updatedAt ? <span className="admin-muted">{`${limit.updatedBy ?? ''} ${formatDateTime(limit.updatedAt)}`}</span> : <span className="admin-muted">默认</span>),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_: unknown, limit: ApprovalLimit) =>
        limit.configurable ? (
          <Button type="link" size="small" onClick={() => setEditing(limit)} aria-label={`修改${staffRoleLabels[limit.role]}${approvalKindLabels[limit.kind]}额度`}>
            修改
          </Button>
        ) : null,
    },
  ];

  const who = APPROVAL_KINDS.map((kind) => `${approvalKindLabels[kind]} — ${approvalKindRoles[kind].map((r) => staffRoleLabels[r]).join('、')}`).join('；');

  return (
    <AdminPage
      title="审批额度"
      description="每个角色可独立办理的额度：单笔上限（也是为同事审批的额度）、每人每日合计、每人每月合计、同一客户每月合计。任何一项超出，优惠券、退款、调账、确认到账、信用额度和积分奖励都会提交到「待审批」，由另一位角色与额度都足够的同事通过后才办理；提高预存赠送一律需另一位同事审批。管理员可审批任何申请。"
    >
      <AdminSection>
        <Alert type="info" showIcon className="admin-summary" title={`谁能审批：${who}；以及管理员。申请人不能审批自己的申请。`} />
        <Table<ApprovalLimit>
          className="admin-table"
          rowKey={(l) => `${l.role}:${l.kind}`}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 1010 }}
        />
      </AdminSection>
      <LimitModal editing={editing} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
