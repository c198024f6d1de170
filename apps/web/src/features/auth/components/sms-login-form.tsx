import { useState, type FormEvent } from 'react';
import { Input } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { SmsPurpose, smsLoginBody, type LoginResult } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { firstError } from '../validate';
import { useFeedback } from '../use-feedback';
import { useCompleteLogin } from '../use-complete-login';
import { SendCodeButton } from '../send-code-button';
import { FormError } from './form-error';
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
      const result = await apiPost<LoginResult>('/api/open/loginForCode', body);
      await completeLogin(result, 'sms');
    } catch (failure) {
      feedback.failure(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <Input
        size="large"
        name="phone"
        aria-label="手机号"
        placeholder="请输入手机号"
        prefix={<MobileOutlined />}
        maxLength={11}
        inputMode="numeric"
        autoComplete="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <div className="auth-code-row">
        <Input
          size="large"
          name="code"
          aria-label="验证码"
          placeholder="请输入验证码"
          prefix={<SafetyOutlined />}
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <SendCodeButton phone={phone} useFor={SmsPurpose.login} onInvalid={setError} />
      </div>
      <p className="auth-note">未注册的手机号验证后将自动注册为会员</p>
      <FormError message={error} />
      <SubmitButton busy={busy}>登录</SubmitButton>
    </form>
  );
}
