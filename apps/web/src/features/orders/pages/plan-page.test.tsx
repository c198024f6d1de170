import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { attestationDialog } from '../../../lib/attestation';
import PlanPage from './plan-page';
import { account, address, planFixture } from '../testing/plan-fixture';
import type { Plan } from '@lab/contract';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
const emptyPlan: Plan = { dataArr: [], count: 0, totalFen: 0 };

function setup(plan: Plan = planFixture, operate?: (call: MockCall) => Plan, addresses = [address]) {
  login();
  return mockApi({
    '/api/auth/tempDevice/list': { data: plan },
    '/api/auth/tempDevice/operate': (call) => ({ data: operate ? operate(call) : plan }),
    '/api/auth/user/info': { data: { account, addressList: addresses, cartNum: plan.count } },
  });
}

describe('experiment plan page', () => {
  it('shows the groups in the server order with each line; an unavailable line is greyed with its reason and not selectable', async () => {
    setup();
    renderApp(<PlanPage />, { path: '/experiment/plan' });
    const groups = await screen.findAllByRole('region', { name: /结构表征|数据处理/ });
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['结构表征', '数据处理']);
    const xrd = screen.getByRole('listitem', { name: 'XRD 粉末衍射' });
    expect(within(xrd).getByText('测试条件：扫描速度：慢扫')).toBeInTheDocument();
    expect(within(xrd).getByText('¥100.00')).toBeInTheDocument();
    expect(within(xrd).getByText('¥200.00')).toBeInTheDocument();
    expect(within(xrd).getByDisplayValue('需要精修')).toBeInTheDocument();
    const saxs = screen.getByRole('listitem', { name: 'SAXS 小角散射' });
    expect(saxs).toHaveClass('is-off');
    expect(within(saxs).getByText(/该项目已下架或测试条件已变更/)).toBeInTheDocument();
    expect(within(saxs).getByRole('checkbox', { name: '选择 SAXS 小角散射' })).toBeDisabled();
    // selected by default: the available lines only (200 + 240)
    expect(screen.getByTestId('plan-total')).toHaveTextContent('¥440.00');
    expect(screen.queryByText('未完善基本信息将无法正常下单')).toBeNull();
  });

  it('the total follows the selection and 去下单 carries the selected line ids', async () => {
    setup();
    const { router } = renderApp(<PlanPage />, { path: '/experiment/plan' });
    await userEvent.click(await screen.findByRole('checkbox', { name: '选择 XRD 粉末衍射' }));
    expect(screen.getByTestId('plan-total')).toHaveTextContent('¥240.00');
    await userEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(screen.getByTestId('plan-total')).toHaveTextContent('¥440.00');
    await userEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(screen.getByTestId('plan-total')).toHaveTextContent('¥0.00');
    expect(screen.getByRole('button', { name: '去下单' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: '选择 XRD 物相检索' }));
    await userEvent.click(screen.getByRole('button', { name: '去下单' }));
    expect(router.state.location.pathname).toBe('/experiment/confirm');
    expect(router.state.location.search).toBe('?ids=L3');
  });

  it('changing a count, removing a line and emptying the plan call tempDevice/operate', async () => {
    const { calls } = setup();
    renderApp(<PlanPage />, { path: '/experiment/plan' });
    const count = await screen.findByRole('spinbutton', { name: 'XRD 粉末衍射 数量' });
    await userEvent.clear(count);
    await userEvent.type(count, '5');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/tempDevice/operate')).toBe(true), { timeout: 2000 });
    const countCall = calls.find((c) => c.path === '/api/auth/tempDevice/operate')!;
    expect(Object.fromEntries(countCall.form)).toEqual({ action: 'count', ids: 'L1', count: '5' });

    await userEvent.click(screen.getByRole('button', { name: '移除 XRD 物相检索' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/tempDevice/operate')).toHaveLength(2));
    expect(Object.fromEntries(calls.filter((c) => c.path === '/api/auth/tempDevice/operate')[1]!.form)).toEqual({ action: 'remove', ids: 'L3' });
    // the header's cartNum is fetched again
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/user/info').length).toBeGreaterThan(1));

    await userEvent.click(screen.getByRole('button', { name: '清空' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('将移除实验计划中的全部项目，确定清空吗？')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '清空' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/tempDevice/operate')).toHaveLength(3));
    expect(Object.fromEntries(calls.filter((c) => c.path === '/api/auth/tempDevice/operate')[2]!.form)).toEqual({ action: 'clear', ids: '' });
  });

  it('an empty plan leads to the test services; a member without an address is warned, and 完善基本信息 opens the 资料认证 dialog in place', async () => {
    setup(emptyPlan, undefined, []);
    renderApp(<PlanPage />, { path: '/experiment/plan' });
    expect(await screen.findByText('实验计划还是空的，先挑选需要的检测项目吧')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选择检测项目' })).toHaveAttribute('href', `/project/1/${encodeURIComponent('送样检测')}`);
    expect(await screen.findByText('未完善基本信息将无法正常下单')).toBeInTheDocument();
    expect(attestationDialog.isOpen()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '完善基本信息' }));
    expect(attestationDialog.isOpen()).toBe(true);
  });
});
