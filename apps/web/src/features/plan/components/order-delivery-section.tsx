import { Alert, DatePicker, Radio, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { DELIVERY_KINDS, deliveryLabels, isPickupDateDisabled, SELF_SEND_MESSAGE, type DeliveryKind } from '@lab/contract';
import { PickupAddressChoice } from '../../../components/member/pickup-address-choice';
import { OrderFieldError } from './order-field-error';
import type { OrderForm } from './use-order-form';

/** 送样方式: self-send (the lab's address) or a home pickup with the shared date and slot rules. */
export function OrderDeliverySection({ form }: { form: OrderForm }) {
  return (
    <section className="order-card" aria-labelledby="order-delivery-title">
      <h2 id="order-delivery-title" className="order-card-title">
        送样方式
      </h2>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={form.choices.delivery}
        onChange={(e) => form.choose({ delivery: e.target.value as DeliveryKind })}
        options={DELIVERY_KINDS.map((k) => ({ value: k, label: deliveryLabels[k] }))}
        aria-label="送样方式"
      />
      {form.choices.delivery === 'self' ? <SelfSend form={form} /> : <Pickup form={form} />}
    </section>
  );
}

function SelfSend({ form: { settings } }: { form: OrderForm }) {
  return (
    <div className="order-self" data-testid="self-send">
      <Alert type="info" showIcon title={SELF_SEND_MESSAGE} />
      {settings.data ? (
        <dl className="order-dl">
          <dt>收件信息</dt>
          <dd>{settings.data.localInfo.express || settings.data.localInfo.address}</dd>
          <dt>联系电话</dt>
          <dd>{settings.data.localInfo.phone}</dd>
        </dl>
      ) : settings.isError ? (
        <p className="order-error">收样地址加载失败，请刷新页面重试</p>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
    </div>
  );
}

function Pickup({ form }: { form: OrderForm }) {
  const { setting, dateText } = form;
  return (
    <div className="order-pickup">
      {setting?.WxTip1 ? <Alert type="info" showIcon title={setting.WxTip1} /> : null}
      <div className="order-field">
        <span>取样地址</span>
        {form.addresses.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : form.addressList.length === 0 ? (
          <p className="member-muted">
            还没有收件地址，<Link to="/member/address">去添加地址</Link>
          </p>
        ) : (
          <PickupAddressChoice addresses={form.addressList} value={form.addressRid} onChange={(rid) => form.choose({ address_rid: rid })} />
        )}
        <OrderFieldError text={form.errorAt('address_rid')} />
      </div>
      <div className="order-pickup-when">
        <div className="order-field">
          <span>取样日期</span>
          <DatePicker
            value={form.choices.date}
            placeholder="请选择取样日期"
            inputReadOnly
            showNow={false}
            aria-label="取样日期"
            status={form.errorAt('date') ? 'error' : undefined}
            disabledDate={(d) => !setting || isPickupDateDisabled(d.format('YYYY-MM-DD'), setting, new Date())}
            // another day has other free slots: the slot is chosen again
            onChange={(d) => form.choose({ date: d, time: undefined })}
            defaultPickerValue={dayjs()}
          />
          <OrderFieldError text={form.errorAt('date')} />
        </div>
        <div className="order-field">
          <span>取样时间</span>
          <Radio.Group className="slot-group" aria-label="取样时间" value={form.choices.time} onChange={(e) => form.choose({ time: e.target.value as string })}>
            {form.slots.map((slot) => (
              <Radio.Button key={slot} value={slot} disabled={!dateText || form.closedSlots.has(slot)}>
                {slot}
              </Radio.Button>
            ))}
          </Radio.Group>
          {dateText ? null : <small className="member-muted">请先选择日期</small>}
          <OrderFieldError text={form.errorAt('time')} />
        </div>
      </div>
    </div>
  );
}
