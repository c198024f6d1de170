import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import { isMfaChallenge, type LoginResult, type StaffLoginAnswer, type StaffMfaChallenge } from '@lab/contract';
import { adminKey, staffSession } from '../../../lib/admin-api';
import { queryClient } from '../../../lib/query-client';
import { siteInfo } from '../../../lib/site-info';
import { feedback } from '../../../lib/feedback';
import { StaffPasswordForm, StaffSmsForm } from '../components/first-factor-forms';
import { TotpSetupStep, TotpStep } from '../components/second-factor';
import '../../../components/admin/admin.css';
import './admin-login.css';
import { AntScope } from '../../../components/ant-scope';

/** Only paths inside the back office are followed after login. */
const safeNext = (next: string | null) => (next && next.startsWith('/admin') && !next.startsWith('/admin/login') && !next.startsWith('//') ? next : '/admin/dashboard');

/**
 * /admin/login: the staff's way in, by password or by a code sent to the phone on their
 * account; admin and finance then give their authenticator's code (binding one first).
 */
function AdminLoginPageContent() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
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
              { key: 'password', label: '密码登录', children: <StaffPasswordForm onLoggedIn={onFirstFactor} /> },
              { key: 'sms', label: '短信登录', children: <StaffSmsForm onLoggedIn={onFirstFactor} /> },
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
