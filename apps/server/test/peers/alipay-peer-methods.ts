import { randomBytes } from 'node:crypto';
import { sign, signContent, verify, type AlipayPeerKeys } from './alipay-peer-keys';
import { beijing, beijingDay, fenOf, yuanOf, type AlipayPeerState, type NoticeTamper, type PeerTrade } from './alipay-peer-state';

/**
 * The local Alipay's (alipay-peer.ts) gateway methods, as functions of the peer's state and keys:
 * the request check, the API methods (answer nodes), the cashier opening a trade, and the notify body.
 */

export type Biz = Record<string, unknown>;
export type Result = Record<string, unknown>;

/** what the gateway knows of the merchant */
export interface AlipayPeerIds {
  appId: string;
  sellerId: string;
}

const ok = (fields: Result): Result => ({ code: '10000', msg: 'Success', ...fields });
const refusal = (subCode: string, subMsg: string): Result => ({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });
export const invalid = (subCode: string, subMsg: string): Result => ({ code: '40002', msg: 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg });
const missing = () => refusal('ACQ.TRADE_NOT_EXIST', '交易不存在');
const find = (state: AlipayPeerState, biz: Biz) =>
  typeof biz.out_trade_no === 'string' ? state.trades.get(biz.out_trade_no) : [...state.trades.values()].find((t) => t.tradeNo === biz.trade_no);

/** an open trade past its time_expire is closed, as Alipay closes it */
function current(trade: PeerTrade | undefined): PeerTrade | undefined {
  if (trade?.status === 'WAIT_BUYER_PAY' && trade.timeExpire && trade.timeExpire < beijing(new Date())) trade.status = 'TRADE_CLOSED';
  return trade;
}

/** The app's request, checked as the gateway does; the reason when it is refused. */
export function checkRequest(params: URLSearchParams, appId: string, keys: AlipayPeerKeys): string | null {
  const given = params.get('sign');
  if (!given) return 'isv.missing-signature';
  if (params.get('sign_type') !== 'RSA2') return 'isv.invalid-signature-type';
  if (params.get('app_id') !== appId) return 'isv.invalid-app-id';
  if ((params.get('charset') ?? '').toLowerCase() !== 'utf-8') return 'isv.invalid-charset';
  if (params.get('version') !== '1.0') return 'isv.invalid-version';
  // Beijing time, within minutes of the gateway's clock
  const timestamp = params.get('timestamp') ?? '';
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(timestamp)) return 'isv.invalid-timestamp';
  if (Math.abs(new Date(`${timestamp.replace(' ', 'T')}+08:00`).getTime() - Date.now()) > 10 * 60_000) return 'isv.invalid-timestamp';
  const content = signContent([...params.entries()].filter(([name, value]) => name !== 'sign' && value !== ''));
  return verify(content, keys.app.publicKey, given) ? null : 'isv.invalid-signature';
}

