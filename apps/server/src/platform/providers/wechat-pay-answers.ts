import { createRequire } from 'node:module';
import type * as WechatpaySdk from 'wechatpay-axios-plugin';
import { AppError } from '../errors';
import type { BillLine, GatewayPayment, GatewayRefund } from './payment-gateway';

/*
 * WeChat Pay v3 (wechat-pay.ts): its errors, and its answers, notifies and bill file read as the
 * gateway's payments, refunds and bill lines. CommonJS SDK: loaded with `require`, like the SMS
 * SDKs (sms-vendors.ts).
 */
const require = createRequire(import.meta.url);
export const sdk = require('wechatpay-axios-plugin') as typeof WechatpaySdk;

/**
 * The gateway refused or could not be reached: 502 with WeChat's own code and message.
 * `verified`: the answer carrying the code was signed by WeChat (checked); only a verified
 * refusal is ever read as a fact ("no such order", "already closed", "no bill that day").
 */
export class WechatPayError extends AppError {
  constructor(
    readonly vendorCode: string,
    message: string,
    readonly httpStatus: number | null,
    readonly verified = false,
  ) {
    super('PAYMENT_GATEWAY', `微信支付: ${message}`, { status: 502, data: { vendor: 'wechat', code: vendorCode } });
    this.name = 'WechatPayError';
  }
}

/** a verified refusal with one of these codes */
export const refusedWith = (error: unknown, ...codes: string[]) => error instanceof WechatPayError && error.verified && codes.includes(error.vendorCode);

/** "12.34" (the bill's yuan) as 1234 fen, without floating point */
function fenOf(yuan: string | undefined): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec((yuan ?? '').trim());
  if (!match) throw new WechatPayError('BILL_FORMAT', `账单金额格式错误: ${yuan}`, null);
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -fen : fen;
}

const dateOf = (rfc3339: unknown) => (typeof rfc3339 === 'string' && rfc3339 ? new Date(rfc3339) : undefined);

export interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number };
}

export interface WechatRefund {
  out_refund_no?: string;
  out_trade_no?: string;
  refund_id?: string;
  /** the refund API's field */
  status?: string;
  /** the refund notify's field */
  refund_status?: string;
  success_time?: string;
  amount?: { refund?: number };
}

const paymentStates: Record<string, GatewayPayment['state']> = {
  SUCCESS: 'paid',
  // 转入退款: it was paid; refunds are followed on their own
  REFUND: 'paid',
  NOTPAY: 'open',
  USERPAYING: 'open',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'failed',
};

const refundStates: Record<string, GatewayRefund['state']> = {
  SUCCESS: 'success',
  PROCESSING: 'processing',
  CLOSED: 'closed',
  ABNORMAL: 'abnormal',
};

export function paymentOf(t: WechatTransaction): GatewayPayment {
  const state = paymentStates[t.trade_state ?? ''];
  if (!state || !t.out_trade_no) throw new WechatPayError('UNKNOWN_STATE', `无法识别的订单状态 ${t.trade_state}`, null);
  const paidAt = state === 'paid' ? dateOf(t.success_time) : undefined;
  return {
    outTradeNo: t.out_trade_no,
    ...(t.transaction_id ? { tradeNo: t.transaction_id } : {}),
    state,
    amountFen: t.amount?.total ?? t.amount?.payer_total ?? 0,
    merchantId: t.mchid ?? '',
    appId: t.appid ?? '',
    ...(paidAt ? { paidAt } : {}),
  };
}

export function refundOf(r: WechatRefund): GatewayRefund {
  const state = refundStates[r.status ?? r.refund_status ?? ''];
  if (!state || !r.out_refund_no || !r.out_trade_no) throw new WechatPayError('UNKNOWN_STATE', `无法识别的退款状态 ${r.status ?? r.refund_status}`, null);
  const succeededAt = state === 'success' ? dateOf(r.success_time) : undefined;
  return {
    outRefundNo: r.out_refund_no,
    outTradeNo: r.out_trade_no,
    ...(r.refund_id ? { refundId: r.refund_id } : {}),
    refundFen: r.amount?.refund ?? 0,
    state,
    ...(succeededAt ? { succeededAt } : {}),
  };
}

/**
 * Read the bill file (bill_type ALL): a header line; one line per payment or refund whose fields
 * each start with a backquote; the summary's caption (总交易单数,…) and line. Amounts are yuan.
 */
export function parseTradeBill(file: Buffer): BillLine[] {
  const text = file.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines[0]?.split(',') ?? [];
  const captionAt = lines.findIndex((line) => line.startsWith('总交易单数'));
  if (!header.includes('交易状态') || captionAt < 1 || !lines[captionAt + 1]) throw new WechatPayError('BILL_FORMAT', '账单文件格式无法识别', null);
  const rows = lines.slice(1, captionAt).map((line) => sdk.Formatter.castCsvLine(line, header) as Record<string, string>);
  const summary = sdk.Formatter.castCsvLine(lines[captionAt + 1]!, lines[captionAt]!.split(',')) as Record<string, string>;
  if (Number(summary['总交易单数']) !== rows.length) throw new WechatPayError('BILL_FORMAT', `账单行数 ${rows.length} 与汇总的总交易单数 ${summary['总交易单数']} 不符`, null);
  const out: BillLine[] = [];
  for (const row of rows) {
    const at = new Date(`${(row['交易时间'] ?? '').replace(' ', 'T')}+08:00`);
    if (Number.isNaN(at.getTime())) throw new WechatPayError('BILL_FORMAT', `账单交易时间格式错误: ${row['交易时间']}`, null);
    const base = { outTradeNo: row['商户订单号'] ?? '', tradeNo: row['微信订单号'] ?? '', at };
    if (row['交易状态'] === 'SUCCESS') {
      out.push({ kind: 'payment', ...base, amountFen: fenOf(row['订单金额'] || row['应结订单金额']) });
    } else if (row['交易状态'] === 'REFUND' && (row['退款状态'] ?? 'SUCCESS') === 'SUCCESS') {
      out.push({ kind: 'refund', ...base, outRefundNo: row['商户退款单号'] ?? '', amountFen: fenOf(row['申请退款金额'] || row['退款金额']) });
    }
  }
  return out;
}
