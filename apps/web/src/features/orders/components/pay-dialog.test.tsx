import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { ready, summary } from '../testing/fixtures';
import { payRedirect } from '../../../lib/pay-redirect';
import { onlinePayment } from '../../../components/online-pay/testing';
import { amountToPay, defaultPayChoice, onlineBodyOf, payBodyOf, PayDialog } from './pay-dialog';
import { onlineSplit } from './pay-method';

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

    // a balance that cannot pay cannot be paid from
    expect(within(dialog).getByRole('button', { name: /确认支付 ¥630\.00/ })).toBeDisabled();
    await userEvent.click(within(accounts).getByRole('radio', { name: /个人预存款/ }));
    expect(within(dialog).queryByTestId('pay-short')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: /确认支付 ¥630\.00/ }));
    await waitFor(() => expect(paid).toBe(1));
    const pay = calls.find((c) => c.path === '/api/auth/order/pay');
    expect(Object.fromEntries(pay!.form)).toEqual({ order_no: 'DD202603050001', coupon_rid: 'cp1' });
    expect(pay!.headers.token).toBe('t');
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
  });

  it('a refused payment shows the server msg in the dialog with a link to top up', async () => {
    login();
    const { calls } = mockApi({
      '/api/auth/order/ready2pay': {
        data: ready({
          coupons: [],
          // enough when the dialog opened; spent elsewhere before the member pays
          balances: [{ kind: 'member', rid: null, name: '我的账户', balanceFen: 1000_00 }],
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

  it('online body and split: 余额抵扣 names the balance (a community by rid), the rest is paid online', () => {
    expect(onlineBodyOf('DD1', 'wechat', 'member', '', false)).toEqual({ purpose: 'order', vendor: 'wechat', order_no: 'DD1', coupon_rid: 'none', use_balance: false });
    expect(onlineBodyOf('DD1', 'alipay', 'cm1', 'cp1', true)).toEqual({ purpose: 'order', vendor: 'alipay', order_no: 'DD1', coupon_rid: 'cp1', use_balance: true, community_rid: 'cm1' });
    // a community chosen but 余额抵扣 off: no community_rid
    expect(onlineBodyOf('DD1', 'wechat', 'cm1', '', false)).not.toHaveProperty('community_rid');
    expect(onlineSplit(630_00, 300_00, true)).toEqual({ balanceFen: 300_00, onlineFen: 330_00 });
    expect(onlineSplit(630_00, 1000_00, true)).toEqual({ balanceFen: 630_00, onlineFen: 0 });
    expect(onlineSplit(630_00, 1000_00, false)).toEqual({ balanceFen: 0, onlineFen: 630_00 });
  });

  it('微信支付 with 余额抵扣 from a community on a computer: starts a native payment, shows the QR, closes when the server says paid', async () => {
    login();
    let statusReads = 0;
    const { calls } = mockApi({
      '/api/auth/order/ready2pay': { data: ready() },
      '/api/auth/onlinePay/start': {
        data: { payment: onlinePayment({ paymentNo: 'OPDLG1', amountFen: 330_00, balanceFen: 300_00 }), start: { kind: 'qr', codeUrl: 'http://localhost/pay/gateway/OPDLG1' } },
      },
      // open at the first read, paid once the member says they paid
      '/api/auth/onlinePay/status': () => ({
        data: onlinePayment({ paymentNo: 'OPDLG1', amountFen: 330_00, balanceFen: 300_00, ...(statusReads++ > 0 ? { state: 'paid', paidAt: '2026-03-05T02:31:00.000Z' } : {}) }),
      }),
    });
    let paid = 0;
    let closed = 0;
    renderApp(<PayDialog orderNo="DD202603050001" open onClose={() => (closed += 1)} onPaid={() => (paid += 1)} />);
    const dialog = await screen.findByRole('dialog', { name: '支付订单' });
    const methods = await within(dialog).findByRole('radiogroup', { name: '支付方式' });
    expect(within(methods).getByRole('radio', { name: /预存款支付/ })).toBeChecked();
    await userEvent.click(within(methods).getByRole('radio', { name: /微信支付/ }));
    // online without 余额抵扣: the whole amount, no account to choose
    expect(within(dialog).queryByRole('radiogroup', { name: '支付账户' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: /微信支付 ¥630\.00/ })).toBeEnabled();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /余额抵扣/ }));
    const from = within(dialog).getByRole('radiogroup', { name: '抵扣账户' });
    await userEvent.click(within(from).getByRole('radio', { name: /团体：纳米材料课题组/ }));
    expect(within(dialog).getByTestId('pay-split')).toHaveTextContent('余额抵扣-¥300.00');
    await userEvent.click(within(dialog).getByRole('button', { name: /微信支付 ¥330\.00/ }));

    // (antd names every dialog 'test-id' under test, so the inner one is found by its content)
    const qr = (await screen.findByTestId('pay-qr')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(qr).getByText('微信扫码支付')).toBeInTheDocument();
    expect(within(qr).getByTestId('pay-qr-amount')).toHaveTextContent('¥330.00');
    await waitFor(() => expect(statusReads).toBe(1));
    await userEvent.click(within(qr).getByRole('button', { name: '我已完成支付' }));
    await waitFor(() => expect(paid).toBe(1));
    expect(closed).toBe(1);
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    const start = calls.find((c) => c.path === '/api/auth/onlinePay/start');
    expect(Object.fromEntries(start!.form)).toEqual({
      purpose: 'order',
      vendor: 'wechat',
      scene: 'native',
      order_no: 'DD202603050001',
      coupon_rid: 'cp1',
      use_balance: 'true',
      community_rid: 'cm1',
    });
    // nothing was paid from the balance by the balance call
    expect(calls.some((c) => c.path === '/api/auth/order/pay')).toBe(false);
  });

  it('支付宝 on a computer goes to the gateway page (scene page); a refusal stays in the dialog', async () => {
    login();
    const went: string[] = [];
    const go = payRedirect.go;
    payRedirect.go = (url) => went.push(url);
    try {
      let starts = 0;
      const { calls } = mockApi({
        '/api/auth/order/ready2pay': { data: ready() },
        '/api/auth/onlinePay/start': () => {
          starts += 1;
          if (starts === 1) return { code: 0, status: 409, msg: '订单已支付，请刷新' };
          return { data: { payment: onlinePayment({ paymentNo: 'OPDLG2', vendor: 'alipay', scene: 'page' }), start: { kind: 'redirect', url: 'http://localhost/pay/gateway/OPDLG2' } } };
        },
      });
      renderApp(<PayDialog orderNo="DD202603050001" open onClose={() => undefined} />);
      const dialog = await screen.findByRole('dialog', { name: '支付订单' });
      await userEvent.click(within(await within(dialog).findByRole('radiogroup', { name: '支付方式' })).getByRole('radio', { name: /支付宝/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: /支付宝 ¥630\.00/ }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('订单已支付，请刷新');
      await userEvent.click(within(dialog).getByRole('button', { name: /支付宝 ¥630\.00/ }));
      await waitFor(() => expect(went).toEqual(['http://localhost/pay/gateway/OPDLG2']));
      const start = calls.filter((c) => c.path === '/api/auth/onlinePay/start')[1];
      expect(Object.fromEntries(start!.form)).toMatchObject({ purpose: 'order', vendor: 'alipay', scene: 'page', use_balance: 'false' });
    } finally {
      payRedirect.go = go;
    }
  });

  it('opens on a choice that can pay: a covering balance (mine first), else 微信支付 — never a ¥0 balance', async () => {
    const mine = { kind: 'member' as const, rid: null, name: '我的账户', balanceFen: 0 };
    const group = { kind: 'community' as const, rid: 'cm1', name: '纳米材料课题组', balanceFen: 800_00 };
    expect(defaultPayChoice(ready({ balances: [mine, group] }), 630_00)).toEqual({ method: 'balance', source: 'cm1' });
    expect(defaultPayChoice(ready({ balances: [{ ...mine, balanceFen: 700_00 }, group] }), 630_00)).toEqual({ method: 'balance', source: 'member' });
    expect(defaultPayChoice(ready({ balances: [mine] }), 630_00)).toEqual({ method: 'wechat', source: 'member' });
    expect(defaultPayChoice(ready({ balances: [] }), 630_00)).toEqual({ method: 'wechat', source: 'member' });

    login();
    mockApi({ '/api/auth/order/ready2pay': { data: ready({ balances: [mine] }) } });
    renderApp(<PayDialog orderNo="DD202603050001" open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '支付订单' });
    const methods = await within(dialog).findByRole('radiogroup', { name: '支付方式' });
    expect(within(methods).getByRole('radio', { name: /微信支付/ })).toBeChecked();
    // the amount and the button sit together in the bar a phone keeps on screen
    const bar = within(dialog).getByTestId('pay-bar');
    expect(within(bar).getByRole('button', { name: /微信支付 ¥630\.00/ })).toBeEnabled();
    expect(within(bar).getByTestId('pay-amount')).toHaveTextContent('¥630.00');
    // choosing the ¥0 balance: the warning, and 确认支付 cannot be pressed
    await userEvent.click(within(methods).getByRole('radio', { name: /预存款支付/ }));
    expect(within(dialog).getByTestId('pay-short')).toHaveTextContent('还差 ¥630.00');
    expect(within(bar).getByRole('button', { name: /确认支付 ¥630\.00/ })).toBeDisabled();
  });

  it('可领 N 张: a coupon of 领券中心 not yet claimed is claimed in the dialog and then chosen', { timeout: 30_000 }, async () => {
    login();
    const template = {
      rid: 't1', name: '满1000减100', amountFen: 100_00, offRateBp: null, thresholdFen: 1000_00, scope: { kind: 'all' as const }, scopeText: '全部服务可用',
      validFrom: null, validTo: null, validDays: 30, perMemberLimit: 1, remaining: null, claimedByMe: 0, claimable: true, description: '',
    };
    let claimed = false;
    const big = summary({ totalFen: 1200_00, payableFen: 1200_00 });
    const { calls } = mockApi({
      '/api/auth/order/ready2pay': () => ({
        data: ready({
          order: big,
          coupons: claimed ? [{ rid: 'mc9', name: '满1000减100', discountFen: 100_00, usable: true, reason: '' }] : [],
        }),
      }),
      // one already claimed (none left for me) is not offered
      '/api/auth/discount4user/list4all': () => ({ data: [{ ...template, claimable: !claimed, claimedByMe: claimed ? 1 : 0 }, { ...template, rid: 't2', name: '新用户立减 ¥50', claimable: false, claimedByMe: 1 }] }),
      '/api/auth/discount4user/add': () => {
        claimed = true;
        return { data: { rid: 'mc9', name: '满1000减100', amountFen: 100_00, offRateBp: null, thresholdFen: 1000_00, scope: { kind: 'all' }, scopeText: '全部服务可用', status: 'unused', statusText: '未使用', validFrom: '2026-03-05T00:00:00.000Z', validTo: '2026-04-05T00:00:00.000Z', usedAt: null, claimedAt: '2026-03-05T00:00:00.000Z' }, msg: '领取成功' };
      },
    });
    renderApp(<PayDialog orderNo="DD202603050001" open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '支付订单' });
    expect(await within(dialog).findByText('暂无可用于本订单的优惠券')).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('button', { name: /可领 1 张优惠券/ }));
    const offered = within(dialog).getByRole('list', { name: '可领取的优惠券' });
    expect(within(offered).getAllByRole('listitem')).toHaveLength(1);
    expect(offered).toHaveTextContent('满1000减100减¥100.00，满¥1,000.00可用，全部服务可用');
    await userEvent.click(within(offered).getByRole('button', { name: '领取' }));
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/auth/discount4user/add')!.form)).toEqual({ rid: 't1' });
    // the dialog reads again: the claimed coupon is there and chosen, the amount lowered
    const coupons = await within(await screen.findByRole('dialog', { name: '支付订单' })).findByRole('radiogroup', { name: '优惠券' });
    await waitFor(() => expect(within(coupons).getByRole('radio', { name: /满1000减100/ })).toBeChecked());
    expect(screen.getByTestId('pay-amount')).toHaveTextContent('¥1,100.00');
    await waitFor(() => expect(screen.queryByRole('button', { name: /可领 \d 张优惠券/ })).toBeNull());
  });

  it('a grant card: pays the whole order without a coupon, says when the PI must approve, and sends the card and the 课题号', async () => {
    login();
    const card = { rid: 'gc1', name: '国自然面上项目', number: 'NSFC-01', communityRid: 'cm1', communityName: '纳米材料课题组', balanceFen: 300_00, leftFen: 2000_00, autoLimitFen: 500_00 };
    const { calls } = mockApi({
      '/api/auth/order/ready2pay': { data: ready({ cards: [card] }) },
      '/api/auth/order/pay': { data: summary({ payment: 'approval', paymentText: '待导师审批' }), msg: '已提交导师审批，导师批准后自动支付' },
    });
    renderApp(<PayDialog orderNo="DD202603050001" open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '支付订单' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /国自然面上项目/ }));
    expect(within(dialog).getByTestId('pay-approval-hint')).toHaveTextContent('单笔自动批准上限');
    expect(within(dialog).getByText('经费卡支付不使用优惠券。')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('课题号'), 'KT-7');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交导师审批 ¥680.00' }));
    await screen.findByText('已提交导师审批，导师批准后自动支付');
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/auth/order/pay')!.form)).toEqual({ order_no: 'DD202603050001', card_rid: 'gc1', project_no: 'KT-7' });
    expect(payBodyOf('DD1', 'card:gc1', 'cp1')).toEqual({ order_no: 'DD1', card_rid: 'gc1' });
  });
});
