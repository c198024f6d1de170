import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NoticeChannels, WxBinding } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import AccountSettingsPage from './account-settings-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const channels = (over: Partial<NoticeChannels> = {}): NoticeChannels => ({
  kinds: [
    { kind: 'order_sample_received', label: '已收样', channels: ['wechat'], chosen: false },
    { kind: 'order_data_delivered', label: '已出数据', channels: ['wechat'], chosen: false },
  ],
  wechatReady: true,
  hasEmail: false,
  ...over,
});
const bound: WxBinding = { bound: true, officialAccount: true, boundAt: '2026-12-01T02:00:00.000Z', subscribed: true };

describe('账号设置: 微信绑定 and 通知方式', () => {
  it('shows the binding and unbinds it; each notice’s channels are saved as ticked', { timeout: 60_000 }, async () => {
    login();
    const api = mockApi({
      '/api/auth/consent/mine': { data: { marketingSms: false, history: [] } },
      '/api/auth/wx/binding': { data: bound },
      '/api/auth/wx/unbind': { data: { bound: false, officialAccount: true, boundAt: null, subscribed: null } },
      '/api/auth/message/channels': { data: channels() },
      '/api/auth/message/channels/set': {
        data: channels({ kinds: [{ kind: 'order_sample_received', label: '已收样', channels: ['wechat', 'sms'], chosen: true }, channels().kinds[1]!] }),
      },
    });
    renderApp(<AccountSettingsPage />, { path: '/member/settings' });
    expect(await screen.findByText('已绑定微信')).toBeInTheDocument();

    const received = await screen.findByRole('group', { name: '已收样' });
    await userEvent.click(within(received).getByRole('checkbox', { name: '短信' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/auth/message/channels/set')).toBe(true));
    const set = api.calls.find((c) => c.path === '/api/auth/message/channels/set')!;
    expect(set.form.get('kind')).toBe('order_sample_received');
    expect(set.form.getAll('channels').join(',')).toMatch(/wechat.*sms|sms.*wechat/);
    await waitFor(() => expect(within(received).getByRole('checkbox', { name: '短信' })).toBeChecked());

    await userEvent.click(screen.getByRole('button', { name: '解除绑定' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: '解除绑定' })).toHaveLength(2));
    // the confirmation's own button
    await userEvent.click(screen.getAllByRole('button', { name: '解除绑定' }).at(-1)!);
    await waitFor(() => expect(screen.getByText('未绑定微信')).toBeInTheDocument());
  });
});
