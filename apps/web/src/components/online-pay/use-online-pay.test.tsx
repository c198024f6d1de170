import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { renderApp } from '../../testing/render';
import { mockApi } from '../../testing/fetch-mock';
import { saveSession } from '../../lib/session';
import { payRedirect } from '../../lib/pay-redirect';
import { onlinePayment } from './testing';
import { useOnlinePay } from './use-online-pay';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

function PayButton() {
  const pay = useOnlinePay({ invalidates: [] });
  return (
    <>
      <Button loading={pay.isPending} onClick={() => pay.start({ purpose: 'topup', vendor: 'wechat', amount: '100' })}>
        微信充值
      </Button>
      {pay.dialog}
    </>
  );
}

afterEach(() => {
  delete window.WeixinJSBridge;
});

describe('useOnlinePay inside WeChat', () => {
  it('JSAPI: WeChat\'s pay sheet with the server\'s parameters, then the result page (which asks the server)', async () => {
    login();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const invoked: Record<string, string>[] = [];
    window.WeixinJSBridge = { invoke: (_name, params, done) => (invoked.push(params), done({ err_msg: 'get_brand_wcpay_request:ok' })) };
    const params = { appId: 'wx1', timeStamp: '1700000000', nonceStr: 'n', package: 'prepay_id=wx2', signType: 'RSA', paySign: 's' };
    const { calls } = mockApi({
      '/api/auth/onlinePay/start': { data: { payment: onlinePayment({ paymentNo: 'OPJS1', purpose: 'topup', scene: 'jsapi', orderNos: [] }), start: { kind: 'jsapi', params } } },
    });
    const { router } = renderApp(<PayButton />, { path: '/member/prestore' });
    await userEvent.click(await screen.findByRole('button', { name: '微信充值' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/pay/result?payment_no=OPJS1'));
    expect(invoked).toEqual([params]);
    expect(Object.fromEntries(calls[0]!.form)).toMatchObject({ vendor: 'wechat', scene: 'jsapi' });
    vi.restoreAllMocks();
  });

  it('JSAPI refused (no openid): the H5 cashier instead', async () => {
    login();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const went: string[] = [];
    const go = payRedirect.go;
    payRedirect.go = (url) => went.push(url);
    try {
      const { calls } = mockApi({
        '/api/auth/onlinePay/start': (call) =>
          call.form.get('scene') === 'jsapi'
            ? { code: 0, status: 400, msg: '微信支付暂不支持该支付场景' }
            : { data: { payment: onlinePayment({ paymentNo: 'OPJS2', purpose: 'topup', scene: 'h5', orderNos: [] }), start: { kind: 'redirect', url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=1' } } },
      });
      renderApp(<PayButton />);
      await userEvent.click(await screen.findByRole('button', { name: '微信充值' }));
      await waitFor(() => expect(went).toEqual(['https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=1']));
      expect(calls.map((c) => c.form.get('scene'))).toEqual(['jsapi', 'h5']);
    } finally {
      payRedirect.go = go;
      vi.restoreAllMocks();
    }
  });
});
