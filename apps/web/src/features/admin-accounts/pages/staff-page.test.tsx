import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffAccount } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import StaffPage from './staff-page';

afterEach(() => staffSession.clearSession());

const person = (over: Partial<StaffAccount>): StaffAccount => ({
  id: 7,
  account: 'zhao.finance',
  name: '赵会计',
  role: 'finance',
  phone: null,
  disabled: false,
  totpEnabled: true,
  setupCodeExpiresAt: null,
  createdAt: '2026-11-01T02:00:00.000Z',
  lastLoginAt: null,
  ...over,
});

describe('员工账号: resetting an authenticator hands over a setup code (issue 28, 9b)', () => {
  it('shows the one-time code once after 重置验证器, and offers 发放绑定码 to a finance account not bound yet', { timeout: 60_000 }, async () => {
    staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    const bound = person({});
    const unbound = person({ id: 8, account: 'qian.finance', name: '钱出纳', totpEnabled: false, setupCodeExpiresAt: '2026-11-21T02:00:00.000Z' });
    const { calls } = mockApi({
      '/api/admin/me': { data: { account: 'admin', name: '王管理', role: 'admin' } },
      '/api/admin/staff/list': { data: { list: [bound, unbound], total: 2, page: 1, pageSize: 20 } },
      '/api/admin/staff/totp/reset': { msg: '身份验证器已重置，请将绑定码当面或电话交给该员工', data: { account: { ...bound, totpEnabled: false }, setupCode: 'ABCDE-FGHJK', setupCodeExpiresAt: '2026-11-21T04:00:00.000Z' } },
    });
    renderApp(<StaffPage />, { path: '/admin/staff' });
    const row = (await screen.findByText('赵会计')).closest('tr')!;
    const other = screen.getByText('钱出纳').closest('tr')!;
    expect(within(other).getByText('已发绑定码')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: '发放绑定码' })).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: '重置验证器' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('系统生成一次性绑定码');
    await userEvent.click(within(confirm).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/staff/totp/reset' && call.form.get('id') === '7')).toBe(true));
    const shown = await screen.findByLabelText('绑定码');
    expect(shown).toHaveTextContent('ABCDE-FGHJK');
    const notice = shown.closest('[role="dialog"]') as HTMLElement;
    expect(notice).toHaveTextContent('绑定码只显示这一次');
    expect(notice).toHaveTextContent('有效至 2026-11-21 12:00');
  });
});
