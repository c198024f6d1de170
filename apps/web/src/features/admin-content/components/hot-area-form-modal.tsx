import { useEffect } from 'react';
import { AutoComplete, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { hotAreaAddBody, serviceTypeLabels, type AdminHotArea } from '@lab/contract';
import { ImageUpload } from '../../../components/admin/image-upload';
import { feedback } from '../../../lib/feedback';
import { useTypeGroups } from '../../../api/catalog/type-groups';
import { addHotArea, editHotArea } from '../api/save-hot-area';
import { useContentMutation } from '../api/use-content-mutation';
import { checkForm } from './check-form';

interface Values {
  name: string;
  img: string;
  sketch: string;
  typeId: number;
  title: string;
  sort: number | null;
  visible: boolean;
}

const typeOptions = [1, 2, 3].map((typeId) => ({ value: typeId, label: serviceTypeLabels[typeId] }));

/** Adds or edits a hot area: its card (name, picture, sketch) and the service category it opens. */
export function HotAreaFormModal({ open, editing, onClose }: { open: boolean; editing: AdminHotArea | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  // the form is checked in the call, so a missing field shows as the call's failure does
  const save = useContentMutation((values: Values) => {
    const body = checkForm(hotAreaAddBody, { ...values, sort: values.sort ?? undefined, visible: values.visible ? '1' : '0' });
    return editing ? editHotArea({ ...body, id: editing.id }) : addHotArea(body);
  });
  const typeId = Form.useWatch('typeId', form) as number | undefined;
  const groups = useTypeGroups(typeId, { enabled: typeId !== undefined });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ name: editing.name, img: editing.img, sketch: editing.sketch, typeId: editing.typeId, title: editing.title, sort: editing.sort, visible: editing.visible });
  }, [open, editing, form]);

  const submit = () =>
    save.mutate(form.getFieldsValue(true) as Values, {
      onSuccess: () => {
        feedback.success(editing ? '热门专区已保存' : '热门专区已添加');
        onClose();
      },
    });

  return (
    <Modal
      title={editing ? `编辑热门专区：${editing.name}` : '新增热门专区'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      width={600}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: '', img: '', sketch: '', typeId: 1, title: '', sort: null, visible: true }}>
        <Form.Item label="名称" name="name" required>
          <Input maxLength={30} showCount placeholder="如：新能源电池专区" />
        </Form.Item>
        <Form.Item label="图片" name="img" required extra="卡片配图，建议 16:9（如 800×450）；PNG、JPG 或 WEBP，不超过 5MB">
          <ImageUpload aria-label="上传专区图片" />
        </Form.Item>
        <Form.Item label="简介" name="sketch">
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="一句话说明专区包含的测试" />
        </Form.Item>
        <div className="content-form-row">
          <Form.Item label="服务类型" name="typeId" required style={{ minWidth: 160 }}>
            <Select options={typeOptions} onChange={() => form.setFieldValue('title', '')} aria-label="服务类型" />
          </Form.Item>
          <Form.Item label="跳转分类" name="title" required extra="点击卡片打开该分类的项目列表" style={{ flex: 1, minWidth: 220 }}>
            <AutoComplete
              options={(groups.data ?? []).map((group) => ({ value: group.name }))}
              placeholder="选择或输入分类名称"
              filterOption={(input, option) => String(option?.value ?? '').includes(input)}
              aria-label="跳转分类"
            />
          </Form.Item>
        </div>
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
