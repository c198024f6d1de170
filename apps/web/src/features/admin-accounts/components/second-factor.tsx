import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CopyOutlined, DownloadOutlined, KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { STAFF_SETUP_CODE_HOURS, staffSetupCodeBody, staffTotpBody, staffTotpEnableBody, type LoginResult, type StaffMfaChallenge, type StaffTotpSetup } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { enableTotp, startTotpSetup, staffTotpLogin } from '../api/staff-login';
import { useApiMutation } from '../../../lib/use-api-mutation';

interface StepProps {
  challenge: StaffMfaChallenge;
  onLoggedIn: (result: LoginResult) => void;
  onBack: () => void;
}

/** The login's second step for admin and finance: the authenticator's code, or one recovery code. */
export function TotpStep({ challenge, onLoggedIn, onBack }: StepProps) {
  const [form] = Form.useForm<{ code: string }>();
  const [recovery, setRecovery] = useState(false);
  const login = useApiMutation({ mutationFn: (code: string) => staffTotpLogin(challenge.challenge, code), onSuccess: onLoggedIn });
  const switchKind = () => {
    setRecovery(!recovery);
    form.resetFields();
  };
  return (
    <SchemaForm form={form} name="staff-totp" schema={staffTotpBody} body={({ code }) => ({ challenge: challenge.challenge, code })} className="admin-login-form" initialValues={{ code: '' }} onSubmit={(body) => login.mutate(body.code)}>
      <h2 className="admin-login-step">两步验证</h2>
      <p className="admin-login-hint">{recovery ? '请输入一个未使用过的恢复码（每个只能用一次）。' : '请打开手机上的身份验证器 App，输入本账号当前显示的 6 位动态码。'}</p>
      <Form.Item name="code">
        {recovery ? (
          <Input size="large" key="recovery" name="recovery" aria-label="恢复码" placeholder="例如 abcde-12345" prefix={<KeyOutlined />} autoComplete="off" maxLength={11} autoFocus />
        ) : (
          <Input size="large" key="code" name="code" aria-label="动态码" placeholder="6位动态码" prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
        )}
      </Form.Item>
      <Button type="primary" size="large" htmlType="submit" block loading={login.isPending}>
        验证并登录
      </Button>
      <div className="admin-login-links">
        <Button type="link" size="small" onClick={switchKind}>
          {recovery ? '使用动态码' : '手机不在身边？使用恢复码'}
        </Button>
        <Button type="link" size="small" onClick={onBack}>
          返回重新登录
        </Button>
      </div>
    </SchemaForm>
  );
}

/** 1234 5678 …: a key a person can copy by eye. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * The one-time setup code (绑定码) an admin handed over, before the key is shown: asked when the
 * login said so (after an authenticator reset, or when the password has been used before), so a
 * password alone binds nothing. Accepted, it answers the key to bind.
 */
function SetupCodeForm({ challenge, onProven, onBack }: { challenge: StaffMfaChallenge; onProven: (setup: StaffTotpSetup) => void; onBack: () => void }) {
  const [form] = Form.useForm<{ setupCode: string }>();
  const prove = useApiMutation({ mutationFn: (setupCode: string) => startTotpSetup(challenge.challenge, setupCode), onSuccess: onProven });
  return (
    <SchemaForm form={form} name="staff-setup-code" schema={staffSetupCodeBody} className="admin-login-form" initialValues={{ setupCode: '' }} onSubmit={(body) => prove.mutate(body.setupCode)}>
      <h2 className="admin-login-step">绑定身份验证器</h2>
      <p className="admin-login-hint">
        为防止他人仅凭密码绑定，请先输入管理员交给您的 10 位绑定码（{STAFF_SETUP_CODE_HOURS} 小时内有效，只能使用一次）。没有绑定码请联系管理员在“员工账号”中发放。
      </p>
      <Form.Item name="setupCode">
        <Input size="large" name="setupCode" aria-label="绑定码" placeholder="例如 ABCDE-FGHJK" prefix={<KeyOutlined />} autoComplete="off" maxLength={12} autoFocus />
      </Form.Item>
      <Button type="primary" size="large" htmlType="submit" block loading={prove.isPending}>
        下一步
      </Button>
      <div className="admin-login-links">
        <Button type="link" size="small" onClick={onBack}>
          返回重新登录
        </Button>
      </div>
    </SchemaForm>
  );
}

/**
 * Binding an authenticator (admin and finance, first login; after a reset, with the setup code
 * first): the QR code and the key to type, a code to prove it, then the recovery codes — shown
 * this once, to copy or download.
 */
export function TotpSetupStep({ challenge, onLoggedIn, onBack }: StepProps) {
  const [form] = Form.useForm<{ code: string }>();
  const needsCode = challenge.needsSetupCode === true;
  const [proven, setProven] = useState<StaffTotpSetup | null>(null);
  // the same key on every call of one login, so it is read like data; never kept after this step
  const setup = useQuery({
    queryKey: ['staff-totp-setup', challenge.challenge],
    queryFn: () => startTotpSetup(challenge.challenge),
    enabled: !needsCode,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const enable = useApiMutation({ mutationFn: (code: string) => enableTotp(challenge.challenge, code) });
  const done = enable.data;
  const key = needsCode ? proven : setup.data;

  // no key to bind (the challenge expired, say): the server's message, and back to the first step
  useEffect(() => {
    if (setup.isError) {
      feedback.failure(setup.error);
      onBack();
    }
  }, [setup.isError, setup.error, onBack]);

  if (needsCode && !proven) return <SetupCodeForm challenge={challenge} onProven={setProven} onBack={onBack} />;

  if (done) {
    const text = `科研检测服务商城 后台恢复码（${key?.account ?? ''}）\n每个恢复码只能使用一次。\n\n${done.recoveryCodes.join('\n')}\n`;
    const copy = () => void navigator.clipboard?.writeText(text).then(() => feedback.success('已复制恢复码'));
    const download = () => {
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `recovery-codes-${key?.account ?? 'staff'}.txt`;
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
    <SchemaForm form={form} name="staff-totp-setup" schema={staffTotpEnableBody} body={({ code }) => ({ challenge: challenge.challenge, code })} className="admin-login-form" initialValues={{ code: '' }} onSubmit={(body) => enable.mutate(body.code)}>
      <h2 className="admin-login-step">绑定身份验证器</h2>
      <p className="admin-login-hint">管理员和财务账号登录需要两步验证。请用手机上的身份验证器 App（如腾讯身份验证器、Google Authenticator、Microsoft Authenticator）扫描二维码，或手动输入密钥，然后填写 App 显示的 6 位动态码。</p>
      {key ? (
        <div className="admin-totp-setup">
          <img src={key.qr} alt="身份验证器二维码" width={176} height={176} />
          <div>
            <div className="admin-muted">账号：{key.account}</div>
            <div className="admin-muted">密钥（手动输入时使用）：</div>
            <code className="admin-totp-secret" aria-label="密钥">
              {grouped(key.secret)}
            </code>
          </div>
        </div>
      ) : (
        <Spin />
      )}
      <Form.Item name="code">
        <Input size="large" name="code" aria-label="动态码" placeholder="App 显示的6位动态码" prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
      </Form.Item>
      <Button type="primary" size="large" htmlType="submit" block loading={enable.isPending} disabled={!key}>
        完成绑定
      </Button>
      <div className="admin-login-links">
        <Button type="link" size="small" onClick={onBack}>
          返回重新登录
        </Button>
      </div>
    </SchemaForm>
  );
}
