import { generateKeyPairSync, randomBytes, sign as rsaSign, verify as rsaVerify, type KeyObject } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import iconv from 'iconv-lite';
import JSZip from 'jszip';

/**
 * A local Alipay for the tests: a real HTTP server speaking the OpenAPI v2 gateway (gateway.do)
 * as Alipay documents it, written from the documentation and independent of the provider's code.
 *
 * - Every request's RSA2 signature is checked with the app's public key: all parameters but
 *   `sign` and the empty ones, sorted by name, `name=value` joined by `&`, SHA256withRSA. A
 *   request that does not verify is answered isv.invalid-signature (API) or an error page (cashier).
 * - Answers are `{"<method>_response":{…},"sign":"…"}`, the sign over the response node's exact
 *   text with Alipay's private key (answerSigning switches to a stranger's key or none).
 * - alipay.trade.page.pay / wap.pay: a GET of the pay URL shows the cashier page and opens the
 *   trade (WAIT_BUYER_PAY), as Alipay opens it when the payer arrives; `pay` is the payer paying.
 * - alipay.trade.query, .close, .refund (at once, fund_change), .fastpay.refund.query, and
 *   alipay.data.dataservice.bill.downloadurl.query, whose link serves the day's bill as Alipay
 *   does: a zip of GBK CSV files (业务明细 and its 汇总).
 * - Notifies: form-encoded, signed over every parameter but sign and sign_type; with helpers for
 *   a stranger's signature, another app_id, and an amount changed after signing.
 *
 * Trades and refunds live in memory. Keys are made at start (RSA 2048): the app's pair (its
 * private key goes to the provider, as PKCS#1 PEM like Alipay's key tool's RSA2 output) and Alipay's.
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

// ---- the peer's own units (not the provider's helpers: an independent reading of the docs) ----

function yuanOf(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function fenOf(yuan: unknown): number | null {
  const match = typeof yuan === 'string' ? /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan) : null;
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Beijing time, "yyyy-MM-dd HH:mm:ss" */
function beijing(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const beijingDay = (at: Date) => beijing(at).slice(0, 10);

function signContent(entries: Array<[string, string]>): string {
  return entries
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startAlipayPeer(options: { appId?: string; sellerId?: string } = {}) {
  const appId = options.appId ?? '2021000000000001';
  const sellerId = options.sellerId ?? '2088000000000001';
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const trades = new Map<string, PeerTrade>();
  const refunds: PeerRefund[] = [];
  const calls: PeerCall[] = [];
  const billTokens = new Map<string, string>();
  /** notify answers received (the body our server sent back) */
  const noticeAnswers: Array<{ url: string; status: number; body: string }> = [];
  let tradeSerial = 0;

  const sign = (content: string, key: KeyObject) => rsaSign('RSA-SHA256', Buffer.from(content, 'utf8'), key).toString('base64');

  /** The app's request, checked as the gateway does; the reason when it is refused. */
  function checkRequest(params: URLSearchParams): string | null {
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
    const ok = rsaVerify('RSA-SHA256', Buffer.from(content, 'utf8'), app.publicKey, Buffer.from(given, 'base64'));
    return ok ? null : 'isv.invalid-signature';
  }

  const peer = {
    appId,
    sellerId,
    /** the app's private key for the provider (PKCS#1 PEM) and Alipay's public key (SPKI PEM) */
    appPrivateKeyPem: app.privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
    appPrivateKeyPkcs8Pem: app.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    alipayPublicKeyPem: alipay.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    gateway: '',
    origin: '',
    trades,
    refunds,
    calls,
    noticeAnswers,
    /** who signs the gateway's answers: Alipay (as it should), a stranger's key, or nobody */
    answerSigning: 'alipay' as 'alipay' | 'stranger' | 'none',

    /** the payer pays an open trade */
    pay(outTradeNo: string, at = new Date()): PeerTrade {
      const trade = trades.get(outTradeNo);
      if (trade?.status !== 'WAIT_BUYER_PAY') throw new Error(`peer: trade ${outTradeNo} is not open`);
      trade.status = 'TRADE_SUCCESS';
      trade.paidAt = at;
      return trade;
    },

    /** the trade past its refund period (TRADE_FINISHED) */
    finish(outTradeNo: string) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`peer: no trade ${outTradeNo}`);
      trade.status = 'TRADE_FINISHED';
    },

    /** the form body Alipay would POST for this trade (or one of its refunds), signed, optionally spoiled */
    notice(outTradeNo: string, spoil: { tamper?: NoticeTamper; refund?: string } = {}): string {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`peer: no trade ${outTradeNo}`);
      const now = new Date();
      const fields: Record<string, string> = {
        notify_time: beijing(now),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: spoil.tamper === 'app_id' ? '2021999999999999' : appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        buyer_id: trade.buyerId,
        seller_id: sellerId,
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
      fields.sign = sign(content, spoil.tamper === 'signature' ? stranger.privateKey : alipay.privateKey);
      if (spoil.tamper === 'amount') fields.total_amount = yuanOf(trade.totalFen + 100);
      return new URLSearchParams(fields).toString();
    },

    /** POST a notice to a URL as Alipay does; the answer is recorded */
    async sendNotice(url: string, body: string): Promise<{ status: number; body: string }> {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body });
      const answer = { status: response.status, body: await response.text() };
      noticeAnswers.push({ url, ...answer });
      return answer;
    },

    /** notify the trade's notify_url of its state (or of a refund) */
    notify(outTradeNo: string, spoil: { tamper?: NoticeTamper; refund?: string } = {}) {
      const url = trades.get(outTradeNo)?.notifyUrl;
      if (!url) throw new Error(`peer: trade ${outTradeNo} has no notify_url`);
      return peer.sendNotice(url, peer.notice(outTradeNo, spoil));
    },

    /** the payer's browser opening the pay URL the provider made */
    async openCashier(url: string): Promise<{ status: number; body: string }> {
      const response = await fetch(url);
      return { status: response.status, body: await response.text() };
    },

    /** the trade bill (业务明细) of a day, as Alipay's download serves it */
    async billZip(day: string): Promise<Buffer> {
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
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  // ---- the gateway's methods ----

  type Biz = Record<string, unknown>;
  type Result = Record<string, unknown>;
  const ok = (fields: Result): Result => ({ code: '10000', msg: 'Success', ...fields });
  const refusal = (subCode: string, subMsg: string): Result => ({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });
  const invalid = (subCode: string, subMsg: string): Result => ({ code: '40002', msg: 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg });
  const missing = () => refusal('ACQ.TRADE_NOT_EXIST', '交易不存在');
  const find = (biz: Biz) => (typeof biz.out_trade_no === 'string' ? trades.get(biz.out_trade_no) : [...trades.values()].find((t) => t.tradeNo === biz.trade_no));

  /** an open trade past its time_expire is closed, as Alipay closes it */
  function current(trade: PeerTrade | undefined): PeerTrade | undefined {
    if (trade?.status === 'WAIT_BUYER_PAY' && trade.timeExpire && trade.timeExpire < beijing(new Date())) trade.status = 'TRADE_CLOSED';
    return trade;
  }

  const methods: Record<string, (biz: Biz) => Result> = {
    'alipay.trade.query': (biz) => {
      const trade = current(find(biz));
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
    'alipay.trade.close': (biz) => {
      const trade = current(find(biz));
      if (!trade) return missing();
      if (trade.status !== 'WAIT_BUYER_PAY') return refusal('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      trade.status = 'TRADE_CLOSED';
      return ok({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
    },
    'alipay.trade.refund': (biz) => {
      const trade = current(find(biz));
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
    'alipay.trade.fastpay.refund.query': (biz) => {
      const trade = find(biz);
      if (!trade) return missing();
      if (typeof biz.out_request_no !== 'string') return invalid('isv.missing-parameter', '缺少 out_request_no');
      const refund = refunds.find((r) => r.outTradeNo === trade.outTradeNo && r.outRequestNo === biz.out_request_no);
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
    'alipay.data.dataservice.bill.downloadurl.query': (biz) => {
      if (biz.bill_type !== 'trade' && biz.bill_type !== 'signcustomer') return invalid('isv.invalid-parameter', 'bill_type 无效');
      if (typeof biz.bill_date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(biz.bill_date)) return invalid('isv.invalid-parameter', 'bill_date 无效');
      if (biz.bill_date >= beijingDay(new Date(Date.now() + 24 * 3600_000))) return refusal('isp.bill_not_exist', '账单不存在');
      const token = randomBytes(12).toString('hex');
      billTokens.set(token, biz.bill_date);
      const compact = biz.bill_date.replaceAll('-', '');
      return ok({ bill_download_url: `${peer.origin}/downloadBillFile.resource?bizType=trade&fileType=csv.zip&bizDates=${compact}&token=${token}` });
    },
  };

  function answerJson(reply: ServerResponse, method: string, result: Result) {
    const key = `${method.replaceAll('.', '_')}_response`;
    const node = JSON.stringify(result);
    const signer = peer.answerSigning === 'stranger' ? stranger.privateKey : alipay.privateKey;
    const signature = peer.answerSigning === 'none' ? '' : `,"sign":"${sign(node, signer)}"`;
    reply.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(`{"${key}":${node}${signature}}`);
  }

  function cashier(reply: ServerResponse, method: string, params: URLSearchParams, biz: Biz) {
    const page = (status: number, title: string, body: string) =>
      reply
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`);
    const product = method === 'alipay.trade.page.pay' ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY';
    const amount = fenOf(biz.total_amount);
    const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    if (!outTradeNo || amount === null || amount <= 0 || typeof biz.subject !== 'string' || biz.product_code !== product)
      return page(400, '支付宝 - 错误', '<p>错误代码 invalid-parameter</p>');
    if (biz.time_expire !== undefined && (typeof biz.time_expire !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(biz.time_expire)))
      return page(400, '支付宝 - 错误', '<p>错误代码 invalid-parameter time_expire</p>');
    const existing = current(trades.get(outTradeNo));
    if (existing && (existing.totalFen !== amount || existing.subject !== biz.subject))
      return page(400, '支付宝 - 错误', '<p>错误代码 ACQ.CONTEXT_INCONSISTENT 交易信息被篡改</p>');
    if (existing && existing.status !== 'WAIT_BUYER_PAY') return page(400, '支付宝 - 错误', `<p>交易已${existing.status === 'TRADE_CLOSED' ? '关闭' : '支付'}</p>`);
    if (!existing) {
      const now = new Date();
      tradeSerial += 1;
      trades.set(outTradeNo, {
        outTradeNo,
        tradeNo: `${beijing(now).slice(0, 10).replaceAll('-', '')}22001${String(tradeSerial).padStart(15, '0')}`,
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

  async function handle(request: IncomingMessage, reply: ServerResponse) {
    const url = new URL(request.url ?? '/', peer.origin);
    if (request.method === 'GET' && url.pathname === '/downloadBillFile.resource') {
      const day = billTokens.get(url.searchParams.get('token') ?? '');
      if (!day) return reply.writeHead(404).end('no such bill');
      const zip = await peer.billZip(day);
      return reply.writeHead(200, { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${day.replaceAll('-', '')}.csv.zip"` }).end(zip);
    }
    if (url.pathname !== '/gateway.do') return reply.writeHead(404).end();
    const params = new URLSearchParams(url.search);
    if (request.method === 'POST') for (const [name, value] of new URLSearchParams(await readBody(request))) params.append(name, value);
    const method = params.get('method') ?? '';
    let biz: Biz = {};
    try {
      biz = JSON.parse(params.get('biz_content') ?? '{}') as Biz;
    } catch {
      return answerJson(reply, method, invalid('isv.invalid-biz-content', 'biz_content 不是 JSON'));
    }
    const refused = checkRequest(params);
    calls.push({ method, params: Object.fromEntries(params), biz, verified: !refused });
    const isCashier = method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay';
    if (refused) {
      if (isCashier) return reply.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(`<p>支付宝 - 错误代码 ${refused}</p>`);
      return answerJson(reply, method, invalid(refused, `验签出错 ${refused}`));
    }
    if (isCashier) return cashier(reply, method, params, biz);
    const run = methods[method];
    if (!run) return answerJson(reply, method, invalid('isv.invalid-method', '不存在的方法名'));
    return answerJson(reply, method, run(biz));
  }

  const server = http.createServer((request, reply) => {
    handle(request, reply).catch((error: unknown) => reply.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.gateway = `${peer.origin}/gateway.do`;
  return peer;
}

export type AlipayPeer = Awaited<ReturnType<typeof startAlipayPeer>>;
