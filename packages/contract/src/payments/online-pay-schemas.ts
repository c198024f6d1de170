import { z } from 'zod';
import { optionalText, requiredText } from '../common';
import { yuanField } from '../funds/schemas';
import { orderNoField } from '../orders/schemas';
import { settleBody } from './schemas';

/**
 * Online payment (WeChat Pay, Alipay): the member's side. One payment record per attempt, its
 * amount fixed when it is created; the money counts only when the gateway's verified notice (or
 * our query of the gateway) says it was paid. docs/payments.md tells the whole flow.
 */
export const PAY_VENDOR_NAMES = { wechat: '微信支付', alipay: '支付宝' } as const;
export type OnlinePayVendor = keyof typeof PAY_VENDOR_NAMES;
/** native: QR on a desktop; h5: phone browser; jsapi: inside WeChat; page / wap: Alipay on a computer / phone */
export const ONLINE_PAY_SCENES = ['native', 'h5', 'jsapi', 'page', 'wap'] as const;
/** what the money is for: an order (alone or with a coupon, the balance may cover part), a top-up of prepaid funds, pay-after-test orders settled together */
export const ONLINE_PAY_PURPOSES = ['order', 'topup', 'settle'] as const;
export const ONLINE_PAY_STATES = ['open', 'paid', 'closed', 'failed'] as const;
export const ONLINE_PAY_STATE_NAMES = { open: '待支付', paid: '已支付', closed: '已关闭', failed: '支付失败' } as const;

const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean());

/** POST /api/auth/onlinePay/start */
export const onlinePayStartBody = z.object({
  purpose: z.enum(ONLINE_PAY_PURPOSES, { error: '[支付用途]不正确' }),
  vendor: z.enum(['wechat', 'alipay'], { error: '[支付方式]不正确' }),
  scene: z.enum(ONLINE_PAY_SCENES, { error: '[支付场景]不正确' }),
  /** purpose order */
  order_no: orderNoField.optional(),
  /** purpose order: a coupon's rid, NO_COUPON for none; absent: the one chosen when ordering */
  coupon_rid: optionalText('优惠券', 40),
  /** purpose order: the balance (own or community_rid's) pays what it can, the rest online */
  use_balance: flag.optional(),
  /** purpose settle */
  order_nos: settleBody.shape.order_nos.optional(),
  /** purpose topup: yuan text */
  amount: yuanField('充值金额').optional(),
  /** topup: whose funds (a community the member owns); order/settle with use_balance: whose balance */
  community_rid: optionalText('团体编号', 40),
});
export type OnlinePayStartBody = z.infer<typeof onlinePayStartBody>;

/** what the browser does next: draw a QR, go to a URL, or call WeixinJSBridge */
export const paymentStartView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('qr'), codeUrl: z.string() }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('jsapi'), params: z.record(z.string(), z.string()) }),
]);

export const onlinePaymentView = z.object({
  paymentNo: z.string(),
  purpose: z.enum(ONLINE_PAY_PURPOSES),
  vendor: z.enum(['wechat', 'alipay']),
  scene: z.enum(ONLINE_PAY_SCENES),
  state: z.enum(ONLINE_PAY_STATES),
  /** the online part, fixed at creation */
  amountFen: z.number().int(),
  /** the part the balance pays when the online part is paid (order with use_balance), else 0 */
  balanceFen: z.number().int(),
  /** the order (purpose order) or orders (settle) it pays */
  orderNos: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** set when the payment booked something other than what was asked (e.g. the order was cancelled meanwhile and the money went to the funds) */
  note: z.string(),
});
export type OnlinePaymentView = z.infer<typeof onlinePaymentView>;

export const onlinePayStartView = z.object({ payment: onlinePaymentView, start: paymentStartView });
export type OnlinePayStart = z.infer<typeof onlinePayStartView>;

/** POST /api/auth/onlinePay/status: the member's own payment; an open one is queried at the gateway first */
export const onlinePayStatusBody = z.object({ payment_no: requiredText('支付单号', 40) });

/** The page a gateway sends the browser back to (`?payment_no=`): it asks onlinePay.status, never trusts the browser's word. */
export const PAY_RESULT_PATH = '/pay/result';
