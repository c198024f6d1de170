import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { ready, summary } from '../testing/fixtures';
import { amountToPay, payBodyOf, PayDialog } from './pay-dialog';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

describe('pay dialog', () => {
  it('amount and body: a usable coupon takes its discount; own funds send no community_rid', () => {
    const r = ready();
    expect(amountToPay(r, 'cp1')).toBe(630_00);
    expect(amountToPay(r, '')).toBe(680_00);
    // an unusable coupon never lowers the amount
    expect(amountToPay(r, 'cp2')).toBe(680_00);
    expect(payBodyOf('DD1', 'member', '')).toEqual({ order_no: 'DD1', coupon_rid: 'none' });
    expect(payBodyOf('DD1', 'cm1', 'cp1')).toEqual({ order_no: 'DD1', community_rid: 'cm1', coupon_rid: 'cp1' });
  });

  it('shows balances and coupons with discount or the reason they are disabled; pays from a community with the coupon', async () => {
    login();
    const { calls } = mockApi({
      '/api/auth/order/ready2pay': { data: ready() },
      '/api/auth/order/pay': { data: summary({ payment: 'paid', paymentText: '已支付' }), msg: '支付成功' },
    });
    let paid = 0;
    renderApp(<PayDialog orderNo="DD202603050001" open onClose={() => undefined} onPaid={() => (paid += 1)} />);
    const dialog = await screen.findByRole('dialog', { name: '支付订单' });
    const accounts = await within(dialog).findByRole('radiogroup', { name: '支付账户' });
    expect(within(accounts).getByRole('radio', { name: /个人预存款.*余额 ¥1,000\.00/ })).toBeChecked();
    expect(within(accounts).getByRole('radio', { name: /团体：纳米材料课题组.*余额 ¥300\.00/ })).not.toBeChecked();

    const coupons = within(dialog).getByRole('radiogroup', { name: '优惠券' });
    // the first usable coupon is chosen; the other is disabled with its reason
    expect(within(coupons).getByRole('radio', { name: /新用户立减 ¥50.*立减 ¥50\.00/ })).toBeChecked();
    const unusable = within(coupons).getByRole('radio', { name: /满 ¥1000 减 ¥100.*未满 ¥1,000\.00 不可用/ });
    expect(unusable).toBeDisabled();
    expect(within(dialog).getByTestId('pay-amount')).toHaveTextContent('¥630.00');

    await userEvent.click(within(coupons).getByRole('radio', { name: /不使用优惠券/ }));
    expect(within(dialog).getByTestId('pay-amount')).toHaveTextContent('¥680.00');
    await userEvent.click(within(coupons).getByRole('radio', { name: /新用户立减/ }));

    // the community's ¥300 is short of ¥630
    await userEvent.click(within(accounts).getByRole('radio', { name: /团体：纳米材料课题组/ }));
    expect(within(dialog).getByTestId('pay-short')).toHaveTextContent('还差 ¥330.00');
    expect(within(within(dialog).getByTestId('pay-short')).getByRole('link', { name: '去预存' })).toHaveAttribute('href', '/member/prestore');
    // no pay-after-test when the server does not allow it
    expect(within(dialog).queryByRole('button', { name: '测试后结算' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: /确认支付 ¥630\.00/ }));
    await waitFor(() => expect(paid).toBe(1));
    const pay = calls.find((c) => c.path === '/api/auth/order/pay');
    expect(Object.fromEntries(pay!.form)).toEqual({ order_no: 'DD202603050001', community_rid: 'cm1', coupon_rid: 'cp1' });
    expect(pay!.headers.token).toBe('t');
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
  });

  it('a refused payment shows the server msg in the dialog with a link to top up', async () => {
    login();
    const { calls } = mockApi({
      '/api/auth/order/ready2pay': {
        data: ready({
          coupons: [],
          balances: [{ kind: 'member', rid: null, name: '我的账户', balanceFen: 100_00 }],
          payLater: { allowed: false, reason: '企业客户需在测试前全额支付，不能选择测试后结算', limitFen: 0, usedFen: 0 },
        }),
      },
      '/api/auth/order/pay': { code: 0, status: 409, msg: '预存款余额不足' },
    });
    renderApp(<PayDialog orderNo="DD202603050001" open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '支付订单' });
    expect(await within(dialog).findByText('暂无可用于本订单的优惠券')).toBeInTheDocument();
    // why pay-after-test is not offered, in the server's words
    expect(within(dialog).getByTestId('pay-later-reason')).toHaveTextContent('企业客户需在测试前全额支付，不能选择测试后结算');
    expect(within(dialog).queryByRole('button', { name: '测试后结算' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: /确认支付 ¥680\.00/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('预存款余额不足');
    expect(within(alert).getByRole('link', { name: '预存款充值' })).toHaveAttribute('href', '/member/prestore');
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/auth/order/pay')!.form)).toEqual({ order_no: 'DD202603050001', coupon_rid: 'none' });
  });

  it('测试后结算 appears when allowed, with the limit, and calls payLater', async () => {
    login();
    const { calls } = mockApi({
      '/api/auth/order/ready2pay': { data: ready({ payLater: { allowed: true, reason: '', limitFen: 50_000_00, usedFen: 1_200_00 } }) },
      '/api/auth/order/payLater': { data: summary({ payment: 'unsettled', paymentText: '待结算', payLater: true }), msg: '已选择测试后结算' },
    });
    let closed = 0;
    renderApp(<PayDialog orderNo="DD202603050001" open onClose={() => (closed += 1)} />);
    const dialog = await screen.findByRole('dialog', { name: '支付订单' });
    expect(await within(dialog).findByTestId('pay-later-hint')).toHaveTextContent('额度 ¥50,000.00，已用 ¥1,200.00');
    await userEvent.click(within(dialog).getByRole('button', { name: '测试后结算' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/auth/order/payLater')!.form)).toEqual({ order_no: 'DD202603050001' });
    expect(calls.some((c) => c.path === '/api/auth/order/pay')).toBe(false);
  });
});
