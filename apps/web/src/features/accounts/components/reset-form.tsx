import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { SmsPurpose, resetForm, type ResetBody } from '@lab/contract';
import type { z } from 'zod';
import { accounts } from '../api/accounts';
import { loginPanel } from '../../../lib/login-panel';
import { SchemaForm } from '../../../components/schema-form';
import { ensurePasswordStrength, usePasswordStrength } from '../../../lib/password-strength';
import { feedback } from '../../../lib/feedback';
import { PhoneCodeFields } from './phone-code-fields';
import { SubmitButton } from './submit-button';
import { useApiMutation } from '../../../lib/use-api-mutation';

type Values = z.input<typeof resetForm>;

/** 重置密码: phone, code, the new password twice; success leads to the login view. */
export function ResetForm() {
  const [form] = Form.useForm<Values>();
  usePasswordStrength();
  const reset = useApiMutation({
    mutationFn: (body: ResetBody) => accounts.resetPassword(body),
    onSuccess: (_answer, body) => {
      feedback.success('密码重置成功!');
      loginPanel.show('log', { account: body.account });
    },
  });

  const submit = (checked: z.output<typeof resetForm>) => reset.mutate({ account: checked.account, code: checked.code, password: checked.password });

  return (
    <SchemaForm
      form={form}
      name="reset-password"
      schema={resetForm}
      // the password's strength is checked by a library loaded on demand
      ready={ensurePasswordStrength}
      className="auth-form"
      autoComplete="off"
      initialValues={{ account: '', code: '', password: '', confirmPassword: '' }}
      onSubmit={submit}
    >
      <PhoneCodeFields phoneName="account" phonePlaceholder="请输入注册手机号" useFor={SmsPurpose.reset} />
      <Form.Item name="password" extra="至少10位，不要用常见组合">
        <Input.Password size="large" name="password" aria-label="新密码" placeholder="设置新密码" prefix={<LockOutlined />} maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword">
        <Input.Password size="large" name="confirmPassword" aria-label="确认密码" placeholder="请再次输入新密码" prefix={<LockOutlined />} maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <SubmitButton busy={reset.isPending}>重置密码</SubmitButton>
    </SchemaForm>
  );
}
