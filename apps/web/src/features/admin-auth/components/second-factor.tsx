import { useEffect, useState } from 'react';
import { Alert, Button, Input, Spin } from 'antd';
import { CopyOutlined, DownloadOutlined, KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { staffTotpBody, staffTotpEnableBody, type LoginResult, type StaffMfaChallenge, type StaffTotpSetup } from '@lab/contract';
import { useFeedback } from '../../../lib/use-feedback';
import { enableTotp, startTotpSetup, staffTotpLogin } from '../api/staff-login';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : (result.error?.issues[0]?.message ?? '请检查填写的内容'));

/** The login's second step for admin and finance: the authenticator's code, or one recovery code. */
export function TotpStep({ challenge, onLoggedIn, onBack }: { challenge: StaffMfaChallenge; onLoggedIn: (result: LoginResult) => void; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();
  const submit = async () => {
    const problem = firstError(staffTotpBody.safeParse({ challenge: challenge.challenge, code: code.trim() }));
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      onLoggedIn(await staffTotpLogin(challenge.challenge, code.trim()));
    } catch (failure) {
      feedback.failure(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="admin-login-form" onSubmit={(event) => (event.preventDefault(), void submit())}>
      <h2 className="admin-login-step">两步验证</h2>
      <p className="admin-login-hint">{recovery ? '请输入一个未使用过的恢复码（每个只能用一次）。' : '请打开手机上的身份验证器 App，输入本账号当前显示的 6 位动态码。'}</p>
      {recovery ? (
        <Input size="large" key="recovery" name="recovery" aria-label="恢复码" placeholder="例如 abcde-12345" prefix={<KeyOutlined />} autoComplete="off" maxLength={11} value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
      ) : (
        <Input size="large" key="code" name="code" aria-label="动态码" placeholder="6位动态码" prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
      )}
      {error && <div className="admin-login-error" role="alert">{error}</div>}
      <Button type="primary" size="large" htmlType="submit" block loading={busy}>验证并登录</Button>
      <div className="admin-login-links">
        <Button type="link" size="small" onClick={() => (setRecovery(!recovery), setCode(''), setError(null))}>
          {recovery ? '使用动态码' : '手机不在身边？使用恢复码'}
        </Button>
        <Button type="link" size="small" onClick={onBack}>返回重新登录</Button>
      </div>
    </form>
  );
}

/** 1234 5678 …: a key a person can copy by eye. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Binding an authenticator (admin and finance, first login): the QR code and the key to type,
 * a code to prove it, then the recovery codes — shown this once, to copy or download.
 */
export function TotpSetupStep({ challenge, onLoggedIn, onBack }: { challenge: StaffMfaChallenge; onLoggedIn: (result: LoginResult) => void; onBack: () => void }) {
  const [setup, setSetup] = useState<StaffTotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ login: LoginResult; recoveryCodes: string[] } | null>(null);
  const feedback = useFeedback();

  useEffect(() => {
    let live = true;
    startTotpSetup(challenge.challenge).then(
      (answer) => live && setSetup(answer),
      (failure: unknown) => live && (feedback.failure(failure), onBack()),
    );
    return () => {
      live = false;
    };
  }, [challenge.challenge, feedback, onBack]);

  const submit = async () => {
    const problem = firstError(staffTotpEnableBody.safeParse({ challenge: challenge.challenge, code: code.trim() }));
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      setDone(await enableTotp(challenge.challenge, code.trim()));
    } catch (failure) {
      feedback.failure(failure);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    const text = `科研检测服务商城 后台恢复码（${setup?.account ?? ''}）\n每个恢复码只能使用一次。\n\n${done.recoveryCodes.join('\n')}\n`;
    const copy = () => void navigator.clipboard?.writeText(text).then(() => feedback.success('已复制恢复码'));
    const download = () => {
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `recovery-codes-${setup?.account ?? 'staff'}.txt`;
      link.click();
      URL.revokeObjectURL(url);
    };
    return (
      <div className="admin-login-form">
        <h2 className="admin-login-step">保存恢复码</h2>
        <Alert type="warning" showIcon title="恢复码只显示这一次" description="手机丢失或无法使用身份验证器时，可用恢复码代替动态码登录，每个只能使用一次。请复制或下载后妥善保管。" />
        <ol className="admin-recovery-codes" aria-label="恢复码">
          {done.recoveryCodes.map((item) => (
            <li key={item}>
              <code>{item}</code>
            </li>
          ))}
        </ol>
        <div className="admin-login-links">
          <Button icon={<CopyOutlined />} onClick={copy}>复制</Button>
          <Button icon={<DownloadOutlined />} onClick={download}>下载</Button>
        </div>
        <Button type="primary" size="large" block onClick={() => onLoggedIn(done.login)}>我已保存，进入后台</Button>
      </div>
    );
  }

  return (
    <form className="admin-login-form" onSubmit={(event) => (event.preventDefault(), void submit())}>
      <h2 className="admin-login-step">绑定身份验证器</h2>
      <p className="admin-login-hint">管理员和财务账号登录需要两步验证。请用手机上的身份验证器 App（如腾讯身份验证器、Google Authenticator、Microsoft Authenticator）扫描二维码，或手动输入密钥，然后填写 App 显示的 6 位动态码。</p>
      {setup ? (
        <div className="admin-totp-setup">
          <img src={setup.qr} alt="身份验证器二维码" width={176} height={176} />
          <div>
            <div className="admin-muted">账号：{setup.account}</div>
            <div className="admin-muted">密钥（手动输入时使用）：</div>
            <code className="admin-totp-secret" aria-label="密钥">{grouped(setup.secret)}</code>
          </div>
        </div>
      ) : (
        <Spin />
      )}
      <Input size="large" name="code" aria-label="动态码" placeholder="App 显示的6位动态码" prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
      {error && <div className="admin-login-error" role="alert">{error}</div>}
      <Button type="primary" size="large" htmlType="submit" block loading={busy} disabled={!setup}>完成绑定</Button>
      <div className="admin-login-links">
        <Button type="link" size="small" onClick={onBack}>返回重新登录</Button>
      </div>
    </form>
  );
}
