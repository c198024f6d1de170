import { Button, Form, Input, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { formatFen, invoiceTypeLabels, isSpecialInvoice, SPECIAL_INVOICE_NEEDS_UNIT, type InvoiceTitle } from '@lab/contract';
import { InvoiceTitleModal } from '../../../components/member/invoice-title-modal';
import { couponEstimate, couponValue } from './coupon-estimate';
import { ClaimCoupons } from './claim-coupons';
import type { OrderForm } from './use-order-form';

const INVOICE_CHOICES = [0, 1, 3, 2, 4] as const;

/** A phone number as typed, without the spaces a paste brings along. */
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** 联系人、优惠与发票: contact and phone (the account's to start with), a coupon wish, an invoice wish, a remark. */
export function OrderExtrasSection({ form }: { form: OrderForm }) {
  const { couponList } = form;
  return (
    <section className="order-card" aria-labelledby="order-extra-title">
      <h2 id="order-extra-title" className="order-card-title">
        联系人、优惠与发票
      </h2>
      <div className="order-grid">
        <Form.Item label="联系人" name="contact" className="order-field">
          <Input maxLength={40} aria-label="联系人" />
        </Form.Item>
        <Form.Item label="联系电话" name="phone" normalize={trimmed} className="order-field">
          <Input maxLength={11} inputMode="numeric" aria-label="联系电话" />
        </Form.Item>
        <Form.Item
          label="优惠券"
          name="coupon_rid"
          className="order-field"
          extra={
            <>
              优惠金额在支付时按订单核算，支付时也可更换
              <ClaimCoupons
                onClaimed={(coupon) => {
                  // claimed here to be used here: chosen when it fits the order
                  if (!couponEstimate(coupon, form.priced).reason) {
                    form.form.setFieldValue('coupon_rid', coupon.rid);
                    form.saveDraft();
                  }
                }}
              />
            </>
          }
        >
          <Select
            allowClear
            placeholder={couponList.length ? '不使用优惠券' : '暂无可用优惠券'}
            disabled={couponList.length === 0}
            aria-label="优惠券"
            options={couponList.map((c) => {
              const estimate = couponEstimate(c, form.priced);
              return {
                value: c.rid,
                disabled: Boolean(estimate.reason),
                label: `${c.name}（${estimate.reason ? `${couponValue(c)}，${estimate.reason}` : `预计优惠 ${formatFen(estimate.discountFen)}`}）`,
              };
            })}
          />
        </Form.Item>
        <Form.Item label="发票需求" name="invoice_type" className="order-field">
          <Select aria-label="发票需求" options={INVOICE_CHOICES.map((t) => ({ value: t, label: invoiceTypeLabels[t] }))} />
        </Form.Item>
        {form.invoiceType > 0 ? <InvoiceTitle form={form} /> : null}
      </div>
      <Form.Item label="订单备注" name="remark" className="order-field">
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="给实验室的其他说明（选填）" />
      </Form.Item>
    </section>
  );
}

/** The invoice's title as a field: the member's titles (a special invoice needs a unit ready for it), or the first one to add. */
function TitleField({ form, value, onChange, onAdd }: { form: OrderForm; value?: string | undefined; onChange?: (rid: string | undefined) => void; onAdd: () => void }) {
  const type = form.invoiceType;
  if (form.titleList.length === 0 && !form.titles.isPending) {
    return (
      <p className="member-muted">
        还没有发票抬头，
        <Button type="link" size="small" className="order-inline-link" onClick={onAdd}>
          添加抬头
        </Button>
      </p>
    );
  }
  return (
    <Select
      value={value}
      allowClear
      placeholder="可稍后在申请开票时选择"
      aria-label="发票抬头"
      onChange={onChange}
      options={form.titleList.map((t) => ({ value: t.rid, disabled: isSpecialInvoice(type) && !t.specialReady, label: `${t.title}${t.kind === 'unit' ? '（单位）' : '（个人）'}` }))}
    />
  );
}

/**
 * 发票抬头, with its 新增抬头 dialog inside checkout (leaving for 发票抬头 cost a detour, issue 31):
 * the title saved there is read into the list and chosen, and the draft keeps it.
 */
function InvoiceTitle({ form }: { form: OrderForm }) {
  const [adding, setAdding] = useState(false);
  const chosen = async (title: InvoiceTitle) => {
    // chosen once the list holds it, so the select never shows a bare rid
    await form.titles.refetch();
    if (!isSpecialInvoice(form.invoiceType) || title.specialReady) {
      form.form.setFieldValue('invoice_title_rid', title.rid);
      form.saveDraft();
    }
  };
  const hasTitles = form.titleList.length > 0;
  return (
    <>
      <Form.Item
        label="发票抬头"
        name="invoice_title_rid"
        className="order-field"
        extra={
          <>
            {isSpecialInvoice(form.invoiceType) ? SPECIAL_INVOICE_NEEDS_UNIT : null}
            {hasTitles ? (
              <Button type="link" size="small" className="order-inline-link" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                新增抬头
              </Button>
            ) : null}
          </>
        }
      >
        <TitleField form={form} onAdd={() => setAdding(true)} />
      </Form.Item>
      {adding ? <InvoiceTitleModal editing={null} onClose={() => setAdding(false)} onSaved={(title) => void chosen(title)} /> : null}
    </>
  );
}
