import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrestoreReady } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { payRedirect } from '../../../lib/pay-redirect';
import { onlinePayment } from '../../../components/online-pay/testing';
import { OnlineTopup } from './online-topup';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const ready: Pick<PrestoreReady, 'minAmountFen' | 'rules'> = {
  rules: [{ id: 1, thresholdFen: 10_000_00, bonusRateBp: 300, bonusFen: 0, text: '满 ¥10,000.00 赠 3%' }],
  minAmountFen: 100_00,
};
const communities = [{ rid: 'cm1', name: '纳米材料课题组', balanceFen: 300_00 }];

describe('online top-up', () => {
  it('checks the amount, then tops up a community with WeChat on a computer: the QR, and 充值成功 once the server says paid', async () => {
    login();
    let reads = 0;
    const { calls } = mockApi({
      '/api/auth/onlinePay/start': {
        data: { payment: onlinePayment({ paymentNo: 'OPTOP1', purpose: 'topup', orderNos: [], amountFen: 10_000_00 }), start: { kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=top1' } },
      },
      '/api/auth/onlinePay/status': () => ({
        data: onlinePayment({ paymentNo: 'OPTOP1', purpose: 'topup', orderNos: [], amountFen: 10_000_00, ...(reads++ > 0 ? { state: 'paid', paidAt: '2026-03-05T02:31:00.000Z' } : {}) }),
      }),
    });
    renderApp(<OnlineTopup ready={ready} communities={communities} />);
    const card = await screen.findByRole('region', { name: '在线充值' });
    await userEvent.type(within(card).getByLabelText('充值金额（元）'), '50');
    await userEvent.click(within(card).getByRole('button', { name: '微信支付充值' }));
    // the problem under the amount, which names it as its description
    expect(await within(card).findByText('[预存金额]不能少于100元')).toBeInTheDocument();
    expect(within(card).getByLabelText('充值金额（元）')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);

    await userEvent.clear(within(card).getByLabelText('充值金额（元）'));
    await userEvent.type(within(card).getByLabelText('充值金额（元）'), '10000');
    expect(await within(card).findByTestId('bonus-preview')).toHaveTextContent('预计赠送 ¥300.00');
    await userEvent.click(within(card).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('科研团体：纳米材料课题组'));
    await userEvent.click(within(card).getByRole('button', { name: '微信支付 ¥10,000.00' }));

    const qr = await screen.findByRole('dialog', { name: '微信扫码支付' });
    await waitFor(() => expect(reads).toBe(1));
    await userEvent.click(within(qr).getByRole('button', { name: '我已完成支付' }));
    expect(await within(card).findByText('充值成功，¥10,000.00 已存入预存款')).toBeInTheDocument();
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/auth/onlinePay/start')!.form)).toEqual({ purpose: 'topup', vendor: 'wechat', scene: 'native', amount: '10000', community_rid: 'cm1' });
  });

  it('支付宝 on a computer leaves for the gateway (scene page)', async () => {
    login();
    const went: string[] = [];
    const go = payRedirect.go;
    payRedirect.go = (url) => went.push(url);
    try {
      const { calls } = mockApi({
        '/api/auth/onlinePay/start': { data: { payment: onlinePayment({ paymentNo: 'OPTOP2', purpose: 'topup', vendor: 'alipay', scene: 'page', orderNos: [] }), start: { kind: 'redirect', url: 'https://openapi.alipay.com/gateway.do?x=1' } } },
      });
      renderApp(<OnlineTopup ready={ready} communities={[]} />);
      const card = await screen.findByRole('region', { name: '在线充值' });
      await userEvent.type(within(card).getByLabelText('充值金额（元）'), '200.5');
      await userEvent.click(within(card).getByRole('radiogroup', { name: '支付方式' }).querySelector('input[value="alipay"]')!);
      await userEvent.click(within(card).getByRole('button', { name: '支付宝 ¥200.50' }));
      await waitFor(() => expect(went).toEqual(['https://openapi.alipay.com/gateway.do?x=1']));
      expect(Object.fromEntries(calls[0]!.form)).toEqual({ purpose: 'topup', vendor: 'alipay', scene: 'page', amount: '200.5' });
    } finally {
      payRedirect.go = go;
    }
  });
});
