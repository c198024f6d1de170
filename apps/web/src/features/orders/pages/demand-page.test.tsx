import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Requirement } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import DemandPage from './demand-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const quoted: Requirement = {
  rid: 'q1',
  title: '锂电正极材料物相与形貌表征',
  content: 'NCM811 物相纯度与颗粒形貌',
  samples: '粉末 3 个',
  budget: '3000 元以内',
  deadline: '2026-12-20',
  contact: '王老师',
  phone: '13900139000',
  status: 'quoted',
  statusText: '已报价',
  files: [{ id: 'f1', name: '测试方案.pdf' }],
  quote: {
    lines: [
      { rid: 'xrd', name: 'XRD 粉末衍射', count: 2, options: [{ optionId: 1, choiceId: 1, name: '扫描速度', label: '常规', priceFen: 0 }], unitPriceFen: 60_00, amountFen: 120_00 },
      { rid: 'sem', name: '扫描电镜 SEM', count: 3, options: [], unitPriceFen: 120_00, amountFen: 360_00 },
    ],
    totalFen: 480_00,
    note: '含 XRD 精修一次',
    quotedAt: '2026-11-22T03:00:00Z',
  },
  createdAt: '2026-11-22T02:00:00Z',
};

describe('DemandPage', () => {
  it('shows the quote lines and total; accepting puts them into the plan and leads there', async () => {
    login();
    let current = quoted;
    const { calls } = mockApi({
      '/api/auth/demand/list': () => ({ data: { list: [current], total: 1, page: 1, pageSize: 10 } }),
      '/api/auth/demand/accept': () => {
        current = { ...quoted, status: 'accepted', statusText: '已接受' };
        return { msg: '报价已加入实验计划', data: current };
      },
      '/api/auth/user/info': { data: { account: { phone: '13900139000' }, addressList: [], cartNum: 2 } },
    });
    const user = userEvent.setup();
    renderApp(<DemandPage />);
    const item = await screen.findByTestId('requirement-item');
    expect(item).toHaveTextContent('XRD 粉末衍射');
    expect(item).toHaveTextContent('¥60.00 × 2');
    expect(within(item).getByTestId('quote-total')).toHaveTextContent('¥480.00');
    expect(within(item).getByRole('button', { name: /测试方案\.pdf/ })).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: /接受报价并加入实验计划/ }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: '接受报价' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/demand/accept')?.form.get('rid')).toBe('q1'));
    expect(await screen.findByRole('link', { name: /去实验计划下单/ })).toHaveAttribute('href', '/experiment/plan');
    expect(within(screen.getByTestId('requirement-item')).queryByRole('button', { name: '撤回' })).not.toBeInTheDocument();
  }, 30_000);
});
