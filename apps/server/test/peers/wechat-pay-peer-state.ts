import { createCipheriv, createSign, randomBytes, type KeyObject } from 'node:crypto';

/**
 * The local WeChat Pay's (wechat-pay-peer.ts) shapes and state: transactions and refunds in memory, the
 * test's payer and bank, the notifies it sends and the signature on every answer and notify.
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
const nonce = () => randomBytes(16).toString('hex');
const sign = (message: string, key: KeyObject) => createSign('RSA-SHA256').update(message).sign(key, 'base64');

export class WechatPayPeerState {
  readonly transactions = new Map<string, PeerTransaction>();
  readonly refunds = new Map<string, PeerRefund>();
  readonly requests: SeenRequest[] = [];
  /** the next answer's signature will not verify (covers another body) */
  badSignatureOnce = false;
  /** the next bill file differs from the hash_value announced for it */
  corruptBillOnce = false;
  protected sequence = 0;

  constructor(readonly options: WechatPayPeerOptions) {}

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

  protected signatureHeaders(body: string, timestampOffset = 0): Record<string, string> {
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

  /** an unpaid transaction past its time_expire is closed, as WeChat does */
  protected expire(transaction: PeerTransaction) {
    if (transaction.trade_state === 'NOTPAY' && transaction.time_expire && Date.parse(transaction.time_expire) < Date.now()) transaction.trade_state = 'CLOSED';
  }

  protected transactionJson(t: PeerTransaction) {
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

  protected refundJson(r: PeerRefund) {
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
}
