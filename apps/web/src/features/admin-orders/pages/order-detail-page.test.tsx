import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import OrderDetailPage from './order-detail-page';
import { ORDER, orderDetail } from '../testing/order-detail-fixture';
import type { AdminOrderDetail } from '@lab/contract';

/** Issue 31, item 9: what the desk's order page says about a payment and about confirming. */
const login = () => staffSession.saveSession({ token: 'staff-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
afterEach(() => staffSession.clearSession());

function open(detail: AdminOrderDetail, role: 'sales' | 'lab' = 'sales') {
  login();
  mockApi({
    '/api/admin/me': { data: { id: 3, account: role, name: '王经理', role, phone: null } },
    '/api/admin/orders/detail': () => ({ data: detail }),
  });
  return renderApp(<div />, { path: `/admin/orders/${ORDER}`, routes: [{ path: '/admin/orders/:orderNo', element: <OrderDetailPage /> }] });
}

describe('后台订单详情', () => {
  it('names the channel each payment used (微信支付), not only the funds it passed through', async () => {
    open(
      orderDetail({
        paidFen: 105_000,
        paidFrom: { kind: 'member', name: '陈老师' },
        paidBy: [
          { channel: '微信支付', amountFen: 80_000, paidAt: '2026-03-01T03:00:00Z', reference: 'PAY20260301001' },
          { channel: '本人预存款', amountFen: 25_000, paidAt: '2026-03-01T03:00:00Z', reference: '' },
        ],
      }),
    );
    const parts = await screen.findByRole('list', { name: '支付明细' });
    const items = within(parts).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toMatch(/¥800\.00.*· 微信支付.*PAY20260301001/);
    expect(items[1]).toMatch(/¥250\.00.*· 本人预存款/);
    expect(screen.queryByText(/已付 · 本人预存款/)).toBeNull();
  }, 30_000);

  it('confirming a home-pickup order promises the pickup, not a 寄样提醒', async () => {
    open(
      orderDetail({
        progress: 'submitted',
        progressText: '待确认',
        delivery: 'pickup',
        paidBy: [],
        staffActions: { confirm: true, receive: false, test: false, deliver: false, complete: false, retest: false, cancel: true, upload: false, call: false, notify: false },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '确认订单' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确认后客户将收到上门取样提醒');
    expect(dialog).not.toHaveTextContent('寄样提醒');
  }, 30_000);

  it('confirming an order whose samples are sent promises the 寄样提醒', async () => {
    open(
      orderDetail({
        progress: 'submitted',
        progressText: '待确认',
        delivery: 'self',
        paidBy: [],
        staffActions: { confirm: true, receive: false, test: false, deliver: false, complete: false, retest: false, cancel: true, upload: false, call: false, notify: false },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '确认订单' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('确认后客户将收到寄样提醒');
  }, 30_000);
});
