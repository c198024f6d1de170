import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrderRow } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import OrdersPage from './orders-page';

const row = (over: Partial<AdminOrderRow>): AdminOrderRow => ({
  orderNo: 'KY2026030212345678',
  kind: 'test',
  progress: 'testing',
  progressText: '测试中',
  payment: 'paid',
  paymentText: '已支付',
  title: 'X 射线光电子能谱 XPS',
  lineCount: 1,
  sampleCount: 3,
  totalFen: 105_000,
  discountFen: 0,
  payableFen: 105_000,
  payLater: false,
  projectNo: '',
  delivery: 'self',
  createdAt: '2026-03-01T02:00:00Z',
  paidAt: '2026-03-01T03:00:00Z',
  actions: { pay: false, cancel: false, confirmData: false, dispute: false, evaluate: false },
  member: { rid: 'm1', name: '陈老师', phone: '13900139000', organization: 3, company: '上海交通大学' },
  receivedAt: '2026-03-01T20:00:00Z',
  deliveredAt: null,
  promises: [{ kind: 'call', since: '2026-03-01T20:00:00Z', dueAt: '2026-03-01T22:00:00Z', doneAt: null, state: 'overdue' }],
  atRisk: true,
  unsettledDays: null,
  ...over,
});

const login = () => staffSession.saveSession({ token: 'staff-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
afterEach(() => staffSession.clearSession());
const lastList = (calls: MockCall[]) => calls.filter((c) => c.path === '/api/admin/orders/list').at(-1)!.form;

describe('订单管理', () => {
  it('sends the tab, keyword and filters to the server and shows each order with its promises', async () => {
    login();
    const { calls } = mockApi({
      '/api/admin/me': { data: { id: 2, account: 'sales', name: '王经理', role: 'sales', phone: null } },
      '/api/admin/orders/list': (call) => ({
        data: { list: call.form.get('progress') === 'cancelled' ? [] : [row({}), row({ orderNo: 'KY2026030287654321', atRisk: false, promises: [], progress: 'delivered', progressText: '已出数据', payment: 'unsettled', paymentText: '待结算', payLater: true, unsettledDays: 12 })], total: 2, page: 1, pageSize: 20 },
      }),
    });
    const user = userEvent.setup();
    renderApp(<OrdersPage />, { path: '/admin/orders' });

    const link = await screen.findByRole('link', { name: 'KY2026030212345678' });
    expect(link).toHaveAttribute('href', '/admin/orders/KY2026030212345678');
    const first = link.closest('tr')!;
    expect(first).toHaveTextContent('陈老师');
    expect(first).toHaveTextContent('¥1,050.00');
    expect(within(first).getByTestId('promise-call')).toHaveTextContent('到样回访 · 已超时');
    expect(first).toHaveClass('desk-row-risk');
    expect(within(first).queryByTestId('unsettled-days')).not.toBeInTheDocument();
    // a delivered pay-after-test order still unpaid is flagged to sales with the days it waits
    const second = screen.getByRole('link', { name: 'KY2026030287654321' }).closest('tr')!;
    expect(within(second).getByTestId('unsettled-days')).toHaveTextContent('待结算 12 天');
    // sales does not receive samples: no shortcut to the receiving desk
    expect(screen.queryByRole('button', { name: /收样登记/ })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('搜索订单'), ' 13900139000 {Enter}');
    await waitFor(() => expect(lastList(calls).get('keyword')).toBe('13900139000'));
    expect(lastList(calls).get('page')).toBe('1');

    await user.click(screen.getByRole('tab', { name: '测试中' }));
    await waitFor(() => expect(lastList(calls).get('progress')).toBe('testing'));
    expect(lastList(calls).get('keyword')).toBe('13900139000');

    await user.click(screen.getByRole('tab', { name: '已取消' }));
    expect(await screen.findByText('没有符合条件的订单，换个关键词或筛选条件试试')).toBeInTheDocument();
  }, 30_000);
});
