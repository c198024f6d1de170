import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueueBoard } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import QueuePage from './queue-page';

const sample = (position: number, code: string) => ({ position, code, name: `样品${position}`, orderNo: code.slice(0, 18), memberName: '陈老师', queuedAt: '2026-03-02T02:00:00Z' });

const board = (codes: string[]): QueueBoard => ({
  instruments: [
    { rid: 'xrd', name: 'X射线衍射 XRD', queued: codes.length, capacityPerDay: 8, defaultMinDays: 3, defaultMaxDays: 5 },
    { rid: 'sem', name: '扫描电镜 SEM', queued: 0, capacityPerDay: 6, defaultMinDays: 3, defaultMaxDays: 5 },
  ],
  current: {
    rid: 'xrd',
    name: 'X射线衍射 XRD',
    queued: codes.length,
    capacityPerDay: 8,
    defaultMinDays: 3,
    defaultMaxDays: 5,
    samples: codes.map((code, i) => sample(i + 1, code)),
    closedDays: [{ id: 4, day: '2026-04-06', kind: 'holiday', note: '清明节', all: true }],
  },
});

const A = 'KY2026030212345678-1-1';
const B = 'KY2026030287654321-1-1';
const login = () => staffSession.saveSession({ token: 'staff-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
afterEach(() => staffSession.clearSession());

describe('排队看板', () => {
  it('shows the queue in order and moves a sample up with the reason asked for', async () => {
    login();
    let shown = board([A, B]);
    const { calls } = mockApi({
      '/api/admin/me': { data: { id: 3, account: 'lab', name: '李实验员', role: 'lab', phone: null } },
      '/api/admin/queue/board': () => ({ data: shown }),
      '/api/admin/queue/reorder': () => {
        shown = board([B, A]);
        return { msg: '排队顺序已调整', data: shown };
      },
    });
    const user = userEvent.setup();
    renderApp(<QueuePage />, { path: '/admin/queue' });
    const rows = async () => (await screen.findAllByText(/^KY/, { selector: 'code' })).map((code) => code.textContent);
    await waitFor(async () => expect(await rows()).toEqual([A, B]));
    expect(screen.getByText('X射线衍射 XRD · 排队 2 个 · 每日可测 8 个')).toBeInTheDocument();
    expect(screen.getByText('清明节')).toBeInTheDocument();
    expect(screen.getByText('每日产能与停机日由管理员维护')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `上移 ${A}` })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: `上移 ${B}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '调整' }));
    // no reason: nothing is sent
    expect(await within(dialog).findByText('[调整原因]不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/queue/reorder')).toBe(false);
    await user.type(within(dialog).getByLabelText('调整原因'), '客户加急');
    await user.click(within(dialog).getByRole('button', { name: '调整' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/queue/reorder')).toBe(true));
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/admin/queue/reorder')!.form)).toEqual({ code: B, direction: 'up', reason: '客户加急' });
    await waitFor(async () => expect(await rows()).toEqual([B, A]));
  }, 30_000);

  it('lets the admin add a closed day for every instrument', async () => {
    login();
    const { calls } = mockApi({
      '/api/admin/me': { data: { id: 1, account: 'admin', name: '管理员', role: 'admin', phone: null } },
      '/api/admin/queue/board': { data: board([A]) },
      '/api/admin/queue/closeDay': { data: board([A]) },
    });
    const user = userEvent.setup();
    renderApp(<QueuePage />, { path: '/admin/queue' });
    await user.type(await screen.findByLabelText('停机日期'), '2026-05-01');
    await user.type(screen.getByLabelText('停机说明'), '劳动节');
    await user.click(screen.getByRole('checkbox', { name: '所有仪器' }));
    await user.click(screen.getByRole('button', { name: '添加停机日' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/queue/closeDay')).toBe(true));
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/admin/queue/closeDay')!.form)).toEqual({ day: '2026-05-01', kind: 'maintenance', note: '劳动节' });
  }, 30_000);

  it('lets the admin save the capacity and the default service time together', async () => {
    login();
    const { calls } = mockApi({
      '/api/admin/me': { data: { id: 1, account: 'admin', name: '管理员', role: 'admin', phone: null } },
      '/api/admin/queue/board': { data: board([A]) },
      '/api/admin/queue/capacity': { data: board([A]) },
    });
    const user = userEvent.setup();
    renderApp(<QueuePage />, { path: '/admin/queue' });
    const capacity = await screen.findByLabelText('每日可测样品数');
    await user.clear(capacity);
    await user.type(capacity, '12');
    await user.clear(screen.getByLabelText('默认最长周期'));
    await user.type(screen.getByLabelText('默认最长周期'), '7');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/queue/capacity')).toBe(true));
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/admin/queue/capacity')!.form)).toEqual({ item_rid: 'xrd', capacity_per_day: '12', default_min_days: '3', default_max_days: '7' });
  }, 30_000);
});
