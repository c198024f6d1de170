import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Radio } from 'antd';
import { formatFen, ownerKindLabels, requiredText, type AdminAccount } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useGatedFeedback } from '../../../components/admin/use-gated-feedback';
import { OwnLimitHint } from '../../../components/admin/own-limit';
import { adjustBalance } from '../api/adjust-balance';
import { useFinanceMutation } from '../api/use-finance-mutation';
import { adjustmentPreview, newRequestId, type AdjustDirection } from './adjust-form';

/**
 * 调账: add to or take from an account's prepaid funds, with the reason the member reads and
 * the log keeps. The balance after is shown as typed; taking money out asks once more.
 */
export function AdjustModal({ account, onClose }: { account: AdminAccount | null; onClose: () => void }) {
  const [direction, setDirection] = useState<AdjustDirection>('in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const { modal } = App.useApp();
  const gated = useGatedFeedback();
  const adjust = useFinanceMutation(adjustBalance);

  useEffect(() => {
    setDirection('in');
    setAmount('');
    setReason('');
    setRequestId(newRequestId());
  }, [account]);
  if (!account) return null;

  const preview = amount.trim() ? adjustmentPreview(account.balanceFen, direction, amount) : null;
  const owner = `${ownerKindLabels[account.ownerKind]}「${account.ownerName}」`;

  const send = async (signed: string) => {
    adjust.mutate({ ownerKind: account.ownerKind, ownerRid: account.ownerRid, amount: signed, reason: reason.trim(), requestId }, {
      onSuccess: (result) => {
        gated(result, '余额已调整');
        onClose();
      },
    });
  };

  const submit = () => {
    const checked = adjustmentPreview(account.balanceFen, direction, amount);
    if (!checked.ok) return feedback.failure(new Error(checked.message));
    const why = requiredText('调整原因', 200).safeParse(reason);
    if (!why.success) return feedback.failure(new Error(why.error.issues[0]?.message ?? '[调整原因]不能为空'));
    const change = `${direction === 'in' ? '增加' : '扣减'} ${formatFen(Math.abs(checked.amountFen))}`;
    modal.confirm({
      title: `确认为${owner}${change}？`,
      content: `调整后余额 ${formatFen(checked.afterFen)}。调账会记入资金明细和操作日志，并通知会员，不能撤销。`,
      okText: '确认调账',
      okButtonProps: { danger: direction === 'out' },
      cancelText: '取消',
      onOk: () => send(checked.amount),
    });
  };

  return (
    <Modal open title="调账" okText="调账" cancelText="取消" onOk={submit} onCancel={onClose} confirmLoading={adjust.isPending} destroyOnHidden width={520}>
      <div className="finance-balance">
        <span>{owner}</span>
        <span>
          当前余额 <strong>{formatFen(account.balanceFen)}</strong>
        </span>
      </div>
      <Form layout="vertical" requiredMark>
        <Form.Item label="调整方向" required>
          <Radio.Group
            value={direction}
            onChange={(event) => setDirection(event.target.value as AdjustDirection)}
            options={[
              { value: 'in', label: '增加（补录、补偿）' },
              { value: 'out', label: '扣减（冲正、退款）' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="金额（元）"
          required
          validateStatus={preview && !preview.ok ? 'error' : undefined}
          help={preview ? (preview.ok ? <span className="finance-after">{`调整后余额 ${formatFen(preview.afterFen)}`}</span> : preview.message) : undefined}
        >
          <Input value={amount} inputMode="decimal" prefix="¥" placeholder="例如 100.50" onChange={(event) => setAmount(event.target.value)} aria-label="调整金额" />
        </Form.Item>
        <Form.Item label="调整原因" required extra="会员在余额明细与站内消息中可见">
          <Input.TextArea value={reason} rows={3} maxLength={200} showCount placeholder="例如：线下转账补录 / 重复入账冲正" onChange={(event) => setReason(event.target.value)} aria-label="调整原因" />
        </Form.Item>
      </Form>
      <OwnLimitHint kind="adjustment" what="调账金额（增加或扣减）" />
    </Modal>
  );
}
