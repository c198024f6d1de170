import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApprovalLimit } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import ApprovalLimitsPage from './approval-limits-page';

const login = () => staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const limit = (over: Partial<ApprovalLimit>): ApprovalLimit => ({
  role: 'finance',
  kind: 'adjustment',
  limitFen: 1_000_00,
  dayLimitFen: 5_000_00,
  monthLimitFen: 20_000_00,
  targetLimitFen: 2_000_00,
  configurable: true,
  updatedAt: null,
  updatedBy: null,
  ...over,
});

describe('审批额度', () => {
  it('shows each role\'s limits per action, day, month and customer; the admin sets the periods; the bonus tiers have none to set', async () => {
    login();
    const rows = [
      limit({}),
      limit({ role: 'sales', kind: 'points', limitFen: 1_000, dayLimitFen: 5_000, monthLimitFen: 50_000, targetLimitFen: 2_000 }),
      limit({ kind: 'bonus', limitFen: 0, dayLimitFen: null, monthLimitFen: null, targetLimitFen: null, configurable: false }),
    ];
    const { calls } = mockApi({
      '/api/admin/approvals/limits': () => ({ data: rows }),
      '/api/admin/approvals/limits/save': (call: MockCall) => ({ data: limit({ dayLimitFen: Number(call.form.get('day_limit')) * 100 }), msg: '审批额度已保存' }),
    });
    renderApp(<ApprovalLimitsPage />, { path: '/admin/approval-limits' });
    const table = await screen.findByRole('table');
    const adjustment = (await within(table).findByText('调账')).closest('tr')!;
    expect(within(adjustment).getByText('¥5,000.00')).toBeInTheDocument();
    expect(within(adjustment).getByText('¥2,000.00')).toBeInTheDocument();
    const points = within(table).getByText('积分奖励').closest('tr')!;
    expect(within(points).getByText('5,000 积分')).toBeInTheDocument();
    const bonus = within(table).getByText('预存赠送').closest('tr')!;
    expect(within(bonus).getByText('每次提高均需审批')).toBeInTheDocument();
    expect(within(bonus).queryByRole('button', { name: /修改/ })).toBeNull();

    await userEvent.click(within(adjustment).getByRole('button', { name: '修改财务调账额度' }));
    const dialog = await screen.findByRole('dialog');
    const day = within(dialog).getByLabelText('每人每日合计');
    expect(day).toHaveValue('5000.00');
    await userEvent.clear(day);
    await userEvent.type(day, '3000');
    await userEvent.clear(within(dialog).getByLabelText('同一客户每月合计'));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/approvals/limits/save')).toHaveLength(1));
    const sent = calls.find((c) => c.path === '/api/admin/approvals/limits/save')!.form;
    expect(Object.fromEntries(sent.entries())).toEqual({ role: 'finance', kind: 'adjustment', limit: '1000.00', day_limit: '3000', month_limit: '20000.00', target_limit: '' });
    expect(await screen.findByText('审批额度已保存')).toBeInTheDocument();
  }, 60_000);
});
