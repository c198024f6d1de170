import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { formatFen } from '@lab/contract';
import { AgreementModal } from './agreement-modal';
import { OrderFieldError } from './order-field-error';
import { shownInline, type OrderForm } from './use-order-form';

/** The agreement, the amounts as the server will price them, a problem no field shows, and 提交订单. */
export function OrderSummary({ form }: { form: OrderForm }) {
  const [agreementOpen, setAgreementOpen] = useState(false);
  const { problem, totalFen, discountFen } = form;
  return (
    <div className="order-summary" role="region" aria-label="订单金额">
      <div className="order-agree">
        <Checkbox checked={form.choices.agree} onChange={(e) => form.choose({ agree: e.target.checked })}>
          我已阅读并同意
        </Checkbox>
        <Button type="link" className="order-agree-link" onClick={() => setAgreementOpen(true)}>
          《委托检测服务协议》
        </Button>
        <OrderFieldError className="order-error" text={form.errorAt('agree')} />
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
      {problem && !shownInline(problem.key) ? (
        <p className="order-error" role="alert">
          {problem.text}
        </p>
      ) : null}
      <Button type="primary" size="large" loading={form.submitting} onClick={form.submit} className="order-submit">
        提交订单
      </Button>
      <AgreementModal open={agreementOpen} onClose={() => setAgreementOpen(false)} onAgree={() => form.choose({ agree: true })} />
    </div>
  );
}
