import { Alert, DatePicker, Form, Radio, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { DELIVERY_KINDS, deliveryLabels, isPickupDateDisabled, SELF_SEND_MESSAGE, type AddressEntity } from '@lab/contract';
import { PickupAddressChoice } from '../../../components/member/pickup-address-choice';
import type { OrderForm } from './use-order-form';

/** 送样方式: self-send (the lab's address) or a home pickup with the shared date and slot rules. */
export function OrderDeliverySection({ form }: { form: OrderForm }) {
  return (
    <section className="order-card" aria-labelledby="order-delivery-title">
      <h2 id="order-delivery-title" className="order-card-title">
        送样方式
      </h2>
      <Form.Item name="delivery" noStyle>
        <Radio.Group optionType="button" buttonStyle="solid" options={DELIVERY_KINDS.map((k) => ({ value: k, label: deliveryLabels[k] }))} aria-label="送样方式" />
      </Form.Item>
      {form.delivery === 'self' ? <SelfSend form={form} /> : <Pickup form={form} />}
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

/** The pickup address as a field: the member's addresses to pick from, or where to add one. */
function AddressField({ loading, addresses, value, onChange }: { loading: boolean; addresses: AddressEntity[]; value?: string | undefined; onChange?: (rid: string) => void }) {
  if (loading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (addresses.length === 0) {
    return (
      <p className="member-muted">
        还没有收件地址，<Link to="/member/address">去添加地址</Link>
      </p>
    );
  }
  return <PickupAddressChoice addresses={addresses} value={value} {...(onChange ? { onChange } : {})} />;
}

function Pickup({ form }: { form: OrderForm }) {
  const { setting, dateText } = form;
  return (
    <div className="order-pickup">
      {setting?.WxTip1 ? <Alert type="info" showIcon title={setting.WxTip1} /> : null}
      <Form.Item label="取样地址" name="address_rid" className="order-field">
        <AddressField loading={form.addresses.isPending} addresses={form.addressList} />
      </Form.Item>
      <div className="order-pickup-when">
        <Form.Item label="取样日期" name="date" className="order-field">
          <DatePicker
            placeholder="请选择取样日期"
            inputReadOnly
            showNow={false}
            aria-label="取样日期"
            disabledDate={(d) => !setting || isPickupDateDisabled(d.format('YYYY-MM-DD'), setting, new Date())}
            defaultPickerValue={dayjs()}
          />
        </Form.Item>
        <Form.Item label="取样时间" name="time" className="order-field" extra={dateText ? undefined : '请先选择日期'}>
          <Radio.Group className="slot-group" aria-label="取样时间">
            {form.slots.map((slot) => (
              <Radio.Button key={slot} value={slot} disabled={!dateText || form.closedSlots.has(slot)}>
                {slot}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      </div>
    </div>
  );
}
