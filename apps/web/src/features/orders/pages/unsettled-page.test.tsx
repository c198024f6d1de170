import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { payRedirect } from '../../../lib/pay-redirect';
import { onlinePayment } from '../../../components/online-pay/testing';
import { summary } from '../testing/fixtures';
import UnsettledPage from './unsettled-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const unsettled = (orderNo: string, fen: number) => summary({ orderNo, payment: 'unsettled', paymentText: '待结算', payLater: true, payableFen: fen, totalFen: fen, actions: { pay: false, cancel: false, confirmData: false, dispute: false, evaluate: false } });

describe('结算中心 online', () => {
  it('the chosen orders settled with 支付宝: the whole amount online (no balance part), the browser leaves for the gateway', async () => {
    login();
    const went: string[] = [];
    const go = payRedirect.go;
    payRedirect.go = (url) => went.push(url);
    try {
      const { calls } = mockApi({
        '/api/auth/assign/settlementList': {
          data: { orders: [unsettled('DD1', 300_00), unsettled('DD2', 500_00)], dueFen: 800_00, limitFen: 50_000_00, balances: [{ kind: 'member', rid: null, name: '我的账户', balanceFen: 100_00 }] },
        },
        '/api/auth/assign/statement': { data: { from: '2026-03-01', to: '2026-03-31', orders: [], totalFen: 0, paidFen: 0, dueFen: 0 } },
        '/api/auth/onlinePay/start': { data: { payment: onlinePayment({ paymentNo: 'OPSET1', purpose: 'settle', vendor: 'alipay', scene: 'page', orderNos: ['DD2'], amountFen: 500_00 }), start: { kind: 'redirect', url: 'http://localhost/pay/gateway/OPSET1' } } },
      });
      renderApp(<UnsettledPage />);
      const section = await screen.findByRole('region', { name: '待结算订单' });
      await userEvent.click(within(section).getByRole('checkbox', { name: '选择订单 DD1' }));
      const methods = within(section).getByRole('radiogroup', { name: '支付方式' });
      await userEvent.click(within(methods).getByRole('radio', { name: /支付宝/ }));
      // no 余额抵扣 for a settlement, and no account to choose
      expect(within(section).queryByRole('checkbox', { name: /余额抵扣/ })).toBeNull();
      expect(within(section).queryByRole('radiogroup', { name: '结算账户' })).toBeNull();
      await userEvent.click(within(section).getByRole('button', { name: '支付宝结算 ¥500.00' }));
      await waitFor(() => expect(went).toEqual(['http://localhost/pay/gateway/OPSET1']));
      expect(Object.fromEntries(calls.find((c) => c.path === '/api/auth/onlinePay/start')!.form)).toEqual({ purpose: 'settle', vendor: 'alipay', scene: 'page', order_nos: 'DD2' });
      expect(calls.some((c) => c.path === '/api/auth/assign/settlementOperatePlus')).toBe(false);
    } finally {
      payRedirect.go = go;
    }
  });
});
