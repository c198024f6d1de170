import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render';
import { mockApi } from '../../testing/fetch-mock';
import { saveSession } from '../../lib/session';
import { loginPanel } from '../../lib/login-panel';
import { useUserInfo } from '../../lib/user-info';
import { LoginPanelHost } from '../../features/accounts/login-panel-host';
import { AddToPlanPanel, type AddToPlanItem } from './add-to-plan-panel';

const item: AddToPlanItem = {
  rid: 'xrd',
  name: 'XRD 粉末衍射',
  priceFen: 6000,
  unit: '样品',
  options: [
    { id: 1, name: '扫描速度', choices: [{ id: 1, label: '常规 10°/min', priceFen: 0 }, { id: 2, label: '慢扫 2°/min', priceFen: 4000 }] },
    { id: 2, name: '测试温度', choices: [{ id: 3, label: '室温', priceFen: 0 }] },
  ],
};

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

/** the header badge's source: user/info's cartNum */
function CartNum() {
  const info = useUserInfo();
  return <span data-testid="cart-num">{info.data?.cartNum ?? '-'}</span>;
}

const estimate = () => screen.getByTestId('plan-add-estimate');
const count = () => screen.getByRole('spinbutton', { name: '样品数量' });

describe('add-to-plan panel', () => {
  it('a visitor gets the login panel and nothing is sent', async () => {
    const { calls } = mockApi({});
    renderApp(<AddToPlanPanel item={item} />, { path: '/detail/xrd' });
    await userEvent.click(screen.getByRole('button', { name: /加入实验计划/ }));
    expect(loginPanel.get().open).toBe(true);
    // logging in leaves the visitor on this page, with what they chose
    expect(loginPanel.get().intended).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/auth/tempDevice'))).toHaveLength(0);
    // the panel closed without logging in: a later login (elsewhere) adds nothing
    loginPanel.close();
    await waitFor(() => expect(loginPanel.get().open).toBe(false));
    login();
    await screen.findByRole('button', { name: /加入实验计划/ });
    expect(calls.filter((c) => c.path.startsWith('/api/auth/tempDevice'))).toHaveLength(0);
  });

  it('sends the item, the chosen options as JSON, the count and note; the header count is fetched again', { timeout: 30_000 }, async () => {
    login();
    let cartNum = 0;
    const { calls } = mockApi({
      '/api/auth/user/info': () => ({ data: { account: { name: '陈老师', phone: '13900139000' }, addressList: [], cartNum } }),
      '/api/auth/tempDevice/add': () => {
        cartNum = 1;
        return { data: { dataArr: [], count: 1, totalFen: 0 }, msg: '已加入实验计划' };
      },
    });
    const user = userEvent.setup();
    renderApp(
      <>
        <CartNum />
        <AddToPlanPanel item={item} />
      </>,
      { path: '/detail/xrd' },
    );
    await waitFor(() => expect(screen.getByTestId('cart-num')).toHaveTextContent('0'));
    // the first choice of every option is preselected; the estimate follows the choices
    expect(screen.getByRole('combobox', { name: '扫描速度' })).toHaveDisplayValue('常规 10°/min');
    expect(estimate()).toHaveTextContent('¥60.00');
    expect(within(screen.getByRole('combobox', { name: '扫描速度' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['常规 10°/min', '慢扫 2°/min（+¥40.00）']);
    await user.selectOptions(screen.getByRole('combobox', { name: '扫描速度' }), '慢扫 2°/min（+¥40.00）');
    await user.clear(count());
    await user.type(count(), '3');
    await user.type(screen.getByRole('textbox', { name: '备注' }), '需要精修');
    expect(estimate()).toHaveTextContent('¥300.00');
    expect(screen.getByText('¥100.00/样品 × 3，以实验计划结算为准')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /加入实验计划/ }));

    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/tempDevice/add')).toBe(true));
    const form = calls.find((c) => c.path === '/api/auth/tempDevice/add')!.form;
    expect(form.get('rid')).toBe('xrd');
    expect(form.get('count')).toBe('3');
    expect(JSON.parse(form.get('options')!)).toEqual({ '1': 2, '2': 3 });
    expect(form.get('note')).toBe('需要精修');
    expect([...form.keys()].some((k) => /price|amount/i.test(k))).toBe(false);
    expect(await screen.findByRole('status')).toHaveTextContent('已加入实验计划，去实验计划下单');
    expect(screen.getByRole('link', { name: '去实验计划下单' })).toHaveAttribute('href', '/experiment/plan');
    // the toast, and the note cleared for the next line
    expect(await screen.findByText('已加入实验计划')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '备注' })).toHaveValue('');
    await waitFor(() => expect(screen.getByTestId('cart-num')).toHaveTextContent('1'));
  });

  it('keeps the count a whole number from 1 to 999, as antd’s number field did', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderApp(<AddToPlanPanel item={item} />, { path: '/detail/xrd' });
    expect(count()).toHaveAttribute('aria-valuemin', '1');
    expect(count()).toHaveAttribute('aria-valuemax', '999');
    await user.clear(count());
    await user.type(count(), '0');
    await user.tab();
    expect(count()).toHaveValue('1');
    await user.clear(count());
    await user.type(count(), '1000');
    // out of range while typing: the estimate keeps the last good count
    expect(estimate()).toHaveTextContent('¥6,000.00');
    await user.tab();
    expect(count()).toHaveValue('999');
    expect(estimate()).toHaveTextContent('¥59,940.00');
    await user.clear(count());
    await user.type(count(), '2.6');
    await user.tab();
    expect(count()).toHaveValue('3');
    await user.clear(count());
    await user.tab();
    expect(count()).toHaveValue('3');
    // the arrow keys step by one, never below 1
    await user.click(count());
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(count()).toHaveValue('5');
    expect(count()).toHaveAttribute('aria-valuenow', '5');
    await user.clear(count());
    await user.type(count(), '1');
    await user.keyboard('{ArrowDown}');
    expect(count()).toHaveValue('1');
  });

  it('a refusal from the server shows its message in the alert to confirm; nothing is marked added', async () => {
    login();
    mockApi({ '/api/auth/tempDevice/add': { code: 0, status: 400, msg: '[测试选项]请选择扫描速度' } });
    const user = userEvent.setup();
    renderApp(<AddToPlanPanel item={item} />, { path: '/detail/xrd' });
    await user.click(screen.getByRole('button', { name: /加入实验计划/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('[测试选项]请选择扫描速度')).toBeInTheDocument();
    expect(screen.queryByText(/已加入实验计划，/)).toBeNull();
  });
});

