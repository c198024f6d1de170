import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import OnlinePaymentsPage from './online-payments-page';
import OnlineRefundsPage from './online-refunds-page';

const login = () => staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
const empty = { data: { list: [], total: 0, page: 1, pageSize: 20 } };
const today = {
  day: '2026-12-08',
  channels: [
    { vendor: 'wechat', vendorText: '微信支付', count: 3, amountFen: 1_780_00 },
    { vendor: 'alipay', vendorText: '支付宝', count: 1, amountFen: 300_00 },
  ],
  totalFen: 2_080_00,
};
const paymentsEmpty = { data: { ...empty.data, today } };

describe('online payments and refunds: the date filter says what it filters', () => {
  it('payments are filtered by the day they were started (发起日期), not 申请日期', async () => {
    login();
    const { calls } = mockApi({ '/api/admin/payments/list': paymentsEmpty, '/api/admin/payments/refund/list': empty });
    renderApp(<OnlinePaymentsPage />, { path: '/admin/payments' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/payments/list')).toBe(true));
    expect((await screen.findAllByLabelText('发起日期')).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('申请日期')).toBeNull();
    expect(screen.getByPlaceholderText('发起开始日期')).toBeInTheDocument();
  });

  it('refunds too', async () => {
    login();
    mockApi({ '/api/admin/payments/refund/list': empty });
    renderApp(<OnlineRefundsPage />, { path: '/admin/payments/refunds' });
    expect((await screen.findAllByLabelText('发起日期')).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('申请日期')).toBeNull();
  });

  it("finance sees today's online payments totalled by channel above the list (issue 31)", async () => {
    login();
    mockApi({ '/api/admin/payments/list': paymentsEmpty });
    renderApp(<OnlinePaymentsPage />, { path: '/admin/payments' });
    expect(await screen.findByRole('group', { name: '今日在线收款' })).toHaveTextContent('2026-12-08');
    expect(screen.getByTestId('today-wechat')).toHaveTextContent(/微信支付 ¥1,780\.00（3 笔）/);
    expect(screen.getByTestId('today-alipay')).toHaveTextContent(/支付宝 ¥300\.00（1 笔）/);
    expect(screen.getByTestId('today-total')).toHaveTextContent(/合计 ¥2,080\.00/);
  });
});
