import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { formatFen, prestoreAddBody, type AssetOverview, type PrestoreApplication, type PrestoreReady } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { addPrestore } from '../api/add-prestore';
import { bonusPreview, topupAmount, topupFen } from './money';
import { SchemaForm } from '../../../components/schema-form';
import { BankAccountCard } from './bank-account';

interface Values {
  amount?: string;
  target?: string;
  payer?: string;
  remark?: string;
}

/** The live line under the amount: the bonus this amount earns, once it is one (its problem is the form's, on submit). */
export function BonusPreview({ amount, ready }: { amount: string; ready: Pick<PrestoreReady, 'rules' | 'minAmountFen'> }) {
  const fen = topupFen(amount, ready.minAmountFen);
  if (fen === null) return <p className="funds-preview is-muted">{ready.rules[0] ? `输入金额后显示赠送金额（${ready.rules[0].text}）` : '输入预存金额'}</p>;
  const preview = bonusPreview(fen, ready.rules);
  return (
    <p className={preview.bonusFen > 0 ? 'funds-preview is-bonus' : 'funds-preview'} data-testid="bonus-preview" aria-live="polite">
      {preview.text}
    </p>
  );
}

/** 申请预存: amount (yuan), which account, payer, remark; then the transfer instructions. */
export function PrestoreForm({ ready, communities }: { ready: PrestoreReady; communities: AssetOverview['communities'] }) {
  const [form] = Form.useForm<Values>();
  const amount = Form.useWatch('amount', form) ?? '';
  const [created, setCreated] = useState<PrestoreApplication | null>(null);
  const add = useApiMutation({
    mutationFn: addPrestore,
    invalidates: memberDataKeys,
    onSuccess: (application) => {
      setCreated(application);
      feedback.success('预存申请已提交');
      form.resetFields();
    },
  });
  const bodyOf = (values: Values) => ({ amount: (values.amount ?? '').trim(), community_rid: values.target || undefined, payer: values.payer, remark: values.remark });

  return (
    <section className="member-card funds-apply" aria-label="申请预存">
      <h2 className="member-card-title">申请预存</h2>
      {created ? (
        <Alert
          className="funds-created"
          type="success"
          showIcon
          title={`预存申请 ${created.applyNo} 已提交，金额 ${formatFen(created.amountFen)}${created.bonusFen > 0 ? `，到账后赠送 ${formatFen(created.bonusFen)}` : ''}`}
          description="请按下方账户对公转账，转账备注填写预存单号，转账后在下方「预存申请」中上传转账凭证，财务确认到账后余额即时更新。"
          closable={{ onClose: () => setCreated(null) }}
        />
      ) : null}
      <div className="funds-apply-grid">
        <SchemaForm
          form={form}
          name="prestore"
          schema={prestoreAddBody.extend({ amount: topupAmount(ready.minAmountFen) })}
          body={bodyOf}
          places={{ community_rid: 'target' }}
          layout="vertical"
          className="member-form"
          initialValues={{ amount: '', target: '' }}
          onSubmit={(_checked, values) => add.mutate(bodyOf(values))}
        >
          <Form.Item label="预存金额（元）" name="amount" required extra={<BonusPreview amount={amount} ready={ready} />}>
            <Input inputMode="decimal" prefix="¥" placeholder={`不少于 ${ready.minAmountFen / 100} 元，最多两位小数`} maxLength={16} />
          </Form.Item>
          {communities.length > 0 ? (
            <Form.Item label="预存到" name="target">
              <Select options={[{ value: '', label: '我的账户' }, ...communities.map((c) => ({ value: c.rid, label: `科研团体：${c.name}` }))]} />
            </Form.Item>
          ) : null}
          <Form.Item label="付款户名" name="payer" extra="转出账户的户名，便于财务核对到账">
            <Input maxLength={100} placeholder="如：复旦大学 / 某某科技有限公司" />
          </Form.Item>
          <Form.Item label="备注" name="remark">
            <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="选填" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending} block>
            提交预存申请
          </Button>
        </SchemaForm>
        <div className="funds-transfer-to">
          <h3>对公转账账户</h3>
          <BankAccountCard bank={ready.bank} {...(created ? { applyNo: created.applyNo } : {})} />
          <p className="member-muted">转账时请在备注中填写预存单号（提交申请后生成），到账确认一般在 1 个工作日内完成。</p>
        </div>
      </div>
    </section>
  );
}
