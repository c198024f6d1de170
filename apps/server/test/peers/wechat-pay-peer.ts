import { createHash, createVerify, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { shanghaiTime, WechatPayPeerState, type PeerRefund, type PeerTransaction, type SeenRequest, type WechatPayPeerOptions } from './wechat-pay-peer-state';

/**
 * A local WeChat Pay API v3 (直连商户) for the provider's tests: a real HTTP server that speaks
 * the documented protocol with real keys, written from the documentation with node:crypto alone
 * (not the SDK the provider uses, so a shared misreading would not pass unnoticed).
 *
 * - Every request must carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,
 *   timestamp=…,serial_no=…,signature=…`, the merchant's SHA256-RSA signature over
 *   "METHOD\nURL\ntimestamp\nnonce\nbody\n", checked with the merchant certificate's public key
 *   (401 SIGN_ERROR otherwise).
 * - Every answer (but the bill file itself) is signed with the platform's private key:
 *   Wechatpay-Timestamp / -Nonce / -Serial / -Signature over "timestamp\nnonce\nbody\n".
 * - Transactions and refunds live in memory. The test plays the payer (`pay`) and the bank
 *   (`settleRefund`), and sends notifies (`notifyPayment`, `notifyRefund`): the resource
 *   encrypted with AES-256-GCM under the APIv3 key, the body signed like an answer — or, on
 *   request, with a bad signature, a foreign serial, a tampered ciphertext or an old timestamp.
 */

/** the bill's "2026-11-26 10:00:00" (Asia/Shanghai) */
const billTime = (rfc3339: string) => shanghaiTime(new Date(rfc3339)).slice(0, 19).replace('T', ' ');
const yuan = (fen: number) => (fen / 100).toFixed(2);

export class WechatPayPeer extends WechatPayPeerState {
  private readonly bills = new Map<string, Buffer>();
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((request, reply) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        try {
          this.handle(request, Buffer.concat(chunks).toString('utf8'), reply);
        } catch (error) {
          this.answer(reply, 500, { code: 'SYSTEM_ERROR', message: String(error) });
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  // ---- the API ------------------------------------------------------------------------------

  private answer(reply: ServerResponse, status: number, body?: unknown) {
    const text = body === undefined ? '' : JSON.stringify(body);
    const signed = this.badSignatureOnce ? `${text}x` : text;
    this.badSignatureOnce = false;
    const headers = { ...this.signatureHeaders(signed), ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}) };
    reply.writeHead(status, headers).end(text);
  }

  private fail(reply: ServerResponse, status: number, code: string, message: string) {
    this.answer(reply, status, { code, message });
  }

  /** the merchant's Authorization header, verified; null (and a 401 sent) when it is not */
  private authorize(request: IncomingMessage, body: string, reply: ServerResponse): SeenRequest | null {
    const header = request.headers.authorization ?? '';
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
    const fields = new Map<string, string>();
    for (const part of match?.[1]?.split(',') ?? []) {
      const pair = /^\s*(\w+)="([^"]*)"\s*$/.exec(part);
      if (pair) fields.set(pair[1]!, pair[2]!);
    }
    const [mchid, nonceStr, timestamp, serial, signature] = ['mchid', 'nonce_str', 'timestamp', 'serial_no', 'signature'].map((name) => fields.get(name));
    const message = `${request.method}\n${request.url}\n${timestamp}\n${nonceStr}\n${body}\n`;
    const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300;
    const verified =
      !!mchid && !!nonceStr && !!signature && fresh && serial === this.options.merchantSerial && mchid === this.options.mchid &&
      createVerify('RSA-SHA256').update(message).verify(this.options.merchantPublicKey, signature, 'base64');
    if (!verified) {
      this.fail(reply, 401, 'SIGN_ERROR', '签名错误');
      return null;
    }
    return { method: request.method ?? '', path: request.url ?? '', body, mchid: mchid!, serial: serial! };
  }

  private handle(request: IncomingMessage, body: string, reply: ServerResponse) {
    const seen = this.authorize(request, body, reply);
    if (!seen) return;
    this.requests.push(seen);
    const url = new URL(request.url ?? '/', 'http://peer');
    const path = url.pathname;
    const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    const method = request.method;

    const create = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(path);
    if (method === 'POST' && create) return this.create(create[1] as 'native' | 'h5' | 'jsapi', input, reply);

    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (byNo) {
      const outTradeNo = decodeURIComponent(byNo[1]!);
      if (method === 'GET' && !byNo[2]) {
        if (url.searchParams.get('mchid') !== this.options.mchid) return this.fail(reply, 400, 'PARAM_ERROR', 'mchid 与请求方不符');
        const transaction = this.transactions.get(outTradeNo);
        if (!transaction) return this.fail(reply, 404, 'ORDER_NOT_EXIST', '订单不存在');
        this.expire(transaction);
        return this.answer(reply, 200, this.transactionJson(transaction));
      }
      if (method === 'POST' && byNo[2]) {
        if (input.mchid !== this.options.mchid) return this.fail(reply, 400, 'PARAM_ERROR', 'mchid 与请求方不符');
        const transaction = this.transactions.get(outTradeNo);
        if (!transaction) return this.fail(reply, 404, 'ORDER_NOT_EXIST', '订单不存在');
        if (transaction.trade_state === 'SUCCESS' || transaction.trade_state === 'REFUND') return this.fail(reply, 400, 'ORDERPAID', '订单已支付');
        transaction.trade_state = 'CLOSED';
        return this.answer(reply, 204);
      }
    }

    if (method === 'POST' && path === '/v3/refund/domestic/refunds') return this.refund(input, reply);
    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundNo) {
      const refund = this.refunds.get(decodeURIComponent(refundNo[1]!));
      if (!refund) return this.fail(reply, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return this.answer(reply, 200, this.refundJson(refund));
    }

    if (method === 'GET' && path === '/v3/bill/tradebill') return this.tradeBill(url.searchParams, reply);
    if (method === 'GET' && path === '/v3/billdownload/file') {
      const file = this.bills.get(url.searchParams.get('token') ?? '');
      if (!file) return this.fail(reply, 400, 'INVALID_REQUEST', '下载链接已失效');
      // the file itself is not signed: the merchant checks it against hash_value
      return void reply.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file);
    }
    this.fail(reply, 404, 'NOT_FOUND', `no such API: ${method} ${path}`);
  }

  private create(kind: 'native' | 'h5' | 'jsapi', input: Record<string, unknown>, reply: ServerResponse) {
    const amount = input.amount as { total?: unknown; currency?: unknown } | undefined;
    const sceneInfo = input.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined;
    const payer = input.payer as { openid?: unknown } | undefined;
    const outTradeNo = String(input.out_trade_no ?? '');
    const problems = [
      input.mchid !== this.options.mchid && 'mchid 与请求方不符',
      !this.options.appIds.includes(String(input.appid)) && 'appid 与 mchid 不匹配',
      !/^[A-Za-z0-9_\-|*]{6,32}$/.test(outTradeNo) && 'out_trade_no 格式错误',
      (typeof input.description !== 'string' || !input.description || Buffer.byteLength(input.description) > 127) && 'description 为1–127字节',
      (typeof input.notify_url !== 'string' || !/^https?:\/\/[^?]+$/.test(input.notify_url)) && 'notify_url 须为不带查询串的完整地址',
      input.time_expire !== undefined && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(String(input.time_expire)) && 'time_expire 格式错误',
      (!Number.isInteger(amount?.total) || Number(amount?.total) < 1 || amount?.currency !== 'CNY') && 'amount.total 须为正整数分, currency 为 CNY',
      kind === 'h5' && (!sceneInfo?.payer_client_ip || !sceneInfo.h5_info?.type) && 'H5 须有 scene_info.payer_client_ip 与 h5_info.type',
      kind === 'jsapi' && !payer?.openid && 'JSAPI 须有 payer.openid',
    ].filter(Boolean);
    if (problems.length) return this.fail(reply, 400, 'PARAM_ERROR', problems.join('; '));
    const existing = this.transactions.get(outTradeNo);
    if (existing) {
      if (existing.trade_state === 'SUCCESS' || existing.trade_state === 'REFUND') return this.fail(reply, 400, 'ORDERPAID', '该订单已支付');
      if (existing.trade_state === 'CLOSED') return this.fail(reply, 400, 'ORDER_CLOSED', '订单已关闭');
      if (existing.total !== amount!.total || existing.description !== input.description) return this.fail(reply, 400, 'OUT_TRADE_NO_USED', '商户订单号重复');
    }
    const transaction: PeerTransaction = existing ?? {
      appid: String(input.appid),
      mchid: this.options.mchid,
      out_trade_no: outTradeNo,
      trade_type: kind === 'native' ? 'NATIVE' : kind === 'h5' ? 'MWEB' : 'JSAPI',
      trade_state: 'NOTPAY',
      description: String(input.description),
      notify_url: String(input.notify_url),
      ...(input.time_expire ? { time_expire: String(input.time_expire) } : {}),
      total: Number(amount!.total),
      ...(payer?.openid ? { openid: String(payer.openid) } : {}),
      prepay_id: `wx${randomBytes(14).toString('hex')}`,
    };
    this.transactions.set(outTradeNo, transaction);
    if (kind === 'native') return this.answer(reply, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${transaction.prepay_id.slice(2, 12)}` });
    if (kind === 'h5') return this.answer(reply, 200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${transaction.prepay_id}&package=1` });
    return this.answer(reply, 200, { prepay_id: transaction.prepay_id });
  }

  private refund(input: Record<string, unknown>, reply: ServerResponse) {
    const amount = input.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
    const transaction = this.transactions.get(String(input.out_trade_no ?? ''));
    if (!transaction) return this.fail(reply, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (transaction.trade_state !== 'SUCCESS' && transaction.trade_state !== 'REFUND') return this.fail(reply, 400, 'INVALID_REQUEST', '订单未支付');
    const outRefundNo = String(input.out_refund_no ?? '');
    if (!/^[A-Za-z0-9_\-|*@]{1,64}$/.test(outRefundNo)) return this.fail(reply, 400, 'PARAM_ERROR', 'out_refund_no 格式错误');
    const existing = this.refunds.get(outRefundNo);
    if (existing) return this.answer(reply, 200, this.refundJson(existing));
    if (amount?.total !== transaction.total || amount.currency !== 'CNY') return this.fail(reply, 400, 'PARAM_ERROR', 'amount.total 与订单金额不符');
    const refunded = [...this.refunds.values()].filter((r) => r.out_trade_no === transaction.out_trade_no && r.status !== 'CLOSED').reduce((sum, r) => sum + r.refund, 0);
    if (!Number.isInteger(amount.refund) || Number(amount.refund) < 1 || refunded + Number(amount.refund) > transaction.total) return this.fail(reply, 403, 'NOT_ENOUGH', '退款金额超过可退金额');
    const refund: PeerRefund = {
      refund_id: `5030${String(++this.sequence).padStart(24, '0')}`,
      out_refund_no: outRefundNo,
      transaction_id: transaction.transaction_id!,
      out_trade_no: transaction.out_trade_no,
      status: 'PROCESSING',
      ...(input.reason ? { reason: String(input.reason) } : {}),
      ...(input.notify_url ? { notify_url: String(input.notify_url) } : {}),
      refund: Number(amount.refund),
      total: transaction.total,
      create_time: shanghaiTime(new Date()),
    };
    this.refunds.set(outRefundNo, refund);
    transaction.trade_state = 'REFUND';
    this.answer(reply, 200, this.refundJson(refund));
  }

  /**
   * The day's trade bill (bill_type ALL), as WeChat lays it out: a header line, one line per
   * payment and per refund with every field prefixed by a backquote, then the summary's caption
   * and line. Amounts in the bill are yuan with two decimals.
   */
  private tradeBill(params: URLSearchParams, reply: ServerResponse) {
    const day = params.get('bill_date') ?? '';
    if (!/^\d{4}-\d\d-\d\d$/.test(day)) return this.fail(reply, 400, 'PARAM_ERROR', 'bill_date 格式错误');
    const onDay = (time?: string) => !!time && shanghaiTime(new Date(time)).startsWith(day);
    const header = '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
    const lines: string[][] = [];
    let paidFen = 0;
    let refundFen = 0;
    for (const t of this.transactions.values()) {
      if (!onDay(t.success_time)) continue;
      paidFen += t.total;
      lines.push([billTime(t.success_time!), t.appid, t.mchid, '0', '', t.transaction_id!, t.out_trade_no, t.openid ?? 'oPeerPayerOpenid0000000000', t.trade_type, 'SUCCESS', 'OTHERS', 'CNY', yuan(t.total), '0.00', '0', '0', '0.00', '0.00', '', '', t.description, '', yuan(Math.round(t.total * 0.006)), '0.60%', yuan(t.total), '0.00', '']);
    }
    for (const r of this.refunds.values()) {
      if (r.status !== 'SUCCESS' || !onDay(r.success_time)) continue;
      const t = this.transactions.get(r.out_trade_no)!;
      refundFen += r.refund;
      lines.push([billTime(r.success_time!), t.appid, t.mchid, '0', '', t.transaction_id!, t.out_trade_no, t.openid ?? 'oPeerPayerOpenid0000000000', t.trade_type, 'REFUND', 'OTHERS', 'CNY', '0.00', '0.00', r.refund_id, r.out_refund_no, yuan(r.refund), '0.00', 'ORIGINAL', 'SUCCESS', t.description, '', '0.00', '0.60%', yuan(t.total), yuan(r.refund), '']);
    }
    if (!lines.length) return this.fail(reply, 400, 'NO_STATEMENT_EXIST', '账单文件不存在');
    const text = [
      header,
      ...lines.map((fields) => fields.map((field) => `\`${field}`).join(',')),
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      ['' + lines.length, yuan(paidFen), yuan(refundFen), '0.00', '0.00', yuan(paidFen), yuan(refundFen)].map((field) => `\`${field}`).join(','),
    ].join('\r\n');
    const file = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
    const token = randomBytes(12).toString('hex');
    const hash = createHash('sha1').update(file).digest('hex');
    this.bills.set(token, this.corruptBillOnce ? Buffer.concat([file, Buffer.from('`tampered\r\n')]) : file);
    this.corruptBillOnce = false;
    this.answer(reply, 200, { hash_type: 'SHA1', hash_value: hash, download_url: `${this.url}/v3/billdownload/file?token=${token}` });
  }
}

export async function startWechatPayPeer(options: WechatPayPeerOptions): Promise<WechatPayPeer> {
  return new WechatPayPeer(options).start();
}
