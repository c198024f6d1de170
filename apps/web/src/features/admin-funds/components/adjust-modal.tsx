import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Radio } from 'antd';
import { z } from 'zod';
import { formatFen, ownerKindLabels, requiredText, type AdminAccount } from '@lab/contract';
import { useGatedFeedback } from '../../../components/admin/use-gated-feedback';
import { OwnLimitHint } from '../../../components/admin/own-limit';
import { SchemaForm } from '../../../components/schema-form';
import { adjustBalance } from '../api/adjust-balance';
import { useFinanceMutation } from '../api/use-finance-mutation';
import { adjustmentPreview, newRequestId, type AdjustDirection } from './adjust-form';

interface Values {
  direction: AdjustDirection;
  amount: string;
  reason: string;
}

/** The form's check: the amount as the server reads it and what the balance allows (it never goes below zero), then the reason the member reads. */
const adjustmentSchema = (balanceFen: number, direction: AdjustDirection) =>
  z.object({
    direction: z.enum(['in', 'out']),
    amount: z.string().superRefine((text, ctx) => {
      const preview = adjustmentPreview(balanceFen, direction, text);
      if (!preview.ok) ctx.addIssue({ code: 'custom', message: preview.message });
    }),
    reason: requiredText('调整原因', 200),
  });

/**
 * 调账: add to or take from an account's prepaid funds, with the reason the member reads and
 * the log keeps. The balance after is shown as typed; taking money out asks once more.
 */
export function AdjustModal({ account, onClose }: { account: AdminAccount | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const direction = Form.useWatch('direction', form) ?? 'in';
  const amount = Form.useWatch('amount', form) ?? '';
  const [requestId, setRequestId] = useState(newRequestId);
  const { modal } = App.useApp();
  const gated = useGatedFeedback();
  const adjust = useFinanceMutation(adjustBalance);

  useEffect(() => {
    if (account) form.resetFields();
    setRequestId(newRequestId());
  }, [account, form]);
  if (!account) return null;

  const preview = amount.trim() ? adjustmentPreview(account.balanceFen, direction, amount) : null;
  const owner = `${ownerKindLabels[account.ownerKind]}「${account.ownerName}」`;

  const confirm = ({ amount: text, reason }: { amount: string; reason: string }) => {
    const checked = adjustmentPreview(account.balanceFen, direction, text);
    if (!checked.ok) return;
    const change = `${direction === 'in' ? '增加' : '扣减'} ${formatFen(Math.abs(checked.amountFen))}`;
    modal.confirm({
      title: `确认为${owner}${change}？`,
      content: `调整后余额 ${formatFen(checked.afterFen)}。调账会记入资金明细和操作日志，并通知会员，不能撤销。`,
      okText: '确认调账',
      okButtonProps: { danger: direction === 'out' },
      cancelText: '取消',
      onOk: () =>
        adjust.mutate(
          { ownerKind: account.ownerKind, ownerRid: account.ownerRid, amount: checked.amount, reason, requestId },
          {
            onSuccess: (result) => {
              gated(result, '余额已调整');
              onClose();
            },
          },
        ),
    });
  };

  return (
    <Modal open title="调账" okText="调账" cancelText="取消" onOk={() => form.submit()} onCancel={onClose} confirmLoading={adjust.isPending} destroyOnHidden width={520}>
      <div className="finance-balance">
        <span>{owner}</span>
        <span>
          当前余额 <strong>{formatFen(account.balanceFen)}</strong>
        </span>
      </div>
      <SchemaForm
        form={form}
        name="adjust"
        schema={adjustmentSchema(account.balanceFen, direction)}
        layout="vertical"
        requiredMark
        initialValues={{ direction: 'in', amount: '', reason: '' }}
        onSubmit={confirm}
      >
        <Form.Item label="调整方向" name="direction" required>
          <Radio.Group
            options={[
              { value: 'in', label: '增加（补录、补偿）' },
              { value: 'out', label: '扣减（冲正、退款）' },
            ]}
          />
        </Form.Item>
        <Form.Item label="金额（元）" name="amount" required extra={preview?.ok ? <span className="finance-after">{`调整后余额 ${formatFen(preview.afterFen)}`}</span> : undefined}>
          <Input inputMode="decimal" prefix="¥" placeholder="例如 100.50" aria-label="调整金额" />
        </Form.Item>
        <Form.Item label="调整原因" name="reason" required extra="会员在余额明细与站内消息中可见">
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：线下转账补录 / 重复入账冲正" aria-label="调整原因" />
        </Form.Item>
      </SchemaForm>
      <OwnLimitHint kind="adjustment" what="调账金额（增加或扣减）" />
    </Modal>
  );
}
