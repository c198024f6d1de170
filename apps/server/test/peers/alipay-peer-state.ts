import iconv from 'iconv-lite';
import JSZip from 'jszip';

/**
 * The local Alipay's (alipay-peer.ts) shapes and state: trades, refunds, the calls it received,
 * the bill download tokens and the notify answers, all in memory and made when the peer starts;
 * its own units (not the provider's helpers: an independent reading of the docs) and the day's bill.
 */

export interface PeerTrade {
  outTradeNo: string;
  tradeNo: string;
  method: string;
  productCode: string;
  subject: string;
  totalFen: number;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';
  notifyUrl?: string;
  returnUrl?: string;
  quitUrl?: string;
  timeExpire?: string;
  createdAt: Date;
  paidAt?: Date;
  buyerId: string;
}

export interface PeerRefund {
  outRequestNo: string;
  outTradeNo: string;
  tradeNo: string;
  amountFen: number;
  reason: string;
  at: Date;
}

export interface PeerCall {
  method: string;
  /** the request parameters as received (biz_content still JSON text) */
  params: Record<string, string>;
  biz: Record<string, unknown>;
  /** the app's signature verified */
  verified: boolean;
}

export type NoticeTamper = 'signature' | 'app_id' | 'amount';

export interface AlipayPeerState {
  trades: Map<string, PeerTrade>;
  refunds: PeerRefund[];
  calls: PeerCall[];
  /** bill download token → its day */
  billTokens: Map<string, string>;
  /** notify answers received (the body our server sent back) */
  noticeAnswers: Array<{ url: string; status: number; body: string }>;
  /** trades opened so far (numbers the trade_no) */
  tradeSerial: number;
}

/** Empty state for one peer (made when it starts, never when a module loads: tests share modules). */
export function createAlipayPeerState(): AlipayPeerState {
  return { trades: new Map(), refunds: [], calls: [], billTokens: new Map(), noticeAnswers: [], tradeSerial: 0 };
}

// ---- the peer's own units ----

export function yuanOf(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function fenOf(yuan: unknown): number | null {
  const match = typeof yuan === 'string' ? /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan) : null;
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Beijing time, "yyyy-MM-dd HH:mm:ss" */
export function beijing(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export const beijingDay = (at: Date) => beijing(at).slice(0, 10);

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** the trade bill (业务明细) of a day, as Alipay's download serves it: a zip of GBK CSV files */
export function billZip(state: AlipayPeerState, sellerId: string, day: string): Promise<Buffer> {
  const { trades, refunds } = state;
  const compact = day.replaceAll('-', '');
  const header = '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
  const row = (trade: PeerTrade, type: '交易' | '退款', fen: number, at: Date, requestNo: string) =>
    [`${trade.tradeNo}\t`, `${trade.outTradeNo}\t`, type, trade.subject, beijing(trade.createdAt), beijing(at), '', '', '', '', 'buy***@example.com', yuanOf(fen), yuanOf(fen), '0.00', '0.00', '0.00', '0.00', '0.00', '', '0.00', '0.00', requestNo, yuanOf(-Math.round((Math.abs(fen) * 6) / 1000)), '0.00', '']
      .map(csvField)
      .join(',');
  const paid = [...trades.values()].filter((t) => t.paidAt && beijingDay(t.paidAt) === day);
  const refunded = refunds.filter((r) => beijingDay(r.at) === day);
  const lines = [
    '#支付宝业务明细查询',
    `#账号：[${sellerId}0156]`,
    `#起始日期：[${day.slice(0, 4)}年${day.slice(5, 7)}月${day.slice(8)}日 00:00:00]   终止日期：[${day.slice(0, 4)}年${day.slice(5, 7)}月${day.slice(8)}日 23:59:59]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    header,
    ...paid.map((t) => row(t, '交易', t.totalFen, t.paidAt!, '')),
    ...refunded.map((r) => row(trades.get(r.outTradeNo)!, '退款', -r.amountFen, r.at, r.outRequestNo)),
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${paid.length}笔，商家实收：${yuanOf(paid.reduce((s, t) => s + t.totalFen, 0))}元，商家优惠：0.00元`,
    `#退款合计：${refunded.length}笔，商家实收：${yuanOf(-refunded.reduce((s, r) => s + r.amountFen, 0))}元，商家优惠：0.00元`,
    `#导出时间：[${beijing(new Date())}]`,
  ];
  const summary = [
    '#支付宝业务汇总查询',
    '#-----------------------------------------业务汇总列表----------------------------------------',
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,支付宝优惠（元）,商家优惠（元）,卡消费金额（元）,服务费（元）,分润（元）,实收净额（元）',
    `合计,,${paid.length},${refunded.length},0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00`,
    '#-----------------------------------------业务汇总列表结束------------------------------------',
  ];
  const zip = new JSZip();
  zip.file(`${sellerId}0156_${compact}_业务明细.csv`, iconv.encode(`${lines.join('\r\n')}\r\n`, 'gbk'));
  zip.file(`${sellerId}0156_${compact}_业务明细(汇总).csv`, iconv.encode(`${summary.join('\r\n')}\r\n`, 'gbk'));
  // file names in GBK too, without the UTF-8 flag, as Alipay's zips come
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', encodeFileName: (name) => iconv.encode(name, 'gbk').toString('binary') });
}
