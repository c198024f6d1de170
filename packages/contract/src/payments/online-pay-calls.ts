import { call, resource } from '../call';
import { onlinePaymentView, onlinePayStartBody, onlinePayStartView, onlinePayStatusBody } from './online-pay-schemas';

/** Paying online (微信支付, 支付宝): orders, top-ups, settlement. The gateways' notify callbacks are routes of 51-payment outside this table (their bodies are the vendors' own formats). */
export const onlinePay = resource('onlinePay', {
  start: call({
    method: 'POST',
    path: '/api/auth/onlinePay/start',
    who: 'member',
    summary: '发起在线支付',
    description: '为订单、充值或结算创建一笔在线支付（金额创建时确定），返回二维码、跳转地址或 JSAPI 参数。',
    body: onlinePayStartBody,
    data: onlinePayStartView,
  }),
  status: call({
    method: 'POST',
    path: '/api/auth/onlinePay/status',
    who: 'member',
    summary: '在线支付结果',
    description: '本人的一笔在线支付；尚未支付的先向支付平台查询，不以浏览器返回为准。',
    body: onlinePayStatusBody,
    data: onlinePaymentView,
  }),
});
