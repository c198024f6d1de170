import { Alert, Button, Form, Input, Modal, Radio, Skeleton } from 'antd';
import { SchemaForm } from '../schema-form';
import { useSamplingForm } from './use-sampling-form';
import { PickupAddressFields, PickupTimeFields, SelfSendInfo } from './sampling-sections';
import './member-forms.css';
import { AntScope } from '../ant-scope';

/**
 * 上门取样 (spec 'Home sampling dialog'): type 0 self-send shows the lab's receiving address;
 * type 1 home pickup needs a date and slot the shared rules allow and an address, existing
 * (one where pickup is not offered is disabled, with the spec's tooltip) or new (its region
 * limited to allowRegion). The form's state and submit are useSamplingForm's; its parts are
 * sections (sampling-sections.tsx).
 */
function SamplingDialogContent() {
  const sampling = useSamplingForm();
  const { form, schema, body, settings, type, list, firstUsable, add, submit, close, loading } = sampling;

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
        <SchemaForm
          form={form}
          name="sampling"
          schema={schema}
          body={body}
          onSubmit={(checked) => add.mutate(checked)}
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
            <SelfSendInfo sampling={sampling} />
          ) : (
            <>
              <PickupTimeFields sampling={sampling} />
              <PickupAddressFields sampling={sampling} />
              <Form.Item label="备注" name="message">
                <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="样品数量、保存条件等（选填）" />
              </Form.Item>
            </>
          )}
        </SchemaForm>
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
