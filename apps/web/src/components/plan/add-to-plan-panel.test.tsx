import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render';
import { mockApi } from '../../testing/fetch-mock';
import { saveSession } from '../../lib/session';
import { loginPanel } from '../../lib/login-panel';
import { useUserInfo } from '../../lib/user-info';
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

/** the header badge's source: user/info's cartNum */
function CartNum() {
  const info = useUserInfo();
  return <span data-testid="cart-num">{info.data?.cartNum ?? '-'}</span>;
}

describe('add-to-plan panel', () => {
  it('a visitor gets the login panel and nothing is sent', async () => {
    const { calls } = mockApi({});
    renderApp(<AddToPlanPanel item={item} />, { path: '/detail/xrd' });
    await userEvent.click(screen.getByRole('button', { name: /加入实验计划/ }));
    expect(loginPanel.get().open).toBe(true);
    expect(calls.filter((c) => c.path.startsWith('/api/auth/tempDevice'))).toHaveLength(0);
  });

  it('sends the item, the chosen options as JSON, the count and note; the header count is fetched again', { timeout: 30_000 }, async () => {
    saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    let cartNum = 0;
    const { calls } = mockApi({
      '/api/auth/user/info': () => ({ data: { account: { name: '陈老师', phone: '13900139000' }, addressList: [], cartNum } }),
      '/api/auth/tempDevice/add': () => {
        cartNum = 1;
        return { data: { dataArr: [], count: 1, totalFen: 0 }, msg: '已加入实验计划' };
      },
    });
    renderApp(
      <>
        <CartNum />
        <AddToPlanPanel item={item} />
      </>,
      { path: '/detail/xrd' },
    );
    await waitFor(() => expect(screen.getByTestId('cart-num')).toHaveTextContent('0'));
    // the first choice of every option is preselected; the estimate follows the choices
    expect(screen.getByTestId('plan-add-estimate')).toHaveTextContent('¥60.00');
    await userEvent.click(screen.getByRole('combobox', { name: '扫描速度' }));
    const slow = await screen.findAllByTitle('慢扫 2°/min（+¥40.00）');
    fireEvent.click(slow[slow.length - 1]!);
    const count = screen.getByRole('spinbutton', { name: '样品数量' });
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.type(screen.getByRole('textbox', { name: '备注' }), '需要精修');
    expect(screen.getByTestId('plan-add-estimate')).toHaveTextContent('¥300.00');
    await userEvent.click(screen.getByRole('button', { name: /加入实验计划/ }));

    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/tempDevice/add')).toBe(true));
    const form = calls.find((c) => c.path === '/api/auth/tempDevice/add')!.form;
    expect(form.get('rid')).toBe('xrd');
    expect(form.get('count')).toBe('3');
    expect(JSON.parse(form.get('options')!)).toEqual({ '1': 2, '2': 3 });
    expect(form.get('note')).toBe('需要精修');
    expect([...form.keys()].some((k) => /price|amount/i.test(k))).toBe(false);
    expect(await screen.findByText(/已加入实验计划，/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去实验计划下单' })).toHaveAttribute('href', '/experiment/plan');
    await waitFor(() => expect(screen.getByTestId('cart-num')).toHaveTextContent('1'));
  });
});
