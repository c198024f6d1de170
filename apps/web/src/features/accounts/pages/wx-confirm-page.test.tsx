import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { loginPanel } from '../../../lib/login-panel';
import { saveSession } from '../../../lib/session';
import WxConfirmPage from './wx-confirm-page';

const info = {
  account: { rid: 'r', phone: '13800138000', nickname: '张同学', name: '张明', email: null, organization: 0, company: null, inviteCode: 'DEMO2026', hasPassword: true, createdAt: '2026-01-01T00:00:00Z' },
  addressList: [],
  cartNum: 0,
};

describe('/wx/confirm', () => {
  it('marks the ticket scanned and asks a visitor to log in (panel opens, page stays)', async () => {
    const { calls } = mockApi({ '/api/open/wx/scan': { data: { status: 'scanned' } } });
    const { router } = renderApp(<WxConfirmPage />, { path: '/wx/confirm?ticket=abc' });
    await waitFor(() => expect(loginPanel.get()).toMatchObject({ open: true, view: 'sign' }));
    expect(calls.filter((call) => call.path === '/api/open/wx/scan').map((call) => call.form.get('ticket'))).toEqual(['abc']);
    expect(screen.getByText('请先登录')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/wx/confirm');
  });

  it('a logged-in member confirms: 已确认，请在电脑上继续操作', async () => {
    saveSession({ token: 'phone-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    const request = { device: 'Chrome 131 · Windows 10', ip: '202.120.2.101', place: '上海 上海市', requestedAt: '2026-03-05T06:30:00.000Z' };
    const { calls } = mockApi({
      '/api/open/wx/scan': { data: { status: 'scanned', request } },
      '/api/auth/user/info': { data: info },
      '/api/auth/wx/confirm': { msg: '已确认登录' },
    });
    renderApp(<WxConfirmPage />, { path: '/wx/confirm?ticket=abc' });
    // the request being approved, before the member approves it
    const details = await screen.findByLabelText('登录请求');
    expect(details).toHaveTextContent('Chrome 131 · Windows 10');
    expect(details).toHaveTextContent('202.120.2.101');
    expect(details).toHaveTextContent('上海 上海市');
    expect(details).toHaveTextContent('2026-03-05 14:30');
    await userEvent.click(await screen.findByRole('button', { name: '确认登录' }));
    expect(await screen.findByText('已确认，请在电脑上继续操作')).toBeInTheDocument();
    const confirm = calls.find((call) => call.path === '/api/auth/wx/confirm')!;
    expect(confirm.headers.token).toBe('phone-token');
    expect(confirm.form.get('ticket')).toBe('abc');
    expect(loginPanel.get().open).toBe(false);
  });

  it('an expired ticket shows the server msg', async () => {
    mockApi({ '/api/open/wx/scan': { code: 0, status: 400, msg: '二维码已过期，请刷新后重新扫描' } });
    renderApp(<WxConfirmPage />, { path: '/wx/confirm?ticket=old' });
    expect(await screen.findByText('无法确认登录')).toBeInTheDocument();
    expect(screen.getAllByText('二维码已过期，请刷新后重新扫描').length).toBeGreaterThan(0);
  });
});
