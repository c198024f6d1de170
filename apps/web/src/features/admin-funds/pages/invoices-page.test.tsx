import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminInvoice } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import InvoicesPage from './invoices-page';

const login = () => staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

/** An e-invoice issued for an order paid online, whose order was then cancelled and refunded to WeChat (issue 28, hole 4). */
const owing = (): AdminInvoice => ({
  rid: 'i1',
  type: 1,
  typeText: '增值税普通电子发票',
  title: { kind: 'unit', title: '复旦大学', tax_no: '12100000425006117P', bank: null, bank_account: null, address: null, phone: null, email: 'finance@fudan.edu.cn' },
  amountFen: 300_00,
  items: [{ kind: 'order', ref: 'KY2026051400000001', amountFen: 300_00, refunded: true }],
  email: 'finance@fudan.edu.cn',
  receiver: null,
  receiverPhone: null,
  receiverAddress: null,
  remark: '',
  status: 'issued',
  statusText: '已开票',
  invoiceNo: '24312000000011112222',
  issuedOn: '2026-05-14',
  hasFile: true,
  rejectReason: null,
  redLetters: [{ status: 'needed', statusText: '待红冲', amountFen: 300_00, reason: '订单KY2026051400000001已取消，退款¥300.00', redInvoiceNo: null, redIssuedOn: null, createdAt: '2026-05-15T02:00:00.000Z' }],
  createdAt: '2026-05-14T02:00:00.000Z',
  member: { rid: 'm1', phone: '13800138000', name: '张明', company: '复旦大学' },
  decidedAt: '2026-05-14T03:00:00.000Z',
  staffName: '赵会计',
  version: 4,
});

function server() {
  const invoice = owing();
  const api = mockApi({
    '/api/admin/funds/invoice/list': (call: MockCall) => {
      const red = call.form.get('red');
      const list = red === 'needed' ? [invoice].filter((i) => i.redLetters.some((r) => r.status === 'needed')) : call.form.get('status') === 'pending' ? [] : [invoice];
      return { data: { list, total: list.length, page: 1, pageSize: 20 } };
    },
    '/api/admin/funds/counts': () => ({ data: { prestore: 0, invoice: 0, invoiceRed: invoice.redLetters.filter((r) => r.status === 'needed').length, transfer: 0, withdrawal: 0, credit: 0 } }),
    '/api/admin/funds/invoice/red': (call: MockCall) => {
      if (Number(call.form.get('version')) !== invoice.version) return { code: 0, status: 409, msg: '该申请已被修改，请刷新后重新审核' };
      invoice.redLetters = invoice.redLetters.map((r) => ({ ...r, status: 'done', statusText: '已红冲', redInvoiceNo: call.form.get('red_invoice_no'), redIssuedOn: call.form.get('red_issued_on') }));
      invoice.version += 1;
      return { data: invoice, msg: '已登记红冲' };
    },
  });
  return api;
}

describe('发票管理 → 待红冲', () => {
  it('lists an issued invoice whose money was refunded, with its count; 登记红冲 sends the red-letter invoice on the version shown', async () => {
    login();
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    renderApp(<InvoicesPage />, { path: '/admin/finance/invoices' });
    await user.click(await screen.findByRole('tab', { name: /待红冲\s*1/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/funds/invoice/list').at(-1)!.form.get('red')).toBe('needed'));
    expect(calls.filter((c) => c.path === '/api/admin/funds/invoice/list').at(-1)!.form.has('status')).toBe(false);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText(/订单KY2026051400000001已取消/)).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: '登记红冲' }));
    // (the test renderer gives every antd id the same value, so the dialog is found by role, then its title)
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('登记红冲')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('该发票所含款项已退款 ¥300.00');
    expect(dialog).toHaveTextContent('24312000000011112222');
    await user.click(within(dialog).getByRole('button', { name: '确认已红冲' }));
    expect(await screen.findByText('[红字发票号码]不能为空', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/funds/invoice/red')).toBe(false);
    await user.type(within(dialog).getByLabelText('红字发票号码'), '24312000000099991111');
    await user.click(within(dialog).getByRole('button', { name: '确认已红冲' }));
    expect(await screen.findByText('已登记红冲', {}, { timeout: 5000 })).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/api/admin/funds/invoice/red').map((c) => Object.fromEntries(c.form));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ rid: 'i1', version: '4', red_invoice_no: '24312000000099991111' });
    expect(sent[0]!.red_issued_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }, 60_000);
});
