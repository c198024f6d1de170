import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceApplication, InvoiceOnlineSource, InvoiceTitle, PrestoreApplication } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { InvoiceApplyModal } from './invoice-apply-modal';
import InvoiceRecordsPage from '../pages/invoice-records-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const title: InvoiceTitle = {
  rid: 'tt1',
  kind: 'unit',
  title: '复旦大学',
  tax_no: '12100000425006117P',
  bank: null,
  bank_account: null,
  address: null,
  phone: null,
  email: 'finance@fudan.edu.cn',
  default: 1,
  specialReady: false,
};

const prestore: PrestoreApplication = {
  rid: 'p1',
  applyNo: 'YC20260301123456',
  amountFen: 10_000_00,
  bonusFen: 0,
  status: 'confirmed',
  statusText: '已到账',
  payer: '',
  remark: '',
  community: null,
  hasReceipt: false,
  refuseReason: null,
  invoiceable: true,
  createdAt: '2026-03-01T02:00:00.000Z',
  confirmedAt: '2026-03-02T02:00:00.000Z',
};

const topup: InvoiceOnlineSource = { kind: 'online', ref: 'PAY2026031000001', title: '在线充值', channel: '微信支付', amountFen: 500_00, paidAt: '2026-03-10T02:00:00.000Z' };
const paidOrder: InvoiceOnlineSource = { kind: 'order', ref: 'LAB20260312000007', title: 'XRD 物相分析', channel: '支付宝', amountFen: 1_234_50, paidAt: '2026-03-12T02:00:00.000Z' };

const application = (over: Partial<InvoiceApplication>): InvoiceApplication => ({
  rid: 'ia1',
  type: 1,
  typeText: '增值税普通电子发票',
  title: { kind: 'unit', title: '复旦大学', tax_no: '12100000425006117P', bank: null, bank_account: null, address: null, phone: null, email: 'finance@fudan.edu.cn' },
  amountFen: 1_734_50,
  items: [
    { kind: 'online', ref: topup.ref, amountFen: topup.amountFen, refunded: false },
    { kind: 'order', ref: paidOrder.ref, amountFen: paidOrder.amountFen, refunded: false },
  ],
  email: 'finance@fudan.edu.cn',
  receiver: null,
  receiverPhone: null,
  receiverAddress: null,
  remark: '',
  status: 'pending',
  statusText: '待开票',
  invoiceNo: null,
  issuedOn: null,
  hasFile: false,
  rejectReason: null,
  redLetters: [],
  createdAt: '2026-03-12T03:00:00.000Z',
  ...over,
});

const sources = (online: InvoiceOnlineSource[]) => ({
  '/api/auth/invoice/list': { data: [title] },
  '/api/auth/prestore/list': { data: { list: [prestore], total: 1, page: 1, pageSize: 100 } },
  '/api/auth/invoiceApply/onlineSources': { data: online },
});

describe('invoice application: online payments', () => {
  it('picks an online top-up and an order paid online and sends them as payment_nos and order_nos', async () => {
    login();
    const { calls } = mockApi({ ...sources([topup, paidOrder]), '/api/auth/invoiceApply/add': { data: application({}), msg: '开票申请已提交' } });
    const onClose = vi.fn();
    renderApp(<InvoiceApplyModal editing={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '申请开票' });
    const topupBox = await within(dialog).findByRole('checkbox', { name: /PAY2026031000001/ });

    // nothing chosen: the contract's message under 开票款项, nothing sent
    await userEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(await within(dialog).findByText('[开票预存单]不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/invoiceApply/add')).toBe(false);

    // the online money is offered with its amount in yuan, the order by its online part
    expect(within(dialog).getByText('在线充值（按预存款开票）')).toBeInTheDocument();
    expect(within(dialog).getByText('在线支付的订单')).toBeInTheDocument();
    await userEvent.click(topupBox);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /订单 LAB20260312000007 ¥1,234\.50（在线支付部分）/ }));
    expect(within(dialog).queryByText('[开票预存单]不能为空')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('invoice-total')).toHaveTextContent('¥1,734.50');

    await userEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.path === '/api/auth/invoiceApply/add')!.form;
    expect(sent.get('payment_nos')).toBe('PAY2026031000001');
    expect(sent.get('order_nos')).toBe('LAB20260312000007');
    expect(sent.get('prestore_rids')).toBe('');
    expect(sent.get('type')).toBe('1');
    expect(sent.get('title_rid')).toBe('tt1');
    expect(sent.get('email')).toBe('finance@fudan.edu.cn');
  });

  it('editing keeps the online money the application covers (no longer listed as open) and can add a transfer top-up', async () => {
    login();
    const { calls } = mockApi({ ...sources([]), '/api/auth/invoiceApply/edit': { data: application({}) } });
    renderApp(<InvoiceApplyModal editing={application({})} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '修改开票申请' });
    expect(await within(dialog).findByRole('checkbox', { name: /PAY2026031000001/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /订单 LAB20260312000007/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /YC20260301123456/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /PAY2026031000001/ }));
    expect(within(dialog).getByTestId('invoice-total')).toHaveTextContent('¥11,234.50');

    await userEvent.click(within(dialog).getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/invoiceApply/edit')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/auth/invoiceApply/edit')!.form;
    expect(sent.get('rid')).toBe('ia1');
    expect(sent.get('prestore_rids')).toBe('p1');
    expect(sent.get('order_nos')).toBe('LAB20260312000007');
    expect(sent.get('payment_nos')).toBe('');
  });

  it('the record list says what each application covers', async () => {
    login();
    mockApi({ '/api/auth/invoiceApply/list': { data: { list: [application({})], total: 1, page: 1, pageSize: 10 } } });
    renderApp(<InvoiceRecordsPage />);
    const items = await screen.findByTestId('invoice-items');
    expect(items).toHaveTextContent('在线充值 PAY2026031000001 ¥500.00');
    expect(items).toHaveTextContent('订单 LAB20260312000007（在线支付部分）¥1,234.50');
  });
});
