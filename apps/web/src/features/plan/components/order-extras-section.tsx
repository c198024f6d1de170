import { Input, Select } from 'antd';
import { Link } from 'react-router';
import { formatFen, invoiceTypeLabels, isSpecialInvoice, SPECIAL_INVOICE_NEEDS_UNIT } from '@lab/contract';
import { couponEstimate, couponValue } from './coupon-estimate';
import { OrderFieldError } from './order-field-error';
import type { OrderForm } from './use-order-form';

const INVOICE_CHOICES = [0, 1, 3, 2, 4] as const;

/** 联系人、优惠与发票: contact and phone (the account's to start with), a coupon wish, an invoice wish, a remark. */
export function OrderExtrasSection({ form }: { form: OrderForm }) {
  const { choices, couponList, errorAt } = form;
  return (
    <section className="order-card" aria-labelledby="order-extra-title">
      <h2 id="order-extra-title" className="order-card-title">
        联系人、优惠与发票
      </h2>
      <div className="order-grid">
        <label className="order-field">
          <span>联系人</span>
          <Input value={form.contact} maxLength={40} aria-label="联系人" status={errorAt('contact') ? 'error' : undefined} onChange={(e) => form.choose({ contact: e.target.value })} />
          <OrderFieldError text={errorAt('contact')} />
        </label>
        <label className="order-field">
          <span>联系电话</span>
          <Input
            value={form.phone}
            maxLength={11}
            inputMode="numeric"
            aria-label="联系电话"
            status={errorAt('phone') ? 'error' : undefined}
            onChange={(e) => form.choose({ phone: e.target.value.trim() })}
          />
          <OrderFieldError text={errorAt('phone')} />
        </label>
        <div className="order-field">
          <span>优惠券</span>
          <Select
            allowClear
            value={choices.coupon_rid}
            placeholder={couponList.length ? '不使用优惠券' : '暂无可用优惠券'}
            disabled={couponList.length === 0}
            aria-label="优惠券"
            onChange={(v: string | undefined) => form.choose({ coupon_rid: v })}
            options={couponList.map((c) => {
              const estimate = couponEstimate(c, form.priced);
              return {
                value: c.rid,
                disabled: Boolean(estimate.reason),
                label: `${c.name}（${estimate.reason ? `${couponValue(c)}，${estimate.reason}` : `预计优惠 ${formatFen(estimate.discountFen)}`}）`,
              };
            })}
          />
          <small className="member-muted">优惠金额在支付时按订单核算，支付时也可更换</small>
        </div>
        <div className="order-field">
          <span>发票需求</span>
          <Select
            value={choices.invoice_type}
            aria-label="发票需求"
            onChange={(v: number) => form.chooseInvoiceType(v)}
            options={INVOICE_CHOICES.map((t) => ({ value: t, label: invoiceTypeLabels[t] }))}
          />
        </div>
        {choices.invoice_type > 0 ? <InvoiceTitle form={form} /> : null}
      </div>
      <label className="order-field">
        <span>订单备注</span>
        <Input.TextArea
          value={choices.remark}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder="给实验室的其他说明（选填）"
          onChange={(e) => form.choose({ remark: e.target.value })}
        />
      </label>
    </section>
  );
}

function InvoiceTitle({ form }: { form: OrderForm }) {
  const type = form.choices.invoice_type;
  const error = form.errorAt('invoice_title_rid');
  return (
    <div className="order-field">
      <span>发票抬头</span>
      {form.titleList.length === 0 && !form.titles.isPending ? (
        <p className="member-muted">
          还没有发票抬头，<Link to="/member/invoiceMg">去添加抬头</Link>
        </p>
      ) : (
        <Select
          value={form.choices.invoice_title_rid}
          allowClear
          placeholder="可稍后在申请开票时选择"
          aria-label="发票抬头"
          status={error ? 'error' : undefined}
          onChange={(v: string | undefined) => form.choose({ invoice_title_rid: v })}
          options={form.titleList.map((t) => ({ value: t.rid, disabled: isSpecialInvoice(type) && !t.specialReady, label: `${t.title}${t.kind === 'unit' ? '（单位）' : '（个人）'}` }))}
        />
      )}
      {isSpecialInvoice(type) ? <small className="member-muted">{SPECIAL_INVOICE_NEEDS_UNIT}</small> : null}
      <OrderFieldError text={error} />
    </div>
  );
}
