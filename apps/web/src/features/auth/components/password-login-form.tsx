import { useState, type FormEvent } from 'react';
import { Checkbox, Input, Tooltip } from 'antd';
import { LockOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { loginBody } from '@lab/contract';
import { accounts } from '../../../api/accounts';
import { firstError } from '../validate';
import { useFeedback } from '../../../lib/use-feedback';
import { useCompleteLogin } from '../use-complete-login';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';

const rememberKey = 'lab.rememberAccount';

function rememberedAccount(): string | null {
  try {
    return localStorage.getItem(rememberKey);
  } catch {
    return null;
  }
}

/**
 * 密码登录. "记住密码" keeps the account on this device and lets the browser's password
 * manager save the password (autocomplete on); the password itself is never written to
 * storage by the site. Unchecked, the account is forgotten and autocomplete is off.
 */
export function PasswordLoginForm({ initialAccount }: { initialAccount?: string | null }) {
  const remembered = rememberedAccount();
  const [account, setAccount] = useState(initialAccount ?? remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();
  const completeLogin = useCompleteLogin();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { account: account.trim(), password };
    const invalid = firstError(loginBody, body);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const result = await accounts.login(body);
      if (remember) localStorage.setItem(rememberKey, body.account);
      else localStorage.removeItem(rememberKey);
      await completeLogin(result, 'password');
    } catch (failure) {
      feedback.failure(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate autoComplete={remember ? 'on' : 'off'}>
      <Input
        size="large"
        name="account"
        aria-label="用户名/手机号"
        placeholder="请输入手机号/用户名"
        prefix={<UserOutlined />}
        maxLength={64}
        autoComplete={remember ? 'username' : 'off'}
        value={account}
        onChange={(event) => setAccount(event.target.value)}
      />
      <Input.Password
        size="large"
        name="password"
        aria-label="密码"
        placeholder="请输入密码"
        prefix={<LockOutlined />}
        maxLength={64}
        autoComplete={remember ? 'current-password' : 'new-password'}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="auth-row">
        <Tooltip title="请勿在公共设备上勾选记住密码">
          <Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)}>
            记住密码 <QuestionCircleOutlined className="auth-hint-icon" aria-hidden />
          </Checkbox>
        </Tooltip>
      </div>
      <FormError message={error} />
      <SubmitButton busy={busy}>登录</SubmitButton>
    </form>
  );
}
