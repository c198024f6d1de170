import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { partnerAddBody, type AdminPartner } from '@lab/contract';
import { ImageUpload } from '../../../components/admin/image-upload';
import { feedback } from '../../../lib/feedback';
import { addPartner, editPartner } from '../api/save-partner';
import { useContentMutation } from '../api/use-content-mutation';
import { checkForm } from './check-form';

interface Values {
  name: string;
  img: string;
  sort: number | null;
  visible: boolean;
}

/** Adds or edits a partner logo of the home page's strip. */
export function PartnerFormModal({ open, editing, onClose }: { open: boolean; editing: AdminPartner | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  // the form is checked in the call, so a missing field shows as the call's failure does
  const save = useContentMutation((values: Values) => {
    const body = checkForm(partnerAddBody, { ...values, sort: values.sort ?? undefined, visible: values.visible ? '1' : '0' });
    return editing ? editPartner({ ...body, id: editing.id }) : addPartner(body);
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ name: editing.name, img: editing.img, sort: editing.sort, visible: editing.visible });
  }, [open, editing, form]);

  const submit = () =>
    save.mutate(form.getFieldsValue(true) as Values, {
      onSuccess: () => {
        feedback.success(editing ? '合作机构已保存' : '合作机构已添加');
        onClose();
      },
    });

  return (
    <Modal
      title={editing ? `编辑合作机构：${editing.name}` : '新增合作机构'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: '', img: '', sort: null, visible: true }}>
        <Form.Item label="机构名称" name="name" required extra="同时作为标志图片的替代文字">
          <Input maxLength={60} showCount placeholder="如：华东材料研究院" />
        </Form.Item>
        <Form.Item label="标志" name="img" required extra="透明或白底的横版标志，建议 320×120；PNG、JPG 或 WEBP，不超过 5MB">
          <ImageUpload square aria-label="上传机构标志" />
        </Form.Item>
        <div className="content-form-row">
          <Form.Item label="排序" name="sort" extra="数字小的在前；留空排在最后" style={{ minWidth: 200 }}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} placeholder="自动" />
          </Form.Item>
          <Form.Item label="在首页显示" name="visible" valuePropName="checked">
            <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
