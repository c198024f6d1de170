import { Alert, Button, Form, Input, Modal } from 'antd';
import { z } from 'zod';
import { fenToYuan, formatFen, withdrawAddBody, type WithdrawMethod } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { SchemaForm } from '../../../components/schema-form';
import { addWithdrawal } from '../api/add-withdrawal';
import { WithdrawTargetFields } from './bank-fields';
import { checkWithdrawAmount } from './promotion-format';

interface Values {
  amount?: string;
  method?: WithdrawMethod;
  account_name?: string;
  bank_name?: string;
  bank_account?: string;
}

interface Props {
  withdrawableFen: number;
  minWithdrawFen: number;
  onClose: () => void;
}

function WithdrawForm({ withdrawableFen, minWithdrawFen, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const method = Form.useWatch('method', form);
  const withdraw = useApiMutation({
    mutationFn: addWithdrawal,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('提现申请已提交，等待财务审核');
      onClose();
    },
  });
  const tooLittle = withdrawableFen < minWithdrawFen;

  // what this member may take out (at least the minimum, at most what is withdrawable), checked
  // first, then the contract's body
  const schema = z
    .object({
      amount: z.string().superRefine((text, ctx) => {
        const amount = checkWithdrawAmount(text, withdrawableFen, minWithdrawFen);
        if (amount.error !== null) ctx.addIssue({ code: 'custom', message: amount.error });
      }),
    })
    .and(withdrawAddBody);

  return (
    <>
      <p className="promo-dialog-lead">
        可提现 <strong data-testid="dialog-withdrawable">{formatFen(withdrawableFen)}</strong>，单笔不低于 {formatFen(minWithdrawFen)}，财务审核后打款。
      </p>
      {tooLittle ? <Alert className="promo-dialog-alert" type="info" showIcon title={`可提现金额满 ${formatFen(minWithdrawFen)} 后即可申请提现`} /> : null}
      <SchemaForm
        form={form}
        name="withdraw"
        schema={schema}
        body={(values) => ({ ...values, amount: (values.amount ?? '').trim() })}
        layout="vertical"
        className="member-form"
        initialValues={{ method: 'bank' }}
        onSubmit={(body) => withdraw.mutate(body.method === 'bank' ? body : { amount: body.amount, method: body.method })}
      >
        <Form.Item label="提现金额（元）" name="amount" required>
          <Input inputMode="decimal" prefix="¥" maxLength={16} placeholder={`最多 ${fenToYuan(withdrawableFen)} 元`} disabled={tooLittle} />
        </Form.Item>
        {tooLittle ? null : (
          <p className="promo-all-line">
            <Button type="link" size="small" onClick={() => form.setFieldValue('amount', fenToYuan(withdrawableFen))}>
              全部提现
            </Button>
          </p>
        )}
        <WithdrawTargetFields method={method} />
        <div className="promo-dialog-actions">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" htmlType="submit" loading={withdraw.isPending} disabled={tooLittle}>
            提交申请
          </Button>
        </div>
      </SchemaForm>
    </>
  );
}

/** 申请提现: an amount (yuan, at least the minimum, at most what is withdrawable) to a bank card or to prepaid funds. */
export function WithdrawDialog({ open, ...props }: Props & { open: boolean }) {
  return (
    <Modal open={open} title="申请提现" onCancel={props.onClose} footer={null} destroyOnHidden centered>
      <WithdrawForm {...props} />
    </Modal>
  );
}
