import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import OnlinePaymentsPage from './online-payments-page';
import OnlineRefundsPage from './online-refunds-page';

const login = () => staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
const empty = { data: { list: [], total: 0, page: 1, pageSize: 20 } };

describe('online payments and refunds: the date filter says what it filters', () => {
  it('payments are filtered by the day they were started (发起日期), not 申请日期', async () => {
    login();
    const { calls } = mockApi({ '/api/admin/payments/list': empty, '/api/admin/payments/refund/list': empty });
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
});
