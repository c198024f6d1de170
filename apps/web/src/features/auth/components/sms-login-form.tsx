import { Form } from 'antd';
import { SmsPurpose, smsLoginBody, type SmsLoginBody } from '@lab/contract';
import { accounts } from '../../../api/accounts';
import { checkWithSchema, clearChangedErrors } from '../../../lib/schema-form';
import { useCompleteLogin } from '../use-complete-login';
import { PhoneCodeFields } from './phone-code-fields';
import { SubmitButton } from './submit-button';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** 短信登录: a phone seen for the first time becomes a member. */
export function SmsLoginForm() {
  const [form] = Form.useForm<SmsLoginBody>();
  const completeLogin = useCompleteLogin();
  const login = useApiMutation({
    mutationFn: async (body: SmsLoginBody) => completeLogin(await accounts.loginBySms(body), 'sms'),
  });

  const submit = (values: SmsLoginBody) => {
    const body = checkWithSchema(smsLoginBody, values, form);
    if (body) login.mutate(body);
  };

  return (
    <Form form={form} name="sms-login" className="auth-form" initialValues={{ phone: '', code: '' }} onValuesChange={clearChangedErrors(form)} onFinish={submit}>
      <PhoneCodeFields useFor={SmsPurpose.login} />
      <p className="auth-note">未注册的手机号验证后将自动注册为会员</p>
      <SubmitButton busy={login.isPending}>登录</SubmitButton>
    </Form>
  );
}
