import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import AdminLoginPage from './admin-login-page';

const session = { token: 'staff-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 };

async function typePassword() {
  await userEvent.type(screen.getByLabelText('账号'), 'finance');
  await userEvent.type(screen.getByLabelText('密码'), 'Finance@2026');
  await userEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('/admin/login: the second step of admin and finance', () => {
  it('asks for the authenticator code after the password, and only then saves the session', async () => {
    staffSession.clearSession();
    const { calls } = mockApi({
      '/api/admin/login': { msg: '请输入身份验证器中的动态码', data: { mfa: 'totp', challenge: 'c1', expires: 1 } },
      '/api/admin/login/totp': { msg: '登录成功!', data: session },
    });
    const { router } = renderApp(<AdminLoginPage />, { path: '/admin/login?next=/admin/prestores' });
    await typePassword();
    expect(await screen.findByRole('heading', { name: '两步验证' })).toBeInTheDocument();
    expect(staffSession.getSession()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('[动态码]不能为空')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('动态码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await waitFor(() => expect(staffSession.getSession()).toMatchObject({ token: 'staff-token' }));
    const sent = calls.find((call) => call.path === '/api/admin/login/totp')!;
    expect(Object.fromEntries(sent.form)).toEqual({ challenge: 'c1', code: '123456' });
    expect(router.state.location.pathname).toBe('/admin/prestores');
  });

  it('takes a recovery code instead', async () => {
    staffSession.clearSession();
    const { calls } = mockApi({
      '/api/admin/login': { data: { mfa: 'totp', challenge: 'c2', expires: 1 } },
      '/api/admin/login/totp': { data: session },
    });
    renderApp(<AdminLoginPage />, { path: '/admin/login' });
    await typePassword();
    await userEvent.click(await screen.findByRole('button', { name: '手机不在身边？使用恢复码' }));
    await userEvent.type(screen.getByLabelText('恢复码'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/login/totp' && call.form.get('code') === 'abcde-12345')).toBe(true));
  });

  it('binds an authenticator on the first login: QR and key, a code, then the recovery codes once', async () => {
    staffSession.clearSession();
    mockApi({
      '/api/admin/login': { msg: '请先绑定身份验证器', data: { mfa: 'setup', challenge: 'c3', expires: 1 } },
      '/api/admin/totp/setup': { data: { account: 'finance', secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', otpauthUrl: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,PHN2Zy8+' } },
      '/api/admin/totp/enable': { data: { login: session, recoveryCodes: Array.from({ length: 10 }, (_, i) => `code${i}-abcde`) } },
    });
    renderApp(<AdminLoginPage />, { path: '/admin/login' });
    await typePassword();
    expect(await screen.findByRole('heading', { name: '绑定身份验证器' })).toBeInTheDocument();
    expect(await screen.findByAltText('身份验证器二维码')).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByLabelText('密钥')).toHaveTextContent('ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567');
    await userEvent.type(screen.getByLabelText('动态码'), '654321');
    await userEvent.click(screen.getByRole('button', { name: '完成绑定' }));
    const codes = await screen.findByRole('list', { name: '恢复码' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    // not logged in until the codes are acknowledged
    expect(staffSession.getSession()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '我已保存，进入后台' }));
    await waitFor(() => expect(staffSession.getSession()).toMatchObject({ token: 'staff-token' }));
  });

  it('after an authenticator reset asks for the setup code the admin handed over before showing the key (issue 28, 9b)', async () => {
    staffSession.clearSession();
    const { calls } = mockApi({
      '/api/admin/login': { msg: '请先绑定身份验证器', data: { mfa: 'setup', challenge: 'c4', expires: 1, needsSetupCode: true } },
      '/api/admin/totp/setup': (call) =>
        call.form.get('setupCode') === 'ABCDEFGHJK'
          ? { data: { account: 'finance', secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', otpauthUrl: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,PHN2Zy8+' } }
          : { code: 0, status: 400, msg: '绑定码错误，还可尝试4次' },
    });
    renderApp(<AdminLoginPage />, { path: '/admin/login' });
    await typePassword();
    const code = await screen.findByLabelText('绑定码');
    // no key asked for without the code
    expect(calls.some((call) => call.path === '/api/admin/totp/setup')).toBe(false);
    expect(screen.queryByAltText('身份验证器二维码')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('[绑定码]不能为空')).toBeInTheDocument();
    await userEvent.type(code, 'zzzzz-zzzzz');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('绑定码错误，还可尝试4次')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await userEvent.clear(screen.getByLabelText('绑定码'));
    await userEvent.type(screen.getByLabelText('绑定码'), 'abcde fghjk');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByAltText('身份验证器二维码')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/admin/totp/setup').map((call) => Object.fromEntries(call.form))).toEqual([
      { challenge: 'c4', setupCode: 'ZZZZZZZZZZ' },
      { challenge: 'c4', setupCode: 'ABCDEFGHJK' },
    ]);
  });
});
