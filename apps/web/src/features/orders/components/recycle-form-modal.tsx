import { Form, Input, Modal, Select } from 'antd';
import { recycleAddBody } from '@lab/contract';
import { useAddresses } from '../../member/api/addresses/list-addresses';
import { AddressFields, addressBody, type AddressValues } from '../../../components/member/address-fields';
import { RegionCascader } from '../../../components/member/region-cascader';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { addRecycle } from '../api/add-recycle';

interface Values extends AddressValues {
  order_no?: string;
  samples?: string;
  message?: string;
}

/** 申请寄回样品: what to send back, and where (an address on file or a new one). */
export function RecycleFormModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { data: addresses = [] } = useAddresses();
  const add = useApiMutation({
    mutationFn: addRecycle,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('提交成功!');
      onClose();
    },
  });
  const mode = Form.useWatch('addressMode', form) ?? (addresses.length ? 'existing' : 'new');
  const fallback = addresses[0]?.address_rid;

  /** the form's values as the call takes them: the address as its rid or its fields */
  const body = (v: Values) => ({ order_no: v.order_no, samples: v.samples, ...addressBody({ ...v, addressMode: v.addressMode ?? mode }, fallback), message: v.message });

  return (
    <Modal open title="申请寄回样品" onCancel={onClose} onOk={() => form.submit()} okText="提交申请" confirmLoading={add.isPending} destroyOnHidden centered width={560}>
      <p className="member-muted">检测完成且全部付款后，剩余样品将在 48 小时内寄回。</p>
      <SchemaForm
        form={form}
        name="recycle"
        schema={recycleAddBody}
        body={body}
        onSubmit={(checked) => add.mutate(checked)}
        layout="vertical"
        className="member-form"
        initialValues={{ addressMode: addresses.length ? 'existing' : 'new', address_rid: fallback }}
      >
        <Form.Item label="样品说明" name="samples" required>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="如：XRD 粉末样品 3 份，编号 S1-S3" />
        </Form.Item>
        <Form.Item label="订单编号" name="order_no">
          <Input maxLength={40} placeholder="选填" />
        </Form.Item>
        <AddressFields
          label="收件地址"
          mode={mode}
          existing={addresses.length}
          choice={<Select options={addresses.map((a) => ({ value: a.address_rid, label: `${a.name} ${a.phone} ${a.province}${a.city === a.province ? '' : a.city}${a.area}${a.address}` }))} />}
          region={{ label: '所在地区', cascader: <RegionCascader /> }}
        />
        <Form.Item label="备注" name="message">
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} placeholder="选填" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
