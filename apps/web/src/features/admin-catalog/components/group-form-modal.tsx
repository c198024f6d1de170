import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { CATALOG_GROUP_TAGS_MAX, serviceGroupAddBody, serviceTypeLabels, splitGroupTags, type AdminServiceGroup } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { ImageUpload } from '../../../components/admin/image-upload';
import { addServiceGroup, groupFields, updateServiceGroup, useCatalogMutation, type GroupFields } from '../api/save-group';

interface Values {
  typeId: number;
  name: string;
  img: string;
  tags: string[];
  sort: number | null;
  visible: boolean;
}

const typeOptions = [1, 2, 3].map((id) => ({ value: id, label: serviceTypeLabels[id] }));

/** The form's values as the save call takes them (the tags joined by |). */
const groupOf = (values: Values): GroupFields => ({ typeId: values.typeId, name: values.name ?? '', img: values.img ?? '', tags: (values.tags ?? []).join('|'), sort: values.sort ?? 0, visible: values.visible });

/** Adds a group to a service type, or edits one: name, picture, the tags under it, sort, shown or hidden. */
export function GroupFormModal({ open, editing, typeId, onClose }: { open: boolean; editing: AdminServiceGroup | null; typeId: number; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useCatalogMutation((fields: GroupFields) => (editing ? updateServiceGroup(editing.id, fields) : addServiceGroup(fields)));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { ...groupFields(editing), tags: splitGroupTags(editing.description) }
        : { typeId, name: '', img: '', tags: [], sort: 0, visible: true },
    );
  }, [open, editing, typeId, form]);

  const submit = (fields: GroupFields) =>
    save.mutate(fields, {
      onSuccess: () => {
        feedback.success(editing ? '分类已保存' : '分类已添加');
        onClose();
      },
    });

  return (
    <Modal title={editing ? `编辑分类：${editing.name}` : '新增分类'} open={open} onCancel={onClose} onOk={() => form.submit()} okText="保存" cancelText="取消" confirmLoading={save.isPending} destroyOnHidden>
      <SchemaForm
        form={form}
        name="service-group"
        schema={serviceGroupAddBody}
        body={(values) => ({ ...groupOf(values), visible: values.visible ? '1' : '0' })}
        layout="vertical"
        requiredMark
        onSubmit={(_checked, values) => submit(groupOf(values))}
      >
        <Form.Item label="服务类型" name="typeId" required extra={editing && editing.itemCount > 0 ? `改为其他类型时，分类下的 ${editing.itemCount} 个项目随之移动` : undefined}>
          <Select options={typeOptions} />
        </Form.Item>
        <Form.Item label="分类名称" name="name" required>
          <Input maxLength={30} placeholder="例如 结构表征" />
        </Form.Item>
        <Form.Item label="分类图片" name="img" required extra="首页和分类导航中显示；PNG、JPG 或 WEBP，不超过 5MB">
          <ImageUpload square aria-label="上传分类图片" />
        </Form.Item>
        <Form.Item label="标签" name="tags" extra={`显示在首页分类下，最多 ${CATALOG_GROUP_TAGS_MAX} 个；输入后回车`}>
          <Select mode="tags" tokenSeparators={['|', ',', '，']} open={false} suffixIcon={null} placeholder="例如 XRD、单晶衍射" aria-label="标签" />
        </Form.Item>
        <Form.Item label="排序" name="sort" extra="数字小的排在前面（0–9999）">
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="在网站显示" name="visible" valuePropName="checked" extra="隐藏后网站导航不再显示该分类">
          <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
