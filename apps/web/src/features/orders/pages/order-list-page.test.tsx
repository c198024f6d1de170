import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { summary } from '../testing/fixtures';
import OrderListPage from './order-list-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const byTab: Record<string, OrderSummary[]> = {
  all: [
    summary(),
    summary({
      orderNo: 'DD202603010007',
      title: '透射电镜（TEM）',
      progress: 'delivered',
      progressText: '已出数据',
      payment: 'paid',
      paymentText: '已支付',
      totalFen: 1200_00,
      discountFen: 100_00,
      payableFen: 1100_00,
      createdAt: '2026-03-01T16:10:00.000Z',
      actions: { pay: false, cancel: false, confirmData: true, dispute: true, evaluate: false },
    }),
  ],
  delivered: [],
  completed: [
    summary({
      orderNo: 'DD202602200003',
      progress: 'completed',
      progressText: '已完成',
      payment: 'paid',
      paymentText: '已支付',
      actions: { pay: false, cancel: false, confirmData: false, dispute: false, evaluate: true },
    }),
  ],
};

describe('my orders', () => {
  it('全部 lists cards with number, Shanghai time, title, samples, amount, tags and the server-decided actions', async () => {
    login();
    mockApi({
      '/api/auth/order/list4person': (call) => {
        const list = byTab[call.form.get('tab') ?? ''] ?? [];
        return { data: { list, total: list.length, page: 1, pageSize: 10 } };
      },
    });
    renderApp(<OrderListPage />, { path: '/member/order' });
    const list = await screen.findByRole('list', { name: '全部订单' });
    const cards = within(list).getAllByTestId('ord-card');
    expect(cards).toHaveLength(2);

    const first = cards[0]!;
    expect(first).toHaveTextContent('DD202603050001');
    expect(first).toHaveTextContent('2026-03-05 10:30');
    expect(first).toHaveTextContent('X射线衍射（XRD）、扫描电镜（SEM）');
    expect(first).toHaveTextContent('2 个项目 · 3 个样品');
    expect(first).toHaveTextContent('上门取样');
    expect(first).toHaveTextContent('¥680.00');
    expect(within(first).getByTestId('progress-tag')).toHaveTextContent('待确认');
    expect(within(first).getByTestId('payment-tag')).toHaveTextContent('待支付');
    expect(within(first).getByRole('button', { name: '去支付' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '取消订单' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '查看详情' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: '确认数据' })).toBeNull();
    expect(within(first).getByRole('link', { name: 'DD202603050001' })).toHaveAttribute('href', '/member/order/DD202603050001');
    // each order says what comes next
    expect(within(first).getByTestId('ord-next')).toHaveTextContent('下一步：去支付');

    const second = cards[1]!;
    // 16:10 UTC is the next day in Shanghai
    expect(second).toHaveTextContent('2026-03-02 00:10');
    expect(second).toHaveTextContent('¥1,100.00');
    expect(second).toHaveTextContent('已优惠 ¥100.00');
    expect(within(second).getByTestId('progress-tag')).toHaveTextContent('已出数据');
    expect(within(second).getByRole('button', { name: '确认数据' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: '申请复测' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: '去支付' })).toBeNull();
    expect(within(second).queryByRole('button', { name: '取消订单' })).toBeNull();
    expect(within(second).getByTestId('ord-next')).toHaveTextContent('下一步：下载报告并确认数据');
  });

  it('each tab asks the server for its status and remembers it in the URL', async () => {
    login();
    const { calls } = mockApi({
      '/api/auth/order/list4person': (call) => {
        const list = byTab[call.form.get('tab') ?? ''] ?? [];
        return { data: { list, total: list.length, page: 1, pageSize: 10 } };
      },
    });
    const { router } = renderApp(<OrderListPage />, { path: '/member/order' });
    await screen.findByRole('list', { name: '全部订单' });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['全部', '待确认', '待寄样', '已收样', '测试中', '已出数据', '已完成', '已取消']);

    await userEvent.click(screen.getByRole('tab', { name: '已出数据' }));
    expect(await screen.findByText('没有已出数据的订单')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=delivered');

    await userEvent.click(screen.getByRole('tab', { name: '已完成' }));
    const done = await screen.findByRole('list', { name: '已完成订单' });
    expect(within(done).getByRole('button', { name: '评价' })).toBeInTheDocument();

    await waitFor(() => {
      const asked = calls.filter((c) => c.path === '/api/auth/order/list4person').map((c) => c.form.get('tab'));
      expect(asked).toEqual(expect.arrayContaining(['all', 'delivered', 'completed']));
    });
  });

  it('opens on the tab of the URL', async () => {
    login();
    const { calls } = mockApi({
      '/api/auth/order/list4person': (call) => {
        const list = byTab[call.form.get('tab') ?? ''] ?? [];
        return { data: { list, total: list.length, page: 1, pageSize: 10 } };
      },
    });
    renderApp(<OrderListPage />, { path: '/member/order?tab=completed' });
    expect(await screen.findByRole('list', { name: '已完成订单' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '已完成' })).toHaveAttribute('aria-selected', 'true');
    expect(calls.map((c) => c.form.get('tab'))).not.toContain('all');
  });

  it('a failed load says so with the server’s message; 重试 reads again', async () => {
    login();
    let fail = true;
    mockApi({
      '/api/auth/order/list4person': () => (fail ? { code: 0, msg: '订单服务暂不可用' } : { data: { list: [summary()], total: 1, page: 1, pageSize: 10 } }),
    });
    renderApp(<OrderListPage />, { path: '/member/order' });
    expect(await screen.findByText('订单加载失败')).toBeInTheDocument();
    expect(screen.getByText('订单服务暂不可用')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText(summary().orderNo)).toBeInTheDocument();
    expect(screen.queryByText('订单加载失败')).not.toBeInTheDocument();
  });
});