/** The API methods: each the answer node for its biz_content (origin: where the bill link points). */
export const alipayMethods: Record<string, (state: AlipayPeerState, biz: Biz, origin: string) => Result> = {
  'alipay.trade.query': (state, biz) => {
    const trade = current(find(state, biz));
    if (!trade) return missing();
    return ok({
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: 'buy***@example.com',
      trade_status: trade.status,
      total_amount: yuanOf(trade.totalFen),
      buyer_pay_amount: trade.paidAt ? yuanOf(trade.totalFen) : '0.00',
      ...(trade.paidAt ? { send_pay_date: beijing(trade.paidAt) } : {}),
      buyer_user_id: trade.buyerId,
    });
  },
  'alipay.trade.close': (state, biz) => {
    const trade = current(find(state, biz));
    if (!trade) return missing();
    if (trade.status !== 'WAIT_BUYER_PAY') return refusal('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    trade.status = 'TRADE_CLOSED';
    return ok({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
  },
  'alipay.trade.refund': (state, biz) => {
    const { refunds } = state;
    const trade = current(find(state, biz));
    if (!trade) return missing();
    const amount = fenOf(biz.refund_amount);
    if (amount === null || amount <= 0) return invalid('isv.invalid-parameter', 'refund_amount 无效');
    const requestNo = typeof biz.out_request_no === 'string' ? biz.out_request_no : trade.tradeNo;
    const refundedFen = () => refunds.filter((r) => r.outTradeNo === trade.outTradeNo).reduce((sum, r) => sum + r.amountFen, 0);
    const answer = (fundChange: 'Y' | 'N', at?: Date) =>
      ok({
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        buyer_logon_id: 'buy***@example.com',
        fund_change: fundChange,
        refund_fee: yuanOf(refundedFen()),
        ...(at ? { gmt_refund_pay: beijing(at) } : {}),
      });
    const earlier = refunds.find((r) => r.outTradeNo === trade.outTradeNo && r.outRequestNo === requestNo);
    // the same request again: nothing moves
    if (earlier) return earlier.amountFen === amount ? answer('N') : refusal('ACQ.REFUND_AMT_RESTRICTION', '退款金额与原请求不一致');
    if (trade.status !== 'TRADE_SUCCESS') return refusal('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    if (refundedFen() + amount > trade.totalFen) return refusal('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    const at = new Date();
    refunds.push({ outRequestNo: requestNo, outTradeNo: trade.outTradeNo, tradeNo: trade.tradeNo, amountFen: amount, reason: String(biz.refund_reason ?? ''), at });
    if (refundedFen() === trade.totalFen) trade.status = 'TRADE_CLOSED';
    return answer('Y', at);
  },
  'alipay.trade.fastpay.refund.query': (state, biz) => {
    const trade = find(state, biz);
    if (!trade) return missing();
    if (typeof biz.out_request_no !== 'string') return invalid('isv.missing-parameter', '缺少 out_request_no');
    const refund = state.refunds.find((r) => r.outTradeNo === trade.outTradeNo && r.outRequestNo === biz.out_request_no);
    // not found: success with the trade only, as Alipay answers
    if (!refund) return ok({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
    const options = Array.isArray(biz.query_options) ? biz.query_options : [];
    return ok({
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      out_request_no: refund.outRequestNo,
      total_amount: yuanOf(trade.totalFen),
      refund_amount: yuanOf(refund.amountFen),
      refund_status: 'REFUND_SUCCESS',
      ...(options.includes('gmt_refund_pay') ? { gmt_refund_pay: beijing(refund.at) } : {}),
    });
  },
  'alipay.data.dataservice.bill.downloadurl.query': (state, biz, origin) => {
    if (biz.bill_type !== 'trade' && biz.bill_type !== 'signcustomer') return invalid('isv.invalid-parameter', 'bill_type 无效');
    if (typeof biz.bill_date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(biz.bill_date)) return invalid('isv.invalid-parameter', 'bill_date 无效');
    if (biz.bill_date >= beijingDay(new Date(Date.now() + 24 * 3600_000))) return refusal('isp.bill_not_exist', '账单不存在');
    const token = randomBytes(12).toString('hex');
    state.billTokens.set(token, biz.bill_date);
    const compact = biz.bill_date.replaceAll('-', '');
    return ok({ bill_download_url: `${origin}/downloadBillFile.resource?bizType=trade&fileType=csv.zip&bizDates=${compact}&token=${token}` });
  },
};

/** alipay.trade.page.pay / wap.pay: the cashier page (status, title, body) and the trade it opens */
export function cashierPage(state: AlipayPeerState, method: string, params: URLSearchParams, biz: Biz): { status: number; title: string; body: string } {
  const page = (status: number, title: string, body: string) => ({ status, title, body });
  const product = method === 'alipay.trade.page.pay' ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY';
  const amount = fenOf(biz.total_amount);
  const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
  if (!outTradeNo || amount === null || amount <= 0 || typeof biz.subject !== 'string' || biz.product_code !== product)
    return page(400, '支付宝 - 错误', '<p>错误代码 invalid-parameter</p>');
  if (biz.time_expire !== undefined && (typeof biz.time_expire !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(biz.time_expire)))
    return page(400, '支付宝 - 错误', '<p>错误代码 invalid-parameter time_expire</p>');
  const existing = current(state.trades.get(outTradeNo));
  if (existing && (existing.totalFen !== amount || existing.subject !== biz.subject))
    return page(400, '支付宝 - 错误', '<p>错误代码 ACQ.CONTEXT_INCONSISTENT 交易信息被篡改</p>');
  if (existing && existing.status !== 'WAIT_BUYER_PAY') return page(400, '支付宝 - 错误', `<p>交易已${existing.status === 'TRADE_CLOSED' ? '关闭' : '支付'}</p>`);
  if (!existing) {
    const now = new Date();
    state.tradeSerial += 1;
    state.trades.set(outTradeNo, {
      outTradeNo,
      tradeNo: `${beijing(now).slice(0, 10).replaceAll('-', '')}22001${String(state.tradeSerial).padStart(15, '0')}`,
      method,
      productCode: product,
      subject: biz.subject,
      totalFen: amount,
      status: 'WAIT_BUYER_PAY',
      notifyUrl: params.get('notify_url') ?? undefined,
      returnUrl: params.get('return_url') ?? undefined,
      quitUrl: typeof biz.quit_url === 'string' ? biz.quit_url : undefined,
      timeExpire: typeof biz.time_expire === 'string' ? biz.time_expire : undefined,
      createdAt: now,
      buyerId: '2088102177846880',
    });
  }
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return page(200, '支付宝 - 网上支付 安全快速！', `<p>${escape(biz.subject)}</p><p>应付金额 ¥${yuanOf(amount)}</p><p>订单号 ${escape(outTradeNo)}</p>`);
}

/** the form body Alipay would POST for this trade (or one of its refunds), signed, optionally spoiled */
export function noticeBody(state: AlipayPeerState, keys: AlipayPeerKeys, ids: AlipayPeerIds, outTradeNo: string, spoil: { tamper?: NoticeTamper; refund?: string }): string {
  const { trades, refunds } = state;
  const trade = trades.get(outTradeNo);
  if (!trade) throw new Error(`peer: no trade ${outTradeNo}`);
  const now = new Date();
  const fields: Record<string, string> = {
    notify_time: beijing(now),
    notify_type: 'trade_status_sync',
    notify_id: randomBytes(16).toString('hex'),
    app_id: spoil.tamper === 'app_id' ? '2021999999999999' : ids.appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    buyer_id: trade.buyerId,
    seller_id: ids.sellerId,
    trade_status: trade.status,
    total_amount: yuanOf(trade.totalFen),
    receipt_amount: yuanOf(trade.totalFen),
    buyer_pay_amount: yuanOf(trade.totalFen),
    subject: trade.subject,
    gmt_create: beijing(trade.createdAt),
    fund_bill_list: JSON.stringify([{ amount: yuanOf(trade.totalFen), fundChannel: 'ALIPAYACCOUNT' }]),
  };
  if (trade.paidAt) fields.gmt_payment = beijing(trade.paidAt);
  if (spoil.refund) {
    const refund = refunds.find((r) => r.outRequestNo === spoil.refund && r.outTradeNo === outTradeNo);
    if (!refund) throw new Error(`peer: no refund ${spoil.refund}`);
    const refundedFen = refunds.filter((r) => r.outTradeNo === outTradeNo).reduce((sum, r) => sum + r.amountFen, 0);
    fields.out_biz_no = refund.outRequestNo;
    fields.refund_fee = yuanOf(refundedFen);
    fields.gmt_refund = `${beijing(refund.at)}.${String(refund.at.getMilliseconds()).padStart(3, '0')}`;
  }
  // signed over all but sign and sign_type
  const content = signContent(Object.entries(fields).filter(([name]) => name !== 'sign_type'));
  fields.sign = sign(content, spoil.tamper === 'signature' ? keys.stranger.privateKey : keys.alipay.privateKey);
  if (spoil.tamper === 'amount') fields.total_amount = yuanOf(trade.totalFen + 100);
  return new URLSearchParams(fields).toString();
}
