import { useState, type FormEvent } from 'react';
import { Input } from 'antd';
import { GiftOutlined, LockOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { SmsPurpose, signForm } from '@lab/contract';
import { accounts } from '../../../api/accounts';
import { loginPanel } from '../../../lib/login-panel';
import { firstError } from '../validate';
import { ensurePasswordStrength, usePasswordStrength } from '../../../lib/password-strength';
import { useFeedback } from '../../../lib/use-feedback';
import { FormError } from './form-error';
import { PhoneCodeFields } from './phone-code-fields';
import { SubmitButton } from './submit-button';

/** 注册: phone, code, password twice, and the inviter code an invite link brought along. */
export function RegisterForm({ inviterCode }: { inviterCode: string | null }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [inviter, setInviter] = useState(inviterCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();
  usePasswordStrength();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = { phone: phone.trim(), code: code.trim(), password, confirmPassword, inviterCode: inviter.trim() };
    await ensurePasswordStrength();
    const invalid = firstError(signForm, form);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await accounts.register({
        phone: form.phone,
        code: form.code,
        password: form.password,
        inviterCode: form.inviterCode || undefined,
      });
      feedback.success('注册成功!');
      loginPanel.show('log', { account: form.phone });
    } catch (failure) {
      feedback.failure(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate autoComplete="off">
      <PhoneCodeFields
        phone={phone}
        onPhoneChange={setPhone}
        code={code}
        onCodeChange={setCode}
        useFor={SmsPurpose.register}
        onInvalid={setError}
      />
      <Input.Password
        size="large"
        name="password"
        aria-label="密码"
        placeholder="设置密码（至少10位，不要用常见组合）"
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
        placeholder="请再次输入密码"
        prefix={<LockOutlined />}
        maxLength={64}
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <Input
        size="large"
        name="inviterCode"
        aria-label="邀请码"
        placeholder="邀请码（选填）"
        prefix={<GiftOutlined />}
        maxLength={32}
        value={inviter}
        onChange={(event) => setInviter(event.target.value)}
      />
      <FormError message={error} />
      <SubmitButton busy={busy}>注册</SubmitButton>
      <p className="auth-note auth-agree">
        注册即表示您同意<Link to="/license" onClick={() => loginPanel.close()}>《用户协议》</Link>和
        <Link to="/policy" onClick={() => loginPanel.close()}>《隐私政策》</Link>
      </p>
    </form>
  );
}
