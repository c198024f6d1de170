import { useEffect, useRef, useState } from 'react';
import { Tabs } from 'antd';
import { CloseOutlined, SafetyCertificateOutlined, ClockCircleOutlined, FileDoneOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { loginPanel, useLoginPanel, type LoginView } from '../../lib/login-panel';
import { hasToken } from '../../lib/session';
import { siteInfo } from '../../lib/site-info';
import { Logo } from '../../components/logo';
import { PasswordLoginForm } from './components/password-login-form';
import { SmsLoginForm } from './components/sms-login-form';
import { QrLogin } from './components/qr-login';
import { RegisterForm } from './components/register-form';
import { ResetForm } from './components/reset-form';
import { useCompleteLogin } from './use-complete-login';
import './auth.css';
import { AntScope } from '../../components/ant-scope';

/** Routes that need a token: closing the panel there goes home (spec). */
export const isGuardedPath = (pathname: string) => /^\/(member|experiment)(\/|$)/.test(pathname);

const titles: Record<LoginView, { title: string; sub: string }> = {
  sign: { title: '欢迎登录', sub: '登录后可下单、查看订单进度与检测数据' },
  log: { title: '账号登录', sub: '请使用手机号和密码登录' },
  reg: { title: '注册会员', sub: '注册后即可在线下单，高校客户可申请先测后付' },
  reset: { title: '重置密码', sub: '通过手机验证码设置新密码' },
};

type SignTab = 'password' | 'sms' | 'qr';

/** The full-screen login panel: views sign / log / reg / reset. Lazy-loaded when opened. */
function LoginPanelContent() {
  const { view, inviterCode, account } = useLoginPanel();
  const [tab, setTab] = useState<SignTab>('password');
  const navigate = useNavigate();
  const location = useLocation();
  const completeLogin = useCompleteLogin();

  const dismiss = () => {
    loginPanel.close();
    if (!hasToken() && isGuardedPath(location.pathname)) void navigate('/');
  };

  const dismissRef = useRef(dismiss);
  useEffect(() => {
    dismissRef.current = dismiss;
  });

  // Escape closes (unless an alert is open on top); the page behind does not scroll.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('.ant-modal-wrap')) dismissRef.current();
    };
    window.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, []);

  const heading = titles[view];

  return (
    <div className="login-overlay" role="dialog" aria-modal="true" aria-labelledby="login-panel-title">
      <div className="login-card">
        <aside className="login-brand">
          <Logo inverse />
          <h2>
            材料表征 · 分析测试
            <br />
            数据解析一站式服务
          </h2>
          <ul>
            <li>
              <SafetyCertificateOutlined /> 高校注册客户可享先测后付、专属顾问
            </li>
            <li>
              <ClockCircleOutlined /> 样品到达 2 小时内客户经理来电确认
            </li>
            <li>
              <FileDoneOutlined /> 测试完成 2 小时内短信、邮件、站内信通知
            </li>
          </ul>
          <p className="login-brand-contact">
            服务热线 {siteInfo.phone}
            <br />
            {siteInfo.workingHours}
          </p>
        </aside>
        <section className="login-main" data-view={view}>
          <button type="button" className="login-close" aria-label="关闭登录面板" onClick={dismiss}>
            <CloseOutlined />
          </button>
          <div className="login-mobile-brand">
            <Logo />
          </div>
          <h1 id="login-panel-title">{heading.title}</h1>
          <p className="login-sub">{heading.sub}</p>

          {view === 'sign' ? (
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as SignTab)}
              items={[
                { key: 'password', label: '密码登录', children: <PasswordLoginForm /> },
                { key: 'sms', label: '短信登录', children: <SmsLoginForm /> },
                {
                  key: 'qr',
                  label: '微信扫码登录',
                  // mounted only while shown: leaving the tab stops the polling
                  children: tab === 'qr' ? <QrLogin onLogin={(login) => completeLogin(login, 'qr')} /> : null,
                },
              ]}
            />
          ) : null}
          {view === 'log' ? <PasswordLoginForm key={account ?? ''} initialAccount={account} /> : null}
          {view === 'reg' ? <RegisterForm key={inviterCode ?? ''} inviterCode={inviterCode} /> : null}
          {view === 'reset' ? <ResetForm /> : null}

          <nav className="login-switch" aria-label="切换">
            {view === 'sign' || view === 'log' ? (
              <>
                <button type="button" onClick={() => loginPanel.show('reg')}>
                  没有账号？立即注册
                </button>
                <button type="button" onClick={() => loginPanel.show('reset')}>
                  忘记密码
                </button>
              </>
            ) : null}
            {view === 'log' ? (
              <button type="button" onClick={() => loginPanel.show('sign')}>
                短信 / 扫码登录
              </button>
            ) : null}
            {view === 'reg' || view === 'reset' ? (
              <button type="button" onClick={() => loginPanel.show(view === 'reg' ? 'sign' : 'log')}>
                {view === 'reg' ? '已有账号？去登录' : '想起密码了？去登录'}
              </button>
            ) : null}
          </nav>
        </section>
      </div>
    </div>
  );
}

/** Loaded lazily, it brings antd along and puts antd's providers around itself (components/ant-scope). */
export default function LoginPanel() {
  return (
    <AntScope>
      <LoginPanelContent />
    </AntScope>
  );
}