describe('add-to-plan panel and the login panel', () => {
  it('what the visitor chose stays while the login panel is open and after logging in, and goes into the plan', { timeout: 30_000 }, async () => {
    const { calls } = mockApi({
      '/api/open/login': { data: { token: 't1', refreshToken: 'r1', expires: Math.floor(Date.now() / 1000) + 7200 }, msg: '登录成功!' },
      '/api/auth/user/info': { data: { account: { name: '陈老师', phone: '13900139000' }, addressList: [{ rid: 'a1' }], cartNum: 0 } },
      '/api/auth/tempDevice/add': { data: { dataArr: [], count: 1, totalFen: 0 }, msg: '已加入实验计划' },
    });
    const user = userEvent.setup();
    // as on the detail page: the panel without antd around it, the site layout's login panel beside it
    renderApp(
      <>
        <AddToPlanPanel item={item} />
        <LoginPanelHost />
      </>,
      { path: '/detail/xrd', antd: false },
    );
    const section = screen.getByRole('region', { name: '选择测试条件' });
    await user.selectOptions(screen.getByRole('combobox', { name: '扫描速度' }), '慢扫 2°/min（+¥40.00）');
    await user.clear(count());
    await user.type(count(), '4');
    await user.type(screen.getByRole('textbox', { name: '备注' }), '粉末样品');
    await user.click(screen.getByRole('button', { name: /加入实验计划/ }));

    const panel = await screen.findByRole('dialog', { name: /登录/ });
    expect(screen.getByRole('combobox', { name: '扫描速度' })).toHaveDisplayValue('慢扫 2°/min（+¥40.00）');
    await user.type(within(panel).getByLabelText('用户名/手机号'), '13900139000');
    await user.type(within(panel).getByLabelText('密码'), 'Demo@2026');
    await user.click(within(panel).getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /登录/ })).toBeNull());
    expect(await screen.findByText('登录成功!')).toBeInTheDocument();

    // the same panel, never drawn again, with everything as it was left
    expect(screen.getByRole('region', { name: '选择测试条件' })).toBe(section);
    expect(screen.getByRole('combobox', { name: '扫描速度' })).toHaveDisplayValue('慢扫 2°/min（+¥40.00）');
    expect(count()).toHaveValue('4');
    expect(estimate()).toHaveTextContent('¥400.00');

    // the 加入实验计划 asked for before logging in is done once logged in, without a second click
    expect(await screen.findByRole('status')).toHaveTextContent('已加入实验计划，去实验计划下单');
    expect(calls.filter((c) => c.path === '/api/auth/tempDevice/add')).toHaveLength(1);
    const form = calls.find((c) => c.path === '/api/auth/tempDevice/add')!.form;
    expect(form.get('count')).toBe('4');
    expect(JSON.parse(form.get('options')!)).toEqual({ '1': 2, '2': 3 });
    expect(form.get('note')).toBe('粉末样品');
  });
});
