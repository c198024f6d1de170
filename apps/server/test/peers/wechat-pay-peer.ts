import { execFileSync } from 'node:child_process';
import { createCipheriv, createHash, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

export interface WechatPayPeerOptions {
  mchid: string;
  /** the app ids bound to the merchant (appid in an order must be one of them) */
  appIds: string[];
  /** the merchant API certificate's serial and public key (what WeChat keeps of the merchant) */
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  /** the platform certificate's serial and private key (what signs answers and notifies) */
  platformSerial: string;
  platformPrivateKey: KeyObject;
  apiV3Key: string;
}

export interface PeerTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  trade_type: 'NATIVE' | 'MWEB' | 'JSAPI';
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND' | 'PAYERROR' | 'USERPAYING' | 'REVOKED';
  description: string;
  notify_url: string;
  time_expire?: string;
  total: number;
  openid?: string;
  prepay_id: string;
  transaction_id?: string;
  success_time?: string;
}

export interface PeerRefund {
  refund_id: string;
  out_refund_no: string;
  transaction_id: string;
  out_trade_no: string;
  status: 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
  reason?: string;
  notify_url?: string;
  refund: number;
  total: number;
  create_time: string;
  success_time?: string;
}

/** How a notify should go wrong (all default to a correct notify). */
export interface NotifyFault {
  /** sign something else than the body */
  badSignature?: boolean;
  /** name another platform serial in Wechatpay-Serial */
  serial?: string;
  /** flip a byte of the ciphertext after encrypting (the signature still covers the sent body) */
  tamperCiphertext?: boolean;
  /** move Wechatpay-Timestamp (seconds; -301 is older than the replay window) */
  timestampOffset?: number;
  /** send under another event_type (an event the merchant does not handle) */
  eventType?: string;
}

export interface SeenRequest {
  method: string;
  path: string;
  body: string;
  /** the Authorization header's mchid and serial_no (the signature was verified) */
  mchid: string;
  serial: string;
}

export interface BuiltNotify {
  headers: Record<string, string>;
  body: string;
}

