import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Input, Tabs } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { isMfaChallenge, loginBody, SMS_CODE_COOLDOWN_SECONDS, staffCodeBody, staffSmsLoginBody, type LoginResult, type StaffLoginAnswer, type StaffMfaChallenge } from '@lab/contract';
import { adminKey, staffSession } from '../../../lib/admin-api';
import { queryClient } from '../../../lib/query-client';
import { siteInfo } from '../../../lib/site-info';
import { useFeedback } from '../../../lib/use-feedback';
import { sendStaffCode, staffPasswordLogin, staffSmsLogin } from '../api/staff-login';
import { TotpSetupStep, TotpStep } from '../components/second-factor';
import '../../../components/admin/admin.css';
import './admin-login.css';
import { AntScope } from '../../../components/ant-scope';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : (result.error?.issues[0]?.message ?? '请检查填写的内容'));

/** Only paths inside the back office are followed after login. */
const safeNext = (next: string | null) => (next && next.startsWith('/admin') && !next.startsWith('/admin/login') && !next.startsWith('//') ? next : '/admin/dashboard');

function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(SMS_CODE_COOLDOWN_SECONDS)] as const;
}

function PasswordForm({ onLoggedIn }: { onLoggedIn: (result: StaffLoginAnswer) => void }) {
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();
  const submit = async () => {
    const problem = firstError(loginBody.safeParse({ account, password }));
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      onLoggedIn(await staffPasswordLogin({ account: account.trim(), password }));
    } catch (failure) {
      feedback.failure(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="admin-login-form" onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Input size="large" name="account" aria-label="账号" placeholder="员工账号" prefix={<UserOutlined />} autoComplete="username" value={account} onChange={(e) => setAccount(e.target.value)} />
      <Input.Password size="large" name="password" aria-label="密码" placeholder="密码" prefix={<LockOutlined />} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      {error && <div className="admin-login-error" role="alert">{error}</div>}
      <Button type="primary" size="large" htmlType="submit" block loading={busy}>登录</Button>
    </form>
  );
}

function SmsForm({ onLoggedIn }: { onLoggedIn: (result: StaffLoginAnswer) => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [left, startCountdown] = useCountdown();
  const feedback = useFeedback();
  const send = async () => {
    const problem = firstError(staffCodeBody.safeParse({ phone }));
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      await sendStaffCode(phone);
      startCountdown();
      feedback.success('验证码已发送!');
    } catch (failure) {
      feedback.failure(failure);
    } finally {
      setSending(false);
    }
  };
  const submit = async () => {
    const problem = firstError(staffSmsLoginBody.safeParse({ phone, code }));
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      onLoggedIn(await staffSmsLogin({ phone, code }));
    } catch (failure) {
      feedback.failure(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="admin-login-form" onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Input size="large" name="phone" aria-label="手机号" placeholder="员工账号绑定的手机号" prefix={<MobileOutlined />} maxLength={11} inputMode="numeric" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
      <div className="admin-login-code">
        <Input size="large" name="code" aria-label="验证码" placeholder="验证码" prefix={<SafetyOutlined />} maxLength={6} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        <Button size="large" disabled={left > 0} loading={sending} onClick={() => void send()}>
          {left > 0 ? `${left}秒后重发` : '获取验证码'}
        </Button>
      </div>
      {error && <div className="admin-login-error" role="alert">{error}</div>}
      <Button type="primary" size="large" htmlType="submit" block loading={busy}>登录</Button>
    </form>
  );
}

/**
 * /admin/login: the staff's way in, by password or by a code sent to the phone on their
 * account; admin and finance then give their authenticator's code (binding one first).
 */
function AdminLoginPageContent() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const feedback = useFeedback();
  const [second, setSecond] = useState<StaffMfaChallenge | null>(null);
  const back = useCallback(() => setSecond(null), []);

  useEffect(() => {
    document.title = `后台登录 - ${siteInfo.name}`;
  }, []);

  const onLoggedIn = (result: LoginResult) => {
    queryClient.removeQueries({ queryKey: adminKey });
    staffSession.saveSession(result);
    feedback.success('登录成功!');
    navigate(safeNext(params.get('next')), { replace: true });
  };
  const onFirstFactor = (answer: StaffLoginAnswer) => (isMfaChallenge(answer) ? setSecond(answer) : onLoggedIn(answer));

  return (
    <main className="admin-login">
      <section className="admin-login-card" aria-labelledby="admin-login-title">
        <div className="admin-login-brand">
          <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden focusable="false">
            <rect width="40" height="40" rx="9" fill="#0a58ca" />
            <path d="M16 9h8M17.5 9v8.2L11 28.5A2.4 2.4 0 0 0 13.1 32h13.8a2.4 2.4 0 0 0 2.1-3.5L22.5 17.2V9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            <path d="M14 25h12" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <div>
            <h1 id="admin-login-title">后台管理系统</h1>
            <p>{siteInfo.name} · 员工登录</p>
          </div>
        </div>
        {second?.mfa === 'totp' ? (
          <TotpStep challenge={second} onLoggedIn={onLoggedIn} onBack={back} />
        ) : second?.mfa === 'setup' ? (
          <TotpSetupStep challenge={second} onLoggedIn={onLoggedIn} onBack={back} />
        ) : (
          <Tabs
            centered
            items={[
              { key: 'password', label: '密码登录', children: <PasswordForm onLoggedIn={onFirstFactor} /> },
              { key: 'sms', label: '短信登录', children: <SmsForm onLoggedIn={onFirstFactor} /> },
            ]}
          />
        )}
        <p className="admin-login-note">仅限实验室员工使用。账号由管理员开通，忘记密码请联系管理员重置。</p>
      </section>
    </main>
  );
}

/** Loaded lazily, it brings antd along and puts antd's providers around itself (components/ant-scope). */
export default function AdminLoginPage() {
  return (
    <AntScope>
      <AdminLoginPageContent />
    </AntScope>
  );
}
