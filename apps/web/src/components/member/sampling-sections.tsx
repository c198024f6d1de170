import { Alert, DatePicker, Empty, Form, Radio } from 'antd';
import dayjs from 'dayjs';
import { isPickupDateDisabled, SELF_SEND_MESSAGE } from '@lab/contract';
import { AddressFields } from './address-fields';
import { PickupAddressChoice } from './pickup-address-choice';
import { RegionCascader } from './region-cascader';
import type { SamplingForm } from './use-sampling-form';

/** The parts of the 上门取样 dialog (sampling-dialog.tsx), inside its antd Form. */

/** 自行寄样: where to send the samples. */
export function SelfSendInfo({ sampling }: { sampling: SamplingForm }) {
  const info = sampling.settings.data?.localInfo;
  return (
    <div className="self-send" data-testid="self-send">
      <Alert type="info" showIcon title={SELF_SEND_MESSAGE} />
      <dl>
        <dt>收件信息</dt>
        <dd>{info?.express}</dd>
        <dt>联系电话</dt>
        <dd>{info?.phone}</dd>
      </dl>
    </div>
  );
}

/** 上门取样's day (the ones the shared rules allow) and its open slots. */
export function PickupTimeFields({ sampling }: { sampling: SamplingForm }) {
  const { form, setting, dateText, slots, closedSlots } = sampling;
  return (
    <>
      {setting?.WxTip1 ? <Alert className="member-form-note" type="info" showIcon title={setting.WxTip1} /> : null}
      <div className="member-form-grid">
        <Form.Item label="取样日期" name="date" required>
          <DatePicker
            style={{ width: '100%' }}
            placeholder="请选择取样日期"
            inputReadOnly
            showNow={false}
            disabledDate={(d) => !setting || isPickupDateDisabled(d.format('YYYY-MM-DD'), setting, new Date())}
            onChange={() => form.setFieldValue('time', undefined)}
            defaultPickerValue={dayjs()}
          />
        </Form.Item>
        <Form.Item label="取样时间" name="time" required extra={dateText ? null : '请先选择日期'}>
          <Radio.Group className="slot-group" aria-label="取样时间">
            {slots.map((slot) => (
              <Radio.Button key={slot} value={slot} disabled={!dateText || closedSlots.has(slot)}>
                {slot}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      </div>
    </>
  );
}

/** The pickup address: one of the member's (those without pickup disabled) or a new one in an open region. */
export function PickupAddressFields({ sampling }: { sampling: SamplingForm }) {
  const { addressMode, list, settings } = sampling;
  return (
    <AddressFields
      label="取样地址"
      mode={addressMode}
      existing={list.length}
      choice={<PickupAddressChoice addresses={list} />}
      none={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有地址，请填写新地址" />}
      region={{
        label: '取样地址',
        extra: '上门取样目前仅在已开通的城市提供',
        cascader: <RegionCascader allowRegion={settings.data?.allowRegion ?? []} placeholder="请选择取样所在区县" />,
      }}
      placeholders={{ name: '联系人姓名', phone: '11 位手机号', address: '街道、门牌号、楼栋与房间号' }}
    />
  );
}
