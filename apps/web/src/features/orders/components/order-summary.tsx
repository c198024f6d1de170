import { Button, Checkbox, Form } from 'antd';
import { useState } from 'react';
import { formatFen } from '@lab/contract';
import { AgreementModal } from './agreement-modal';
import type { OrderForm } from './use-order-form';

/** The agreement, the amounts as the server will price them, and 提交订单. */
export function OrderSummary({ form }: { form: OrderForm }) {
  const [agreementOpen, setAgreementOpen] = useState(false);
  const { totalFen, discountFen } = form;
  return (
    <div className="order-summary" role="region" aria-label="订单金额">
      <div className="order-agree">
        <Form.Item name="agree" valuePropName="checked" className="order-agree-field">
          <Checkbox>我已阅读并同意</Checkbox>
        </Form.Item>
        <Button type="link" className="order-agree-link" onClick={() => setAgreementOpen(true)}>
          《委托检测服务协议》
        </Button>
      </div>
      <dl className="order-totals">
        <dt>项目</dt>
        <dd>
          {form.lines.length} 项，样品 {form.sampleTotal} 件
        </dd>
        <dt>项目金额</dt>
        <dd data-testid="order-total">{formatFen(totalFen)}</dd>
        {form.chosenCoupon ? (
          <>
            <dt>优惠券（预计）</dt>
            <dd>-{formatFen(discountFen)}</dd>
          </>
        ) : null}
        <dt>应付金额</dt>
        <dd className="order-payable">{formatFen(Math.max(0, totalFen - discountFen))}</dd>
      </dl>
      <Button type="primary" size="large" htmlType="submit" loading={form.submitting} className="order-submit">
        提交订单
      </Button>
      <AgreementModal open={agreementOpen} onClose={() => setAgreementOpen(false)} onAgree={() => form.form.setFieldValue('agree', true)} />
    </div>
  );
}
