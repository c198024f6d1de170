import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { bannerAddBody, type AdminBanner } from '@lab/contract';
import { ImageUpload } from '../../../components/admin/image-upload';
import { feedback } from '../../../lib/feedback';
import { addBanner, editBanner } from '../api/save-banner';
import { useContentMutation } from '../api/use-content-mutation';
import { BannerLinkField } from './banner-link-field';
import { checkForm } from './check-form';

interface Values {
  img: string;
  title: string;
  description: string;
  redirect: string;
  sort: number | null;
  visible: boolean;
}

/** Adds a banner or edits one: picture, title and description over it, where it leads, order, shown or not. */
export function BannerFormModal({ open, editing, onClose }: { open: boolean; editing: AdminBanner | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  // the form is checked in the call, so a missing field shows as the call's failure does
  const save = useContentMutation((values: Values) => {
    const body = checkForm(bannerAddBody, { ...values, sort: values.sort ?? undefined, visible: values.visible ? '1' : '0' });
    return editing ? editBanner({ ...body, id: editing.id }) : addBanner(body);
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({ img: editing.img, title: editing.title ?? '', description: editing.description ?? '', redirect: editing.redirect ?? '', sort: editing.sort, visible: editing.visible });
    }
  }, [open, editing, form]);

  const submit = () =>
    save.mutate(form.getFieldsValue(true) as Values, {
      onSuccess: () => {
        feedback.success(editing ? '轮播图已保存' : '轮播图已添加');
        onClose();
      },
    });

  return (
    <Modal
      title={editing ? '编辑轮播图' : '新增轮播图'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ img: '', title: '', description: '', redirect: '', sort: null, visible: true }}>
        <Form.Item label="图片" name="img" required extra="首页通栏大图，建议 1920×480 像素；PNG、JPG 或 WEBP，不超过 5MB">
          <ImageUpload aria-label="上传轮播图" />
        </Form.Item>
        <Form.Item label="标题" name="title" extra="选填，显示在图片上">
          <Input maxLength={60} showCount placeholder="如：一站式科研检测服务平台" />
        </Form.Item>
        <Form.Item label="描述" name="description" extra="选填，标题下方的一行说明">
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item label="点击后" name="redirect">
          <BannerLinkField itemName={editing?.redirectItem?.name ?? null} />
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
