import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { onlinePayment } from '../../../components/online-pay/testing';
import PayResultPage from './pay-result-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

describe('pay result page', () => {
  it('支付成功 only when the server says paid (whatever the address says), with the way back to the order', async () => {
    login();
    const { calls } = mockApi({
      '/api/auth/onlinePay/status': { data: onlinePayment({ paymentNo: 'OPRES1', state: 'paid', amountFen: 330_00, balanceFen: 300_00, paidAt: '2026-03-05T02:31:00.000Z' }) },
    });
    const { router } = renderApp(<PayResultPage />, { path: '/pay/result?payment_no=OPRES1&trade_status=TRADE_FAILURE', antd: false });
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    const page = screen.getByRole('region', { name: '支付结果' });
    expect(within(page).getByText('微信支付已支付 ¥330.00，余额抵扣 ¥300.00。')).toBeInTheDocument();
    expect(within(page).getByTestId('pay-result-amount')).toHaveTextContent('¥330.00');
    expect(document.title).toMatch(/^支付成功/);
    await userEvent.click(within(page).getByRole('button', { name: '查看订单' }));
    expect(router.state.location.pathname).toBe('/member/order/DD202603050001');
    expect(Object.fromEntries(calls[0]!.form)).toEqual({ payment_no: 'OPRES1' });
  });

  it('a top-up that is still open: 支付处理中 while it asks; then 支付成功 with the funds link', async () => {
    login();
    let reads = 0;
    mockApi({
      '/api/auth/onlinePay/status': () => {
        reads += 1;
        return { data: onlinePayment({ paymentNo: 'OPRES2', purpose: 'topup', vendor: 'alipay', scene: 'wap', orderNos: [], ...(reads >= 2 ? { state: 'paid', paidAt: '2026-03-05T02:31:00.000Z' } : {}) }) };
      },
    });
    renderApp(<PayResultPage />, { path: '/pay/result?payment_no=OPRES2', antd: false });
    expect(await screen.findByText('支付处理中')).toBeInTheDocument();
    expect(screen.getByText('正在向支付平台确认支付结果，请稍候…')).toBeInTheDocument();
    // the page asks again by itself (every 2 s)
    await waitFor(() => expect(screen.getByText('支付成功')).toBeInTheDocument(), { timeout: 8000 });
    expect(screen.getByText('支付宝已支付 ¥630.00，预存款已到账。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '查看预存款' })).toBeInTheDocument();
  });

  it('未支付 for a closed or failed payment, with the way back to pay the order again', async () => {
    login();
    mockApi({ '/api/auth/onlinePay/status': { data: onlinePayment({ paymentNo: 'OPRES3', state: 'closed' }) } });
    const { router } = renderApp(<PayResultPage />, { path: '/pay/result?payment_no=OPRES3', antd: false });
    expect(await screen.findByText('未支付')).toBeInTheDocument();
    expect(screen.getByText('支付已关闭或超时，款项未扣除。如需继续，请重新发起支付。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回订单重新支付' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/member/order/DD202603050001?pay=1');
  });

  it('settlement: failed says so and leads back to 待结算; no number: nothing is asked', async () => {
    login();
    const { calls } = mockApi({ '/api/auth/onlinePay/status': { data: onlinePayment({ paymentNo: 'OPRES4', purpose: 'settle', state: 'failed', orderNos: ['DD1', 'DD2'] }) } });
    const { unmount } = renderApp(<PayResultPage />, { path: '/pay/result?payment_no=OPRES4', antd: false });
    expect(await screen.findByText('支付失败，款项未扣除。请重新支付或更换支付方式。')).toBeInTheDocument();
    expect(screen.getByText('DD1、DD2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回重新结算' })).toBeInTheDocument();
    unmount();
    renderApp(<PayResultPage />, { path: '/pay/result', antd: false });
    expect(await screen.findByText('缺少支付单号')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