/** RFC 3339 in Asia/Shanghai, as WeChat writes times: 2026-11-26T10:00:00+08:00 */
export const shanghaiTime = (at: Date) => `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
/** the bill's "2026-11-26 10:00:00" (Asia/Shanghai) */
const billTime = (rfc3339: string) => shanghaiTime(new Date(rfc3339)).slice(0, 19).replace('T', ' ');
const yuan = (fen: number) => (fen / 100).toFixed(2);
const nonce = () => randomBytes(16).toString('hex');
const sign = (message: string, key: KeyObject) => createSign('RSA-SHA256').update(message).sign(key, 'base64');

export class WechatPayPeer {
  readonly transactions = new Map<string, PeerTransaction>();
  readonly refunds = new Map<string, PeerRefund>();
  readonly requests: SeenRequest[] = [];
  /** the next answer's signature will not verify (covers another body) */
  badSignatureOnce = false;
  /** the next bill file differs from the hash_value announced for it */
  corruptBillOnce = false;
  private readonly bills = new Map<string, Buffer>();
  private sequence = 0;
  private server: http.Server | null = null;
  url = '';

  constructor(readonly options: WechatPayPeerOptions) {}

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

  // ---- the test plays the payer and the bank ------------------------------------------------

  /** the payer pays the whole amount now */
  pay(outTradeNo: string, at = new Date()): PeerTransaction {
    const transaction = this.transactions.get(outTradeNo);
    if (!transaction || transaction.trade_state !== 'NOTPAY') throw new Error(`peer: ${outTradeNo} is not payable`);
    transaction.trade_state = 'SUCCESS';
    transaction.transaction_id = `4200${String(++this.sequence).padStart(24, '0')}`;
    transaction.success_time = shanghaiTime(at);
    return transaction;
  }

  /** the refund reaches its end (the bank returned the money, or it failed) */
  settleRefund(outRefundNo: string, status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' = 'SUCCESS', at = new Date()): PeerRefund {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`peer: no refund ${outRefundNo}`);
    refund.status = status;
    if (status === 'SUCCESS') refund.success_time = shanghaiTime(at);
    return refund;
  }

  // ---- notifies -----------------------------------------------------------------------------

  /** the notify WeChat would send for a paid transaction (TRANSACTION.SUCCESS) */
  paymentNotify(outTradeNo: string, fault: NotifyFault = {}): BuiltNotify {
    const transaction = this.transactions.get(outTradeNo);
    if (!transaction) throw new Error(`peer: no transaction ${outTradeNo}`);
    return this.buildNotify('TRANSACTION.SUCCESS', 'transaction', '支付成功', this.transactionJson(transaction), fault);
  }

  /** the notify for a refund that ended: REFUND.SUCCESS, REFUND.ABNORMAL or REFUND.CLOSED */
  refundNotify(outRefundNo: string, fault: NotifyFault = {}): BuiltNotify {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`peer: no refund ${outRefundNo}`);
    if (refund.status === 'PROCESSING') throw new Error('peer: WeChat sends no notify for a refund in processing');
    const resource = {
      mchid: this.options.mchid,
      out_trade_no: refund.out_trade_no,
      transaction_id: refund.transaction_id,
      out_refund_no: refund.out_refund_no,
      refund_id: refund.refund_id,
      refund_status: refund.status,
      ...(refund.success_time ? { success_time: refund.success_time } : {}),
      user_received_account: '支付用户零钱',
      amount: { total: refund.total, refund: refund.refund, payer_total: refund.total, payer_refund: refund.refund },
    };
    return this.buildNotify(`REFUND.${refund.status}`, 'refund', '退款结果', resource, fault);
  }

  /** POST a notify to the transaction's notify_url (or `url`); resolves with our server's answer */
  async notifyPayment(outTradeNo: string, fault: NotifyFault = {}, url?: string) {
    return this.send(url ?? this.transactions.get(outTradeNo)!.notify_url, this.paymentNotify(outTradeNo, fault));
  }

  async notifyRefund(outRefundNo: string, fault: NotifyFault = {}, url?: string) {
    return this.send(url ?? this.refunds.get(outRefundNo)!.notify_url!, this.refundNotify(outRefundNo, fault));
  }

  private buildNotify(eventType: string, originalType: string, summary: string, resource: unknown, fault: NotifyFault): BuiltNotify {
    const key = Buffer.from(this.options.apiV3Key, 'utf8');
    const iv = nonce().slice(0, 12);
    const associatedData = originalType;
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(associatedData));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(resource), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    if (fault.tamperCiphertext) sealed[0] = sealed[0]! ^ 0x01;
    const body = JSON.stringify({
      id: `EV-${randomBytes(8).toString('hex')}`,
      create_time: shanghaiTime(new Date()),
      resource_type: 'encrypt-resource',
      event_type: fault.eventType ?? eventType,
      summary,
      resource: { original_type: originalType, algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed.toString('base64'), associated_data: associatedData, nonce: iv },
    });
    const headers = this.signatureHeaders(fault.badSignature ? `${body} ` : body, fault.timestampOffset ?? 0);
    if (fault.serial) headers['wechatpay-serial'] = fault.serial;
    return { headers: { ...headers, 'content-type': 'application/json' }, body };
  }

  private async send(url: string, notify: BuiltNotify): Promise<{ status: number; body: string }> {
    const response = await fetch(url, { method: 'POST', headers: notify.headers, body: notify.body });
    return { status: response.status, body: await response.text() };
  }

  // ---- the API ------------------------------------------------------------------------------

  private signatureHeaders(body: string, timestampOffset = 0): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000) + timestampOffset);
    const nonceStr = nonce();
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonceStr,
      'wechatpay-serial': this.options.platformSerial,
      'wechatpay-signature': sign(`${timestamp}\n${nonceStr}\n${body}\n`, this.options.platformPrivateKey),
      'request-id': randomBytes(8).toString('hex'),
    };
  }

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

  /** an unpaid transaction past its time_expire is closed, as WeChat does */
  private expire(transaction: PeerTransaction) {
    if (transaction.trade_state === 'NOTPAY' && transaction.time_expire && Date.parse(transaction.time_expire) < Date.now()) transaction.trade_state = 'CLOSED';
  }

  private transactionJson(t: PeerTransaction) {
    const paid = t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND';
    return {
      appid: t.appid,
      mchid: t.mchid,
      out_trade_no: t.out_trade_no,
      ...(t.transaction_id ? { transaction_id: t.transaction_id } : {}),
      trade_type: t.trade_type,
      trade_state: t.trade_state,
      trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', REFUND: '转入退款', PAYERROR: '支付失败', USERPAYING: '用户支付中', REVOKED: '已撤销' }[t.trade_state],
      ...(paid ? { bank_type: 'OTHERS', success_time: t.success_time, payer: { openid: t.openid ?? 'oPeerPayerOpenid0000000000' } } : {}),
      amount: paid ? { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' } : { total: t.total, currency: 'CNY' },
    };
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

  private refundJson(r: PeerRefund) {
    return {
      refund_id: r.refund_id,
      out_refund_no: r.out_refund_no,
      transaction_id: r.transaction_id,
      out_trade_no: r.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(r.success_time ? { success_time: r.success_time } : {}),
      create_time: r.create_time,
      status: r.status,
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund, settlement_refund: r.refund, settlement_total: r.total, discount_refund: 0, currency: 'CNY' },
    };
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

/** Everything a test needs on both sides, made fresh (see makeWechatPayKeys). */
export interface WechatPayTestKeys {
  mchid: string;
  appId: string;
  apiV3Key: string;
  merchantSerial: string;
  merchant: { privateKey: KeyObject; publicKey: KeyObject; privateKeyPem: string };
  platformSerial: string;
  platform: { privateKey: KeyObject; publicKey: KeyObject; certificatePem: string };
  /** the same material as files, as the WECHATPAY_*_FILE settings name them */
  files: { dir: string; merchantKey: string; platformCert: string };
  /** the environment for loadConfig (add WECHATPAY_BASE_URL: peer.url) */
  env: Record<string, string>;
  /** the options startWechatPayPeer takes for these keys */
  peerOptions: WechatPayPeerOptions;
  remove(): void;
}

/**
 * Fresh keys for a test: the merchant's RSA key (the peer verifies requests with its public half),
 * the platform's RSA key and its self-signed X.509 certificate (40 hex digits of serial, valid for
 * 2 days), made by `openssl req -x509` since node:crypto reads certificates but cannot issue them.
 */
export function makeWechatPayKeys(): WechatPayTestKeys {
  const mchid = '1900000109';
  const appId = 'wx8888888888888888';
  const apiV3Key = randomBytes(16).toString('hex');
  const merchantSerial = randomBytes(20).toString('hex').toUpperCase();
  // a leading digit below 8 keeps the serial positive and its 40 digits as the certificate shows them
  const platformSerial = `4${randomBytes(20).toString('hex').toUpperCase()}`.slice(0, 40);
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
  const dir = mkdtempSync(path.join(tmpdir(), 'wechat-pay-'));
  const files = { dir, merchantKey: path.join(dir, 'apiclient_key.pem'), platformCert: path.join(dir, 'wechatpay_platform.pem') };
  const platformKey = path.join(dir, 'platform_key.pem');
  writeFileSync(files.merchantKey, pem(merchant.privateKey), { mode: 0o600 });
  writeFileSync(platformKey, pem(platform.privateKey), { mode: 0o600 });
  execFileSync('openssl', ['req', '-x509', '-new', '-key', platformKey, '-subj', '/C=CN/O=Tenpay.com/CN=Tenpay.com Root CA', '-days', '2', '-set_serial', `0x${platformSerial}`, '-out', files.platformCert], { stdio: 'pipe' });
  return {
    mchid,
    appId,
    apiV3Key,
    merchantSerial,
    merchant: { ...merchant, privateKeyPem: pem(merchant.privateKey) },
    platformSerial,
    platform: { ...platform, certificatePem: readFileSync(files.platformCert, 'utf8') },
    files,
    env: {
      PAYMENT_WECHAT: 'wechatpay',
      WECHATPAY_MCHID: mchid,
      WECHATPAY_APPID: appId,
      WECHATPAY_MERCHANT_SERIAL: merchantSerial,
      WECHATPAY_PRIVATE_KEY_FILE: files.merchantKey,
      WECHATPAY_APIV3_KEY: apiV3Key,
      WECHATPAY_PLATFORM_CERT_FILE: files.platformCert,
    },
    peerOptions: { mchid, appIds: [appId], merchantSerial, merchantPublicKey: merchant.publicKey, platformSerial, platformPrivateKey: platform.privateKey, apiV3Key },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
