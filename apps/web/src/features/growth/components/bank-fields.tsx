import { Form, Input, Radio } from 'antd';
import { WITHDRAW_METHODS, withdrawMethodLabels, type WithdrawMethod } from '@lab/contract';

/** 提现方式 and, for 银行卡, the account (name, bank, number): the fields of both withdrawal dialogs. */
export function WithdrawTargetFields({ method }: { method: WithdrawMethod | undefined }) {
  return (
    <>
      <Form.Item label="提现方式" name="method" required>
        <Radio.Group
          aria-label="提现方式"
          optionType="button"
          buttonStyle="solid"
          options={WITHDRAW_METHODS.map((m) => ({ value: m, label: withdrawMethodLabels[m] }))}
        />
      </Form.Item>
      {method === 'bank' ? (
        <>
          <Form.Item label="开户名" name="account_name" required>
            <Input maxLength={50} autoComplete="name" placeholder="与身份证一致的姓名或单位名称" />
          </Form.Item>
          <Form.Item label="开户行" name="bank_name" required>
            <Input maxLength={100} placeholder="如：中国工商银行上海徐汇支行" />
          </Form.Item>
          <Form.Item label="银行账号" name="bank_account" required normalize={(v: string) => v.replace(/\s/g, '')}>
            <Input inputMode="numeric" maxLength={30} placeholder="8–30 位数字" />
          </Form.Item>
        </>
      ) : (
        <p className="promo-method-note">提现金额经财务审核后转入您的预存款账户，可直接用于支付检测订单。</p>
      )}
    </>
  );
}
