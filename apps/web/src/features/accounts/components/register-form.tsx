import { Form, Input } from 'antd';
import { GiftOutlined, LockOutlined } from '@ant-design/icons';
import { SmsPurpose, signForm, type SignBody } from '@lab/contract';
import type { z } from 'zod';
import { accounts } from '../api/accounts';
import { loginPanel } from '../../../lib/login-panel';
import { AgreementTicks } from './agreement-ticks';
import { SchemaForm } from '../../../components/schema-form';
import { ensurePasswordStrength, usePasswordStrength } from '../../../lib/password-strength';
import { feedback } from '../../../lib/feedback';
import { PhoneCodeFields } from './phone-code-fields';
import { SubmitButton } from './submit-button';
import { useApiMutation } from '../../../lib/use-api-mutation';

type Values = z.input<typeof signForm>;

/** 注册: phone, code, password twice, and the inviter code an invite link brought along. */
export function RegisterForm({ inviterCode }: { inviterCode: string | null }) {
  const [form] = Form.useForm<Values>();
  usePasswordStrength();
  const register = useApiMutation({
    mutationFn: (body: SignBody) => accounts.register(body),
    onSuccess: (_answer, body) => {
      feedback.success('注册成功!');
      loginPanel.show('log', { account: body.phone });
    },
  });

  const submit = (checked: z.output<typeof signForm>) =>
    register.mutate({ phone: checked.phone, code: checked.code, password: checked.password, inviterCode: checked.inviterCode || undefined, agreement: checked.agreement, marketingSms: checked.marketingSms });

  return (
    <SchemaForm
      form={form}
      name="register"
      schema={signForm}
      // the password's strength is checked by a library loaded on demand
      ready={ensurePasswordStrength}
      className="auth-form"
      autoComplete="off"
      initialValues={{ phone: '', code: '', password: '', confirmPassword: '', inviterCode: inviterCode ?? '', agreement: false, marketingSms: false }}
      onSubmit={submit}
    >
      <PhoneCodeFields useFor={SmsPurpose.register} />
      {/* the rule under the field, not in the placeholder: a phone-wide field cut it (issue 31) */}
      <Form.Item name="password" extra="至少10位，不要用常见组合">
        <Input.Password size="large" name="password" aria-label="密码" placeholder="设置密码" prefix={<LockOutlined />} maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword">
        <Input.Password size="large" name="confirmPassword" aria-label="确认密码" placeholder="请再次输入密码" prefix={<LockOutlined />} maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="inviterCode">
        <Input size="large" name="inviterCode" aria-label="邀请码" placeholder="邀请码（选填）" prefix={<GiftOutlined />} maxLength={32} />
      </Form.Item>
      <AgreementTicks />
      <SubmitButton busy={register.isPending}>注册</SubmitButton>
    </SchemaForm>
  );
}
