import { useState, type FormEvent } from 'react';
import { Input } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { SmsPurpose, resetForm } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { loginPanel } from '../../../lib/login-panel';
import { firstError } from '../validate';
import { useFeedback } from '../use-feedback';
import { SendCodeButton } from '../send-code-button';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';

/** 重置密码: phone, code, the new password twice; success leads to the login view. */
export function ResetForm() {
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = { account: account.trim(), code: code.trim(), password, confirmPassword };
    const invalid = firstError(resetForm, form);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await apiPost('/api/open/reset', { account: form.account, code: form.code, password: form.password });
      feedback.success('密码重置成功!');
      loginPanel.show('log', { account: form.account });
    } catch (failure) {
      feedback.failure(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate autoComplete="off">
      <Input
        size="large"
        name="account"
        aria-label="手机号"
        placeholder="请输入注册手机号"
        prefix={<MobileOutlined />}
        maxLength={11}
        inputMode="numeric"
        autoComplete="tel"
        value={account}
        onChange={(event) => setAccount(event.target.value)}
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
        <SendCodeButton phone={account} useFor={SmsPurpose.reset} onInvalid={setError} />
      </div>
      <Input.Password
        size="large"
        name="password"
        aria-label="新密码"
        placeholder="设置新密码（至少8位）"
        prefix={<LockOutlined />}
        maxLength={64}
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Input.Password
        size="large"
        name="confirmPassword"
        aria-label="确认密码"
        placeholder="请再次输入新密码"
        prefix={<LockOutlined />}
        maxLength={64}
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <FormError message={error} />
      <SubmitButton busy={busy}>重置密码</SubmitButton>
    </form>
  );
}
