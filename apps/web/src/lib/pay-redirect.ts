/**
 * Leaving the site for a payment gateway (WeChat H5, Alipay, the local gateway page). One object
 * so a component test can see where the page would have gone (jsdom cannot navigate).
 */
export const payRedirect = {
  go: (url: string) => {
    window.location.assign(url);
  },
};

interface WeixinJSBridge {
  invoke: (name: 'getBrandWCPayRequest', params: Record<string, string>, done: (res: { err_msg: string }) => void) => void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/**
 * Inside WeChat: the wallet's pay sheet for a JSAPI payment (the bridge WeChat's browser puts
 * on the page, waited for when the page was quicker). 'ok' means only that the sheet closed
 * after paying: the result page still asks the server.
 */
export function invokeWechatPay(params: Record<string, string>): Promise<'ok' | 'cancel' | 'fail'> {
  return new Promise((resolve) => {
    const run = () =>
      window.WeixinJSBridge?.invoke('getBrandWCPayRequest', params, (res) => {
        resolve(res.err_msg === 'get_brand_wcpay_request:ok' ? 'ok' : /cancel$/.test(res.err_msg) ? 'cancel' : 'fail');
      });
    if (window.WeixinJSBridge) run();
    else document.addEventListener('WeixinJSBridgeReady', run, { once: true });
  });
}
