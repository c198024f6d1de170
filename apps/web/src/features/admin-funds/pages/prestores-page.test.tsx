import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPrestore } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import PrestoresPage from './prestores-page';

const login = () => staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const application = (over: Partial<AdminPrestore>): AdminPrestore => ({
  rid: 'p1',
  applyNo: 'YC20261201123456',
  amountFen: 12_000_00,
  bonusFen: 360_00,
  status: 'pending',
  statusText: '待确认到账',
  payer: '复旦大学材料科学系',
  remark: '',
  community: null,
  hasReceipt: true,
  refuseReason: null,
  invoiceable: false,
  createdAt: '2026-12-01T02:30:00.000Z',
  confirmedAt: null,
  member: { rid: 'm1', phone: '13800138000', name: '张明', company: null },
  decidedAt: null,
  staffName: null,
  version: 1,
  ...over,
});

/** A small server: the queue (by status), the counts, and the two decisions over one array. */
function server() {
  const box = [application({ version: 3 }), application({ rid: 'p2', applyNo: 'YC20261130000001', version: 2, amountFen: 800_50, bonusFen: 0, hasReceipt: false, payer: '李娜', member: { rid: 'm2', phone: '13900139000', name: '李娜', company: null } })];
  const api = mockApi({
    '/api/admin/funds/prestore/list': (call: MockCall) => {
      const status = call.form.get('status');
      const list = status ? box.filter((p) => p.status === status) : box;
      return { data: { list, total: list.length, page: 1, pageSize: 20 } };
    },
    '/api/admin/funds/counts': () => ({ data: { prestore: box.filter((p) => p.status === 'pending').length, invoice: 0, transfer: 0, withdrawal: 0, credit: 0 } }),
    '/api/admin/funds/prestore/confirm': (call: MockCall) => {
      const found = box.find((p) => p.rid === call.form.get('rid'))!;
      // the server books only the version the queue showed
      if (Number(call.form.get('version')) !== found.version) return { code: 0, status: 409, msg: '该申请已被修改，请刷新后重新审核' };
      Object.assign(found, { status: 'confirmed', statusText: '已到账', staffName: '赵会计', decidedAt: '2026-12-01T03:00:00.000Z' });
      return { data: found, msg: '已确认到账' };
    },
    '/api/admin/funds/prestore/refuse': (call: MockCall) => {
      const found = box.find((p) => p.rid === call.form.get('rid'))!;
      Object.assign(found, { status: 'refused', statusText: '已驳回', refuseReason: call.form.get('reason') });
      return { data: found, msg: '已驳回' };
    },
  });
  return { ...api, box };
}
const callsTo = (calls: MockCall[], path: string) => calls.filter((c) => c.path === path);

describe('预存审核', () => {
  it('opens on the pending tab with its count, shows each application as finance checks it against the bank, and 全部 drops the status', async () => {
    login();
    const { calls } = server();
    renderApp(<PrestoresPage />, { path: '/admin/finance/prestores' });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('YC20261201123456')).toBeInTheDocument();
    expect(callsTo(calls, '/api/admin/funds/prestore/list')[0]!.form.get('status')).toBe('pending');
    expect(within(table).getByText('复旦大学材料科学系')).toBeInTheDocument();
    expect(within(table).getByText('¥12,000.00')).toBeInTheDocument();
    expect(within(table).getByText('¥800.50')).toBeInTheDocument();
    expect(within(table).getByText('未上传')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /待确认到账\s*2/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: '全部' }));
    await waitFor(() => expect(callsTo(calls, '/api/admin/funds/prestore/list').at(-1)!.form.has('status')).toBe(false));
  }, 60_000);

  it('confirms with a note after showing what is booked; refusing asks for the reason and sends it', async () => {
    login();
    const { calls } = server();
    renderApp(<PrestoresPage />, { path: '/admin/finance/prestores' });
    const table = await screen.findByRole('table');
    await within(table).findByText('YC20261201123456');

    await userEvent.click(within(table).getAllByRole('button', { name: '确认到账' })[0]!);
    const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(dialog).getByText('YC20261201123456')).toBeInTheDocument();
    expect(within(dialog).getByText('¥12,000.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '查看凭证' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/入账备注/), '招行 12-01 到账');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认到账' }));
    await waitFor(() => expect(callsTo(calls, '/api/admin/funds/prestore/confirm')).toHaveLength(1));
    const confirm = callsTo(calls, '/api/admin/funds/prestore/confirm')[0]!;
    // with the version of the row on screen: the server books only the application as finance saw it
    expect(Object.fromEntries(confirm.form)).toEqual({ rid: 'p1', version: '3', note: '招行 12-01 到账' });
    expect(await screen.findByText('已确认到账')).toBeInTheDocument();
    // the pending queue is read again and the confirmed one has left it
    await waitFor(() => expect(within(table).queryByText('YC20261201123456')).not.toBeInTheDocument());

    await userEvent.click(within(table).getByRole('button', { name: /驳\s*回/ }));
    const prompt = (await screen.findAllByRole('dialog')).at(-1)!;
    await userEvent.type(within(prompt).getByLabelText('驳回原因'), '未查到该笔转账');
    await userEvent.click(within(prompt).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(callsTo(calls, '/api/admin/funds/prestore/refuse')).toHaveLength(1));
    expect(Object.fromEntries(callsTo(calls, '/api/admin/funds/prestore/refuse')[0]!.form)).toEqual({ rid: 'p2', version: '2', reason: '未查到该笔转账' });
  }, 60_000);

  it('an application changed after the queue showed it: the confirmation is refused with the server\'s words, the dialog closes and the queue is read again', async () => {
    login();
    const { calls, box } = server();
    renderApp(<PrestoresPage />, { path: '/admin/finance/prestores' });
    const table = await screen.findByRole('table');
    await within(table).findByText('YC20261201123456');
    // the member changes the application after finance opened the queue
    box[0]!.version = 4;
    box[0]!.remark = '改了备注';

    await userEvent.click(within(table).getAllByRole('button', { name: '确认到账' })[0]!);
    const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
    await userEvent.click(within(dialog).getByRole('button', { name: '确认到账' }));
    expect(await screen.findByText('该申请已被修改，请刷新后重新审核')).toBeInTheDocument();
    expect(Object.fromEntries(callsTo(calls, '/api/admin/funds/prestore/confirm')[0]!.form)).toMatchObject({ rid: 'p1', version: '3' });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // the queue is read again (the first read, then the refresh after the 409)
    await waitFor(() => expect(callsTo(calls, '/api/admin/funds/prestore/list').length).toBeGreaterThan(1));

    // opened again from the refreshed row, the same click books the application as it is now
    await userEvent.click(within(table).getAllByRole('button', { name: '确认到账' })[0]!);
    const again = (await screen.findAllByRole('dialog')).at(-1)!;
    await userEvent.click(within(again).getByRole('button', { name: '确认到账' }));
    await waitFor(() => expect(callsTo(calls, '/api/admin/funds/prestore/confirm')).toHaveLength(2));
    expect(callsTo(calls, '/api/admin/funds/prestore/confirm')[1]!.form.get('version')).toBe('4');
    expect(await screen.findByText('已确认到账')).toBeInTheDocument();
  }, 60_000);
});
