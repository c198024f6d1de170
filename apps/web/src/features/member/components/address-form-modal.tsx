import { Checkbox, Form, Input, Modal } from 'antd';
import { addressAddBody, addressEditBody, type AddressEntity } from '@lab/contract';
import { RegionCascader } from '../../../components/member/region-cascader';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import '../../../components/member/member-forms.css';
import { saveAddress } from '../api/save-address';

interface Values {
  name?: string;
  phone?: string;
  address_code?: string;
  address?: string;
  isDefault?: boolean;
}

/** 新增 / 编辑地址: name, phone (11), region cascader over the full table, detailed address, default. */
export function AddressFormModal({ editing, onClose }: { editing: AddressEntity | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useApiMutation({
    mutationFn: saveAddress,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success(editing ? '地址已保存' : '地址已添加');
      onClose();
    },
  });

  /** the form's values as the call takes them: the switch as '1'/'0', the address's rid when editing */
  const body = (values: Values) => ({
    name: values.name,
    phone: values.phone,
    address_code: values.address_code,
    address: values.address,
    default: values.isDefault ? '1' : '0',
    ...(editing ? { address_rid: editing.address_rid } : {}),
  });

  return (
    <Modal
      open
      title={editing ? '编辑地址' : '新增地址'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
      centered
      width={560}
    >
      <SchemaForm
        form={form}
        name="address"
        schema={editing ? addressEditBody : addressAddBody}
        body={body}
        onSubmit={(checked) => save.mutate(checked)}
        layout="vertical"
        className="member-form"
        initialValues={
          editing
            ? { name: editing.name, phone: editing.phone, address_code: editing.address_code, address: editing.address, isDefault: editing.default === 1 }
            : { isDefault: false }
        }
      >
        <div className="member-form-grid">
          <Form.Item label="姓名" name="name" required>
            <Input maxLength={30} placeholder="收件人姓名" />
          </Form.Item>
          <Form.Item label="手机" name="phone" required>
            <Input maxLength={11} inputMode="numeric" placeholder="11 位手机号" />
          </Form.Item>
        </div>
        <Form.Item label="所在地区" name="address_code" required>
          <RegionCascader />
        </Form.Item>
        <Form.Item label="详细地址" name="address" required>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="街道、门牌号、楼栋与房间号" />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox disabled={editing?.default === 1}>设为默认地址</Checkbox>
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
