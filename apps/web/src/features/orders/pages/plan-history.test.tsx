import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import PlanPage from './plan-page';
import { account, address, planFixture } from '../testing/plan-fixture';
import type { OrderedItem, Page, Plan } from '@lab/contract';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
const emptyPlan: Plan = { dataArr: [], count: 0, totalFen: 0 };

const item = (n: number, over: Partial<OrderedItem> = {}): OrderedItem => ({
  rid: `item${n}`,
  name: `检测项目${n}`,
  img: `/uploads/item${n}.jpg`,
  times: n,
  unit: '样品',
  samples: n * 2,
  lastOrderedAt: '2026-03-05T02:30:00.000Z',
  ...over,
});
const page = (list: OrderedItem[], total = list.length): Page<OrderedItem> => ({ list, total, page: 1, pageSize: 8 });

function setup(history: Page<OrderedItem>, plan: Plan = planFixture) {
  login();
  return mockApi({
    '/api/auth/tempDevice/list': { data: plan },
    '/api/auth/user/info': { data: { account, addressList: [address], cartNum: plan.count } },
    '/api/auth/order/history4user': { data: history },
  });
}

describe('plan page: 常用项目 / 再次下单', () => {
  it('lists what I ordered before below the plan with times, samples and the Shanghai date, each leading to its detail page', async () => {
    const { calls } = setup(
      page([
        item(1, { rid: 'xrd 01', name: 'XRD 粉末衍射', times: 3, samples: 7, lastOrderedAt: '2026-03-05T16:30:00.000Z' }),
        item(2, { rid: 'sem01', name: 'SEM 机时预约', times: 1, samples: 2, unit: '小时' }),
      ]),
    );
    const { router } = renderApp(<PlanPage />, { path: '/experiment/plan' });
    const section = await screen.findByRole('region', { name: '常用项目' });
    expect(within(section).getByRole('heading', { name: '常用项目 / 再次下单' })).toBeInTheDocument();
    const rows = within(section).getAllByTestId('ordered-item');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['XRD 粉末衍射', 'SEM 机时预约']);
    expect(rows[0]).toHaveTextContent('下单 3 次 · 累计 7 样品');
    expect(rows[1]).toHaveTextContent('下单 1 次 · 累计 2 小时');
    // 16:30 UTC is already the next day in Shanghai
    expect(rows[0]).toHaveTextContent('最近下单 2026-03-06');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/uploads/item1.jpg');
    expect(within(section).getByRole('link', { name: '查看全部订单' })).toHaveAttribute('href', '/member/order');
    // it follows the plan
    const groups = screen.getAllByRole('region', { name: /结构表征|数据处理/ });
    expect(groups.at(-1)!.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const history = calls.find((c) => c.path === '/api/auth/order/history4user')!;
    expect(Object.fromEntries(history.form)).toEqual({ page: '1', pageSize: '8' });

    await userEvent.click(within(rows[0]!).getByRole('link', { name: '再次下单 XRD 粉末衍射' }));
    expect(router.state.location.pathname).toBe('/detail/xrd%2001');
  });

  it('shows at most 8 items even if the server sends more', async () => {
    setup(page(Array.from({ length: 10 }, (_, i) => item(i + 1)), 12));
    renderApp(<PlanPage />, { path: '/experiment/plan' });
    const section = await screen.findByRole('region', { name: '常用项目' });
    expect(within(section).getAllByTestId('ordered-item')).toHaveLength(8);
  });

  it('is also offered when the plan is empty', async () => {
    setup(page([item(1)]), emptyPlan);
    renderApp(<PlanPage />, { path: '/experiment/plan' });
    expect(await screen.findByText('实验计划还是空的，先挑选需要的检测项目吧')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: '常用项目' })).toBeInTheDocument();
  });

  it('is hidden when I have never ordered', async () => {
    const { calls } = setup(page([]));
    renderApp(<PlanPage />, { path: '/experiment/plan' });
    expect(await screen.findByRole('listitem', { name: 'XRD 粉末衍射' })).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/auth/order/history4user')).toBe(true));
    // let the answer arrive and render
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: '常用项目' })).toBeNull();
    expect(screen.queryByText('常用项目 / 再次下单')).toBeNull();
  });
});
