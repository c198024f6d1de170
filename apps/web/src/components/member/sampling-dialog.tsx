import { Alert, Button, DatePicker, Empty, Form, Input, Modal, Radio, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  disabledSlots,
  isPickupDateDisabled,
  pickupSlots,
  samplingAddBody,
  SELF_SEND_MESSAGE,
} from '@lab/contract';
import { ApiError } from '../../lib/api';
import { useSiteSettings } from '../../api/content/site-settings';
import { useAddresses } from '../../api/addresses/list-addresses';
import { PickupAddressChoice } from './pickup-address-choice';
import { addSampling } from '../../api/pickups/add-sampling';
import { RegionCascader } from './region-cascader';
import { checkWithSchema, clearChangedErrors } from './schema-form';
import { memberDataKeys } from '../../api/refresh';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';
import { samplingDialog } from './sampling-dialog-store';
import { App } from 'antd';
import './member-forms.css';
import { AntScope } from '../ant-scope';

interface Values {
  type: '0' | '1';
  date?: Dayjs | null;
  time?: string;
  addressMode: 'existing' | 'new';
  address_rid?: string;
  name?: string;
  phone?: string;
  address_code?: string;
  address?: string;
  message?: string;
}


/**
 * 上门取样 (spec 'Home sampling dialog'): type 0 self-send shows the lab's receiving address;
 * type 1 home pickup needs a date and slot the shared rules allow and an address, existing
 * (one where pickup is not offered is disabled, with the spec's tooltip) or new (its region
 * limited to allowRegion).
 */
function SamplingDialogContent() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const settings = useSiteSettings();
  const addresses = useAddresses();
  const type = Form.useWatch('type', form) ?? '1';
  const date = Form.useWatch('date', form);
  const addressMode = Form.useWatch('addressMode', form) ?? 'existing';
  const close = () => samplingDialog.close();
  const add = useApiMutation({
    mutationFn: addSampling,
    invalidates: memberDataKeys,
    // the dialog shows its own failure (spec: name, code and message)
    handlesError: () => true,
    onSuccess: () => {
      feedback.success('提交成功!');
      close();
      void navigate('/member/sample');
    },
    onError: (error) => {
      // spec: submission exceptions show name, code and message
      const name = error instanceof Error ? error.name : 'Error';
      const code = error instanceof ApiError ? error.status : '-';
      const text = error instanceof Error ? error.message : String(error);
      modal.error({
        title: '提交失败',
        centered: true,
        okText: '确定',
        content: (
          <dl className="sampling-error">
            <dt>名称</dt>
            <dd>{name}</dd>
            <dt>代码</dt>
            <dd>{code}</dd>
            <dt>信息</dt>
            <dd>{text}</dd>
          </dl>
        ),
      });
    },
  });

  const list = useMemo(() => addresses.data ?? [], [addresses.data]);
  const firstUsable = list.find((a) => !a.disabled);
  const setting = settings.data?.samplingSetting;
  const dateText = date ? date.format('YYYY-MM-DD') : null;
  const slots = setting ? pickupSlots(setting) : [];
  const closedSlots = setting && dateText ? disabledSlots(dateText, setting, new Date()) : new Set<string>();

  const submit = () => {
    const values = form.getFieldsValue(true) as Values;
    if (values.type === '0') return close();
    const raw = {
      type: values.type,
      date: values.date ? values.date.format('YYYY-MM-DD') : '',
      time: values.time ?? '',
      ...(values.addressMode === 'existing'
        ? { address_rid: values.address_rid ?? '' }
        : { name: values.name, phone: values.phone, address_code: values.address_code, address: values.address }),
      message: values.message,
    };
    if (values.addressMode === 'existing' && !values.address_rid) {
      form.setFields([{ name: 'address_rid', errors: ['请选择取样地址'] }]);
      return;
    }
    const body = checkWithSchema(samplingAddBody, raw, form);
    if (!body) return;
    add.mutate(body);
  };

  const loading = settings.isPending || addresses.isPending;

  return (
    <Modal
      open
      title="上门取样"
      onCancel={close}
      width={680}
      centered
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={add.isPending} disabled={loading} onClick={submit}>
          {type === '0' ? '我知道了' : '提交预约'}
        </Button>,
      ]}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : settings.isError ? (
        <Alert type="error" showIcon title="取样设置加载失败" description={settings.error.message} />
      ) : (
        <Form
          form={form} onValuesChange={clearChangedErrors(form)}
          layout="vertical"
          className="member-form sampling-form"
          initialValues={{ type: '1', addressMode: firstUsable || list.length ? 'existing' : 'new', address_rid: firstUsable?.address_rid }}
        >
          <Form.Item label="取样方式" name="type">
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: '1', label: '上门取样' },
                { value: '0', label: '自行寄样' },
              ]}
            />
          </Form.Item>
          {type === '0' ? (
            <div className="self-send" data-testid="self-send">
              <Alert type="info" showIcon title={SELF_SEND_MESSAGE} />
              <dl>
                <dt>收件信息</dt>
                <dd>{settings.data?.localInfo.express}</dd>
                <dt>联系电话</dt>
                <dd>{settings.data?.localInfo.phone}</dd>
              </dl>
            </div>
          ) : (
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
              <Form.Item label="取样地址" name="addressMode">
                <Radio.Group
                  options={[
                    { value: 'existing', label: '选择已有地址', disabled: list.length === 0 },
                    { value: 'new', label: '填写新地址' },
                  ]}
                />
              </Form.Item>
              {addressMode === 'existing' ? (
                list.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有地址，请填写新地址" />
                ) : (
                  <Form.Item name="address_rid">
                    <PickupAddressChoice addresses={list} />
                  </Form.Item>
                )
              ) : (
                <>
                  <div className="member-form-grid">
                    <Form.Item label="姓名" name="name" required>
                      <Input maxLength={30} placeholder="联系人姓名" />
                    </Form.Item>
                    <Form.Item label="手机" name="phone" required>
                      <Input maxLength={11} inputMode="numeric" placeholder="11 位手机号" />
                    </Form.Item>
                  </div>
                  <Form.Item label="取样地址" name="address_code" required extra="上门取样目前仅在已开通的城市提供">
                    <RegionCascader allowRegion={settings.data?.allowRegion ?? []} placeholder="请选择取样所在区县" />
                  </Form.Item>
                  <Form.Item label="详细地址" name="address" required>
                    <Input maxLength={200} placeholder="街道、门牌号、楼栋与房间号" />
                  </Form.Item>
                </>
              )}
              <Form.Item label="备注" name="message">
                <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="样品数量、保存条件等（选填）" />
              </Form.Item>
            </>
          )}
        </Form>
      )}
    </Modal>
  );
}

/** Loaded lazily, it brings antd along and puts antd's providers around itself (components/ant-scope). */
export default function SamplingDialog() {
  return (
    <AntScope>
      <SamplingDialogContent />
    </AntScope>
  );
}
