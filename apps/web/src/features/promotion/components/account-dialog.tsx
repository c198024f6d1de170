import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { formatFen, withdrawUpdateBody, type Withdrawal, type WithdrawMethod } from '@lab/contract';
import { useFeedback } from '../../../lib/use-feedback';
import { refreshMemberData } from '../../../components/member/member-keys';
import { checkWithSchema, clearChangedErrors } from '../../../components/member/schema-form';
import { updateWithdrawal } from '../api/update-withdrawal';
import { WithdrawTargetFields } from './bank-fields';

interface Values {
  method?: WithdrawMethod;
  account_name?: string;
  bank_name?: string;
  bank_account?: string;
}

function AccountForm({ withdrawal, onClose }: { withdrawal: Withdrawal; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const method = Form.useWatch('method', form);
  const feedback = useFeedback();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = form.getFieldsValue(true) as Values;
    const body = checkWithSchema(withdrawUpdateBody, { ...values, rid: withdrawal.rid }, form);
    if (!body) return;
    setSaving(true);
    try {
      await updateWithdrawal(body.method === 'bank' ? body : { rid: body.rid, method: body.method });
      feedback.success('收款信息已更新');
      refreshMemberData();
      onClose();
    } catch (e) {
      feedback.failure(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <p className="promo-dialog-lead">
        提现金额 <strong>{formatFen(withdrawal.amountFen)}</strong>
        {withdrawal.bank ? `，当前收款账户：${withdrawal.bank.bankName} ${withdrawal.bank.account}` : `，当前方式：${withdrawal.methodText}`}。银行账号请完整填写。
      </p>
      <Form
        form={form}
        name="withdraw-account"
        layout="vertical"
        className="member-form"
        initialValues={{ method: withdrawal.method, account_name: withdrawal.bank?.accountName, bank_name: withdrawal.bank?.bankName }}
        onValuesChange={clearChangedErrors(form)}
        onFinish={() => void submit()}
      >
        <WithdrawTargetFields method={method} />
        <div className="promo-dialog-actions">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
        </div>
      </Form>
    </>
  );
}

/** 修改收款信息 of a pending withdrawal: the method and the bank account (the list shows the number masked). */
export function AccountDialog({ withdrawal, onClose }: { withdrawal: Withdrawal | null; onClose: () => void }) {
  // the last one opened stays in the dialog while it closes
  const [shown, setShown] = useState(withdrawal);
  if (withdrawal !== null && withdrawal !== shown) setShown(withdrawal);
  return (
    <Modal open={withdrawal !== null} title="修改收款信息" onCancel={onClose} footer={null} destroyOnHidden centered>
      {shown ? <AccountForm key={shown.rid} withdrawal={shown} onClose={onClose} /> : null}
    </Modal>
  );
}
