import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { CheckCircleFilled } from '../../../components/icons';
import { indexMessageBody, type IndexMessageBody } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useAddIndexMessage } from '../api/add-index-message';

type Field = keyof IndexMessageBody;
type Values = Partial<Record<Field, string>>;

/** The contract's schema checks each field, so the form says what the server would say. */
const rule = (field: Field) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const result = indexMessageBody.shape[field].safeParse(value ?? (field === 'company' ? undefined : ''));
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '填写有误');
  },
});

/** Contact page: a visitor's consultation, POST /api/open/indexMsg/add. */
export function ConsultForm({ initialContent }: { initialContent?: string | undefined }) {
  const [form] = Form.useForm<Values>();
  const mutation = useAddIndexMessage();
  const [sent, setSent] = useState(false);

  const submit = (values: Values) => {
    const parsed = indexMessageBody.safeParse({ ...values, company: values.company || undefined });
    if (!parsed.success) {
      feedback.error(parsed.error.issues[0]?.message ?? '请检查填写内容');
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        form.resetFields();
        setSent(true);
        feedback.success('提交成功!');
      },
    });
  };

  if (sent) {
    return (
      <div className="cnt-sent" role="status">
        <CheckCircleFilled className="cnt-sent-icon" aria-hidden />
        <h3>咨询已提交</h3>
        <p>顾问将在工作时间内尽快与您电话联系，请保持手机畅通。</p>
        <Button onClick={() => setSent(false)}>再次咨询</Button>
      </div>
    );
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="cnt-form"
      onFinish={submit}
      initialValues={{ content: initialContent }}
      requiredMark
      aria-label="在线咨询"
    >
      <div className="cnt-form-grid">
        <Form.Item label="姓名" name="name" required rules={[rule('name')]}>
          <Input maxLength={30} autoComplete="name" placeholder="您的称呼" />
        </Form.Item>
        <Form.Item label="手机号" name="phone" required rules={[rule('phone')]}>
          <Input maxLength={11} inputMode="numeric" autoComplete="tel" placeholder="便于顾问与您联系" />
        </Form.Item>
      </div>
      <Form.Item label="单位" name="company" rules={[rule('company')]}>
        <Input maxLength={100} autoComplete="organization" placeholder="学校 / 院系或公司名称（选填）" />
      </Form.Item>
      <Form.Item label="咨询内容" name="content" required rules={[rule('content')]}>
        <Input.TextArea rows={5} maxLength={1000} showCount placeholder="请描述样品类型、测试项目、数量与期望周期等" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={mutation.isPending} block>
        提交咨询
      </Button>
    </Form>
  );
}
