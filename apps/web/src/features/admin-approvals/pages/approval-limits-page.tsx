import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Table, type TableColumnsType } from 'antd';
import {
  APPROVAL_KINDS,
  approvalKindLabels,
  approvalKindRoles,
  approvalLimitBody,
  fenToYuan,
  limitText,
  staffRoleLabels,
  staffRoles,
  type ApprovalKind,
  type ApprovalLimit,
  type StaffRole,
} from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useLimits, useSaveLimit } from '../../../api/approvals/limits';

const kindHelp: Record<ApprovalKind, string> = {
  coupon: '新建优惠券按“面额 × 发放总量”计（折扣券、不限量视为不封顶）；发放给会员按单张面额计',
  refund: '取消已付款订单时退回的金额',
  adjustment: '调账金额（增加与扣减都计）',
};

interface Row {
  role: StaffRole;
  limits: Partial<Record<ApprovalKind, ApprovalLimit>>;
}

function LimitModal({ editing, onClose }: { editing: ApprovalLimit | null; onClose: () => void }) {
  const [value, setValue] = useState('');
  const [opened, setOpened] = useState<ApprovalLimit | null>(null);
  const save = useSaveLimit();
  // a new cell opened: start from its current limit
  if (editing !== opened) {
    setOpened(editing);
    setValue(editing && editing.limitFen !== null ? fenToYuan(editing.limitFen) : '');
  }
  if (!editing) return null;

  const submit = async () => {
    const input = { role: editing.role, kind: editing.kind, limit: value.trim() };
    const checked = approvalLimitBody.safeParse(input);
    if (!checked.success) return feedback.failure(new Error(checked.error.issues[0]?.message ?? '请检查填写的内容'));
    save.mutate(input, {
      onSuccess: () => {
        feedback.success('审批额度已保存');
        onClose();
      },
    });
  };

  return (
    <Modal open title={`${staffRoleLabels[editing.role]} · ${approvalKindLabels[editing.kind]}单笔上限`} okText="保存" cancelText="取消" onOk={() => void submit()} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label="单笔上限（元）" extra={`${kindHelp[editing.kind]}。留空表示不限；填 0 表示每一笔都需另一位同事审批。`}>
          <Input value={value} prefix="¥" inputMode="decimal" placeholder="不限" onChange={(event) => setValue(event.target.value)} aria-label="单笔上限" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /admin/approval-limits: 审批额度 — for each role, the most it books alone (and approves for
 * others) per kind. Above it the action waits in 待审批 for a second staff member.
 */
export default function ApprovalLimitsPage() {
  const { data, isFetching } = useLimits();
  const [editing, setEditing] = useState<ApprovalLimit | null>(null);
  const rows: Row[] = staffRoles.map((role) => ({ role, limits: Object.fromEntries((data ?? []).filter((l) => l.role === role).map((l) => [l.kind, l])) }));

  const columns: TableColumnsType<Row> = [
    { title: '角色', dataIndex: 'role', width: 120, render: (role: StaffRole) => staffRoleLabels[role] },
    ...APPROVAL_KINDS.map((kind) => ({
      title: approvalKindLabels[kind],
      key: kind,
      width: 200,
      render: (_: unknown, row: Row) => {
        const limit = row.limits[kind];
        if (!limit) return <span className="admin-muted">不办理</span>;
        return (
          <span>
            <strong>{limitText(limit.limitFen)}</strong>
            {limit.limitFen === 0 && <span className="admin-muted">（每笔需审批）</span>}
            <Button type="link" size="small" onClick={() => setEditing(limit)} aria-label={`修改${staffRoleLabels[row.role]}${approvalKindLabels[kind]}额度`}>
              修改
            </Button>
            {limit.updatedAt && <div className="admin-muted">{`${limit.updatedBy ?? ''} ${formatDateTime(limit.updatedAt)}`}</div>}
          </span>
        );
      },
    })),
  ];

  return (
    <AdminPage title="审批额度" description="每个角色单笔可直接办理、也可为同事审批的最高金额。超过额度的优惠券、退款和调账会提交到「待审批」，由另一位角色与额度都足够的同事通过后才办理；管理员可审批任何申请。">
      <AdminSection>
        <Alert
          type="info"
          showIcon
          className="admin-summary"
          title={`谁能审批：优惠券 — ${approvalKindRoles.coupon.map((r) => staffRoleLabels[r]).join('、')}；退款 — ${approvalKindRoles.refund.map((r) => staffRoleLabels[r]).join('、')}；调账 — ${approvalKindRoles.adjustment.map((r) => staffRoleLabels[r]).join('、')}；以及管理员。申请人不能审批自己的申请。`}
        />
        <Table<Row> className="admin-table" rowKey="role" size="middle" columns={columns} dataSource={rows} loading={isFetching} pagination={false} scroll={{ x: 760 }} />
      </AdminSection>
      <LimitModal editing={editing} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
