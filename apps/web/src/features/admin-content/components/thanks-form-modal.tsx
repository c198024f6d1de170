import { useEffect } from 'react';
import { DatePicker, Form, Input, Modal, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { thanksAddBody, type AdminThanks } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { addThanks, editThanks } from '../api/save-thanks';
import { useContentMutation } from '../api/use-content-mutation';
import { checkForm } from './check-form';

interface Values {
  company: string;
  title: string;
  code: string;
  content: string;
  sketch: string;
  source: string;
  published: Dayjs | null;
  visible: boolean;
}

/** Adds or edits a paper that acknowledges the lab: the home page's table and /list/thanks. */
export function ThanksFormModal({ open, editing, onClose }: { open: boolean; editing: AdminThanks | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  // the form is checked in the call, so a missing field shows as the call's failure does
  const save = useContentMutation((values: Values) => {
    const body = checkForm(thanksAddBody, { ...values, published: values.published ? values.published.format('YYYY-MM-DD') : undefined, visible: values.visible ? '1' : '0' });
    return editing ? editThanks({ ...body, id: editing.id }) : addThanks(body);
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        company: editing.company,
        title: editing.title,
        code: editing.code,
        content: editing.content,
        sketch: editing.sketch,
        source: editing.source ?? '',
        published: dayjs(editing.published),
        visible: editing.visible,
      });
    }
  }, [open, editing, form]);

  const submit = () =>
    save.mutate(form.getFieldsValue(true) as Values, {
      onSuccess: () => {
        feedback.success(editing ? '论文致谢已保存' : '论文致谢已添加');
        onClose();
      },
    });

  return (
    <Modal
      title={editing ? '编辑论文致谢' : '新增论文致谢'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ company: '', title: '', code: '', content: '', sketch: '', source: '', published: null, visible: true }}>
        <Form.Item label="作者单位" name="company" required>
          <Input maxLength={100} placeholder="如：华东理工大学 化学与分子工程学院" />
        </Form.Item>
        <div className="content-form-row">
          <Form.Item label="服务项目" name="title" required style={{ flex: 1, minWidth: 200 }}>
            <Input maxLength={100} placeholder="如：XPS、球差电镜" />
          </Form.Item>
          <Form.Item label="发表日期" name="published" extra="留空为今天" style={{ minWidth: 180 }}>
            <DatePicker placeholder="今天" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item label="期刊信息" name="code" required>
          <Input maxLength={200} placeholder="如：Advanced Materials, 2026, 38: 2405123" />
        </Form.Item>
        <Form.Item label="致谢内容" name="content" required extra="论文致谢部分提到本中心的原文">
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item label="文章摘要" name="sketch">
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item label="原文链接" name="source" extra="选填，如 https://doi.org/…">
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
        <Form.Item label="在网站上显示" name="visible" valuePropName="checked">
          <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
