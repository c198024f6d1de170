import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrivacyOverview } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { getSession, saveSession } from '../../../lib/session';
import PrivacyPage from './privacy-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const overview = (over: Partial<PrivacyOverview> = {}): PrivacyOverview => ({
  phoneMasked: '138****0000',
  hasPassword: true,
  blockers: [],
  pointsBalance: 0,
  lastExportAt: null,
  exportsLeftThisHour: 5,
  ...over,
});

describe('个人信息与隐私 (member)', () => {
  it('lists every blocker with where to handle it, and keeps 注销账号 shut while any stands', { timeout: 60_000 }, async () => {
    login();
    mockApi({
      '/api/auth/privacy/overview': {
        data: overview({
          blockers: [
            { code: 'open_orders', reason: '有 1 个进行中的订单（20261201001），请等待完成或取消后再注销', link: '/member/order' },
            { code: 'prestore_balance', reason: '预存款余额 ¥50.00，请先使用完毕或联系客服退款', link: '/member/prestore' },
          ],
        }),
      },
    });
    renderApp(<PrivacyPage />, { path: '/member/privacy' });
    const list = await screen.findByRole('list', { name: '注销阻碍' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('20261201001');
    expect(within(list).getAllByRole('link', { name: '去处理' }).map((a) => a.getAttribute('href'))).toEqual(['/member/order', '/member/prestore']);
    expect(screen.getByRole('button', { name: '注销账号' })).toBeDisabled();
    expect(screen.getByRole('link', { name: '个人资料' })).toHaveAttribute('href', '/member/information');
    expect(screen.getByRole('link', { name: '账号设置' })).toHaveAttribute('href', '/member/settings');
  });

  it('closes with the password once the consequences are acknowledged, then the session is gone', { timeout: 60_000 }, async () => {
    login();
    const { calls } = mockApi({
      '/api/auth/privacy/overview': { data: overview({ pointsBalance: 120 }) },
      '/api/auth/privacy/close': { data: { closedAt: '2026-12-01T02:00:00.000Z' }, msg: '账号已注销' },
    });
    renderApp(<PrivacyPage />, { path: '/member/privacy' });
    await screen.findByText(/可以注销/);
    await userEvent.click(screen.getByRole('button', { name: '注销账号' }));
    const dialog = await screen.findByRole('dialog', { name: '注销账号' });
    expect(dialog).toHaveTextContent('剩余 120 积分将作废');
    expect(dialog).toHaveTextContent('会计档案');
    await userEvent.click(within(dialog).getByRole('radio', { name: '登录密码' }));
    await userEvent.type(within(dialog).getByLabelText('登录密码', { selector: 'input[type="password"]' }), 'Secret#2026x');
    const confirm = within(dialog).getByRole('button', { name: '确认注销' });
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '我已阅读并知晓以上注销后果' }));
    await userEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/privacy/close')?.form.get('password')).toBe('Secret#2026x'));
    await waitFor(() => expect(getSession()).toBeNull());
  });
});
