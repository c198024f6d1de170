import { Form } from 'antd';
import { useLocation } from 'react-router';
import { SmsPurpose, smsLoginForm, type SmsLoginBody } from '@lab/contract';
import type { z } from 'zod';
import { accounts } from '../api/accounts';
import { SchemaForm } from '../../../components/schema-form';
import { useCompleteLogin } from '../use-complete-login';
import { PhoneCodeFields } from './phone-code-fields';
import { SubmitButton } from './submit-button';
import { AgreementTicks } from './agreement-ticks';
import { useApiMutation } from '../../../lib/use-api-mutation';

type Values = z.input<typeof smsLoginForm>;

/**
 * 短信登录: a phone seen for the first time becomes a member, so the ticks of registration are
 * here too (用户协议 and 隐私政策 required, 营销短信 optional). On the phone's side of a WeChat QR
 * login (/wx/confirm) a new account is registered as through WeChat.
 */
export function SmsLoginForm() {
  const [form] = Form.useForm<Values>();
  const { pathname } = useLocation();
  const completeLogin = useCompleteLogin();
  const login = useApiMutation({
    mutationFn: async (body: SmsLoginBody) => completeLogin(await accounts.loginBySms(body), 'sms'),
  });

  const submit = (body: z.output<typeof smsLoginForm>) => login.mutate({ ...body, ...(pathname.startsWith('/wx/confirm') ? { via: 'wechat' as const } : {}) });

  return (
    <SchemaForm form={form} name="sms-login" schema={smsLoginForm} className="auth-form" initialValues={{ phone: '', code: '', agreement: false, marketingSms: false }} onSubmit={submit}>
      <PhoneCodeFields useFor={SmsPurpose.login} />
      <p className="auth-note">未注册的手机号验证后将自动注册为会员</p>
      <AgreementTicks />
      <SubmitButton busy={login.isPending}>登录</SubmitButton>
    </SchemaForm>
  );
}
