import { useEffect, useState } from 'react';
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
import { SchemaForm } from '../../../components/schema-form';
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
  const [form] = Form.useForm<{ limit: string }>();
  const save = useSaveLimit();
  const start = editing && editing.limitFen !== null ? fenToYuan(editing.limitFen) : '';
  // a new cell opened: start from its current limit
  useEffect(() => {
    if (editing) form.setFieldsValue({ limit: start });
  }, [editing, start, form]);
  if (!editing) return null;

  const input = (limit: string) => ({ role: editing.role, kind: editing.kind, limit: limit.trim() });

  return (
    <Modal open title={`${staffRoleLabels[editing.role]} · ${approvalKindLabels[editing.kind]}单笔上限`} okText="保存" cancelText="取消" onOk={() => form.submit()} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <SchemaForm
        form={form}
        name="approval-limit"
        schema={approvalLimitBody}
        body={(values) => input(values.limit ?? '')}
        layout="vertical"
        initialValues={{ limit: start }}
        onSubmit={(_checked, values) =>
          save.mutate(input(values.limit ?? ''), {
            onSuccess: () => {
              feedback.success('审批额度已保存');
              onClose();
            },
          })
        }
      >
        <Form.Item label="单笔上限（元）" name="limit" extra={`${kindHelp[editing.kind]}。留空表示不限；填 0 表示每一笔都需另一位同事审批。`}>
          <Input prefix="¥" inputMode="decimal" placeholder="不限" aria-label="单笔上限" />
        </Form.Item>
      </SchemaForm>
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
