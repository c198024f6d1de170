import { useEffect } from 'react';
import { Button, Form, Input } from 'antd';
import { localInfoBody, type LocalInfo } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { saveLocalInfo } from '../api/save-settings';
import { useContentMutation } from '../api/use-content-mutation';
import { SchemaForm } from '../../../components/schema-form';

/** 联系信息: the lab's address, phone and e-mail, and where members send their samples. */
export function LocalInfoForm({ saved }: { saved: LocalInfo }) {
  const [form] = Form.useForm<LocalInfo>();
  const save = useContentMutation(saveLocalInfo);

  useEffect(() => form.setFieldsValue(saved), [saved, form]);

  return (
    <SchemaForm form={form} name="local-info" schema={localInfoBody} layout="vertical" initialValues={saved} onSubmit={(body) => save.mutate(body, { onSuccess: () => feedback.success('联系信息已保存') })}>
      <Form.Item label="联系地址" name="address" required>
        <Input maxLength={200} />
      </Form.Item>
      <div className="content-form-row">
        <Form.Item label="联系电话" name="phone" required style={{ flex: 1, minWidth: 200 }}>
          <Input maxLength={40} placeholder="如 400-820-6688" />
        </Form.Item>
        <Form.Item label="联系邮箱" name="email" style={{ flex: 1, minWidth: 200 }}>
          <Input maxLength={100} placeholder="service@example.cn" />
        </Form.Item>
      </div>
      <Form.Item label="寄样地址" name="express" required extra="会员选择自行寄样时看到的收件人、电话与地址">
        <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <div className="content-actions">
        <Button onClick={() => form.setFieldsValue(saved)} disabled={save.isPending}>
          撤销修改
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存联系信息
        </Button>
      </div>
    </SchemaForm>
  );
}
