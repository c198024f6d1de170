import { useState, type FormEvent } from 'react';
import { SmsPurpose, smsLoginBody } from '@lab/contract';
import { accounts } from '../../../api/accounts';
import { firstError } from '../validate';
import { useFeedback } from '../../../lib/use-feedback';
import { useCompleteLogin } from '../use-complete-login';
import { FormError } from './form-error';
import { PhoneCodeFields } from './phone-code-fields';
import { SubmitButton } from './submit-button';

/** 短信登录: a phone seen for the first time becomes a member. */
export function SmsLoginForm() {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();
  const completeLogin = useCompleteLogin();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { phone: phone.trim(), code: code.trim() };
    const invalid = firstError(smsLoginBody, body);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const result = await accounts.loginBySms(body);
      await completeLogin(result, 'sms');
    } catch (failure) {
      feedback.failure(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <PhoneCodeFields
        phone={phone}
        onPhoneChange={setPhone}
        code={code}
        onCodeChange={setCode}
        useFor={SmsPurpose.login}
        onInvalid={setError}
      />
      <p className="auth-note">未注册的手机号验证后将自动注册为会员</p>
      <FormError message={error} />
      <SubmitButton busy={busy}>登录</SubmitButton>
    </form>
  );
}
