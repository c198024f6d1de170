import { Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { SmsPurpose, smsLoginBody, type SmsLoginBody } from '@lab/contract';
import { accounts } from '../../../api/accounts';
import { checkWithSchema, clearChangedErrors } from '../../../components/member/schema-form';
import { feedback } from '../../../lib/feedback';
import { useCompleteLogin } from '../use-complete-login';
import { PhoneCodeFields } from './phone-code-fields';
import { SubmitButton } from './submit-button';

/** 短信登录: a phone seen for the first time becomes a member. */
export function SmsLoginForm() {
  const [form] = Form.useForm<SmsLoginBody>();
  const completeLogin = useCompleteLogin();
  const login = useMutation({
    mutationFn: async (body: SmsLoginBody) => completeLogin(await accounts.loginBySms(body), 'sms'),
    onError: feedback.failure,
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
