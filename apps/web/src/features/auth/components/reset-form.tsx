import { useState, type FormEvent } from 'react';
import { Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { SmsPurpose, resetForm } from '@lab/contract';
import { accounts } from '../../../api/accounts';
import { loginPanel } from '../../../lib/login-panel';
import { firstError } from '../validate';
import { ensurePasswordStrength, usePasswordStrength } from '../../../lib/password-strength';
import { useFeedback } from '../../../lib/use-feedback';
import { FormError } from './form-error';
import { PhoneCodeFields } from './phone-code-fields';
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
  usePasswordStrength();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = { account: account.trim(), code: code.trim(), password, confirmPassword };
    await ensurePasswordStrength();
    const invalid = firstError(resetForm, form);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await accounts.resetPassword({ account: form.account, code: form.code, password: form.password });
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
      <PhoneCodeFields
        phoneName="account"
        phonePlaceholder="请输入注册手机号"
        phone={account}
        onPhoneChange={setAccount}
        code={code}
        onCodeChange={setCode}
        useFor={SmsPurpose.reset}
        onInvalid={setError}
      />
      <Input.Password
        size="large"
        name="password"
        aria-label="新密码"
        placeholder="设置新密码（至少10位，不要用常见组合）"
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
