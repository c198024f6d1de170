import { Form, Input, Modal, Radio } from 'antd';
import { fenToYuan, formatFen, grantAllowanceBody, type GrantAllowance } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import '../../../components/member/member-forms.css';
import { grants } from '../api/grants';

interface Values {
  period?: 'total' | 'month';
  amount?: string;
  auto_limit?: string;
}

/** 设置成员额度: total or per month, and the auto-approve limit per order. */
export function AllowanceModal({ cardRid, allowance, onClose }: { cardRid: string; allowance: GrantAllowance; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const bodyOf = (values: Values) => ({ card_rid: cardRid, member_rid: allowance.memberRid, period: values.period ?? 'total', amount: values.amount ?? '', auto_limit: values.auto_limit ?? '' });
  const save = useApiMutation({
    mutationFn: (body: Parameters<typeof grants.setAllowance>[0]) => grants.setAllowance(body),
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('额度已保存');
      onClose();
    },
  });
  return (
    <Modal open title={`设置额度：${allowance.memberName}`} onCancel={onClose} onOk={() => form.submit()} okText="保存" confirmLoading={save.isPending} destroyOnHidden centered width={480}>
      <SchemaForm
        form={form}
        name="grant-allowance"
        schema={grantAllowanceBody}
        body={bodyOf}
        onSubmit={(_checked, values) => save.mutate(bodyOf(values))}
        layout="vertical"
        className="member-form"
        initialValues={{
          period: allowance.period ?? 'total',
          amount: allowance.period ? fenToYuan(allowance.amountFen) : '',
          auto_limit: allowance.period ? fenToYuan(allowance.autoLimitFen) : '',
        }}
      >
        <Form.Item label="额度周期" name="period" required>
          <Radio.Group
            options={[
              { value: 'total', label: '总额' },
              { value: 'month', label: '每月' },
            ]}
          />
        </Form.Item>
        <Form.Item label="额度（元）" name="amount" required extra={allowance.usedFen > 0 ? `本周期已使用 ${formatFen(allowance.usedFen)}，额度不能低于此金额` : '额度可以超过团体余额，实际扣款不会超过余额'}>
          <Input inputMode="decimal" placeholder="如 2000" />
        </Form.Item>
        <Form.Item label="单笔自动批准上限（元）" name="auto_limit" required extra="单笔订单不超过此金额且在额度内时直接支付，否则需要您审批；填 0 表示每笔都需审批">
          <Input inputMode="decimal" placeholder="如 500" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
