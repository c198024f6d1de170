import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WxBinding } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import { StaffWxModal } from './staff-wx-modal';

afterEach(() => staffSession.clearSession());

const unbound: WxBinding = { bound: false, officialAccount: true, boundAt: null, subscribed: null };

describe('微信提醒: a staff member binds their WeChat for the promise alerts', () => {
  it('shows the official account’s code, then says 已绑定 once WeChat told the server', { timeout: 60_000 }, async () => {
    staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    let binding = unbound;
    const { calls } = mockApi({
      '/api/admin/wx/binding': () => ({ data: binding }),
      '/api/admin/wx/bindQr': () => {
        // the scan happens while the code shows: the next poll finds the binding
        binding = { bound: true, officialAccount: true, boundAt: '2026-12-07T02:00:00.000Z', subscribed: true };
        return { data: { expire_seconds: 600, qr_code_url: 'data:image/svg+xml;base64,PHN2Zy8+' } };
      },
    });
    renderApp(<StaffWxModal open onClose={() => {}} />, { path: '/admin/dashboard' });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('未绑定微信')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '扫码绑定' }));
    expect(await within(dialog).findByAltText('绑定微信提醒的二维码')).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(dialog).toHaveTextContent('10 分钟内有效');
    await waitFor(() => expect(within(dialog).getByText('已绑定微信')).toBeInTheDocument(), { timeout: 10_000 });
    await waitFor(() => expect(within(dialog).queryByAltText('绑定微信提醒的二维码')).toBeNull());
    expect(dialog).toHaveTextContent('绑定于 2026-12-07 10:00');
    expect(calls.filter((call) => call.path === '/api/admin/wx/bindQr')).toHaveLength(1);
  });

  it('without the official account says so and offers no code', async () => {
    staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    mockApi({ '/api/admin/wx/binding': { data: { ...unbound, officialAccount: false } } });
    renderApp(<StaffWxModal open onClose={() => {}} />, { path: '/admin/dashboard' });
    expect(await screen.findByText('未配置公众号')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '扫码绑定' })).toBeNull();
  });
});
