import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReconcileLine, ReconcileRun } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import ReconcilePage from './reconcile-page';

const login = () => staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const run = (over: Partial<ReconcileRun>): ReconcileRun => ({
  id: 1,
  vendor: 'wechat',
  vendorText: '微信支付',
  day: '2026-11-25',
  provider: 'local',
  state: 'done',
  error: '',
  billPayCount: 3,
  billPayFen: 599_00,
  billRefundCount: 0,
  billRefundFen: 0,
  ourPayCount: 3,
  ourPayFen: 600_00,
  ourRefundCount: 0,
  ourRefundFen: 0,
  mismatchCount: 1,
  openCount: 1,
  runBy: 'job',
  staffName: null,
  ranAt: '2026-11-26T02:20:00.000Z',
  ...over,
});
const line: ReconcileLine = {
  id: 7,
  kind: 'amount',
  kindText: '金额不符',
  paymentNo: 'OP2026112500000000000001',
  refundNo: null,
  tradeNo: 'LP1',
  billFen: 99_00,
  ourFen: 100_00,
  ourState: '',
  resolvedAt: null,
  resolvedByName: null,
  resolveNote: '',
};

function server() {
  const runs = [run({}), run({ id: 2, vendor: 'alipay', vendorText: '支付宝', mismatchCount: 0, openCount: 0, billPayFen: 80_00, ourPayFen: 80_00, billPayCount: 1, ourPayCount: 1 })];
  const lines = [{ ...line }];
  return mockApi({
    '/api/admin/payments/reconcile/list': () => ({ data: runs }),
    '/api/admin/payments/reconcile/detail': (call: MockCall) => ({ data: { run: runs.find((r) => r.id === Number(call.form.get('id')))!, lines } }),
    '/api/admin/payments/reconcile/resolve': (call: MockCall) => {
      Object.assign(lines[0]!, { resolvedAt: '2026-11-26T03:00:00.000Z', resolvedByName: '赵会计', resolveNote: call.form.get('note') });
      Object.assign(runs[0]!, { openCount: 0 });
      return { data: lines[0], msg: '差异已处理' };
    },
    '/api/admin/payments/reconcile/run': (call: MockCall) => ({ data: runs.filter((r) => !call.form.get('vendor') || r.vendor === call.form.get('vendor')), msg: '对账已完成' }),
  });
}
const callsTo = (calls: MockCall[], path: string) => calls.filter((c) => c.path === path);

describe('对账', () => {
  it('lists each day and channel with both totals, opens a run and resolves a difference with a note', async () => {
    login();
    const { calls } = server();
    renderApp(<ReconcilePage />, { path: '/admin/finance/payments' });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('1条差异待处理')).toBeInTheDocument();
    expect(within(table).getByText('一致')).toBeInTheDocument();
    expect(within(table).getByText('¥599.00')).toBeInTheDocument();

    await userEvent.click(within(table).getAllByRole('button', { name: '查看' })[0]!);
    expect(await screen.findByText('2026-11-25 微信支付对账')).toBeInTheDocument();
    const drawer = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(await within(drawer).findByText('金额不符')).toBeInTheDocument();
    expect(within(drawer).getByText('¥99.00')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: '处理' }));
    const prompt = (await screen.findAllByRole('dialog')).at(-1)!;
    await userEvent.type(within(prompt).getByLabelText('处理说明'), '渠道手续费差额，已核实');
    await userEvent.click(within(prompt).getByRole('button', { name: '标记已处理' }));
    await waitFor(() => expect(callsTo(calls, '/api/admin/payments/reconcile/resolve')).toHaveLength(1));
    expect(Object.fromEntries(callsTo(calls, '/api/admin/payments/reconcile/resolve')[0]!.form)).toEqual({ id: '7', note: '渠道手续费差额，已核实' });
    expect(await within(drawer).findByText('渠道手续费差额，已核实')).toBeInTheDocument();
  }, 60_000);

  it('re-runs yesterday for every channel from the dialog', async () => {
    login();
    const { calls } = server();
    renderApp(<ReconcilePage />, { path: '/admin/finance/payments' });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: '重新对账' }));
    const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
    await userEvent.click(within(dialog).getByRole('button', { name: '下载账单并对账' }));
    await waitFor(() => expect(callsTo(calls, '/api/admin/payments/reconcile/run')).toHaveLength(1));
    const sent = Object.fromEntries(callsTo(calls, '/api/admin/payments/reconcile/run')[0]!.form);
    expect(sent.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent.vendor ?? '').toBe('');
    expect(await screen.findByText('对账已完成')).toBeInTheDocument();
  }, 60_000);
});
