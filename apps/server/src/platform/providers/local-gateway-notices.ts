import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { PaymentSignatureError, type GatewayPayment, type GatewayRefund, type NotifyRequest, type VerifiedNotice } from './payment-gateway';

/**
 * The local gateway's notices (payment-local.ts): its Ed25519 keys, how a notice is signed and
 * its body written, and how the app verifies one (WeChat v3's message: "timestamp\nnonce\nbody\n").
 */

export const SIGNATURE_HEADER = 'x-local-pay-signature';
export const TIMESTAMP_HEADER = 'x-local-pay-timestamp';
export const NONCE_HEADER = 'x-local-pay-nonce';

export interface LocalGatewayKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/**
 * The gateway's signing key: `<data dir>/local-pay-gateway.key` (PKCS#8 PEM), made once at first
 * start. Written under a private name and linked into place, so two processes starting together
 * agree on one key. Instances that send each other callbacks must share the data folder's key.
 */
export function loadLocalGatewayKeys(dataDir: string): LocalGatewayKeys {
  const file = path.join(dataDir, 'local-pay-gateway.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const privateKey = createPrivateKey(fs.readFileSync(file, 'utf8'));
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** A key pair of this process only (the gateway does not serve: nothing it would verify exists). */
export function throwawayKeys(): LocalGatewayKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKey };
}

/** Signs a notice body as the local gateway does: the headers to send with it. */
export function signLocalNotice(keys: Pick<LocalGatewayKeys, 'privateKey'>, body: string, timestamp: number): Record<string, string> {
  const nonce = randomBytes(12).toString('hex');
  const message = `${timestamp}\n${nonce}\n${body}\n`;
  const signature = sign(null, Buffer.from(message), keys.privateKey).toString('base64');
  return { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(timestamp), [NONCE_HEADER]: nonce, [SIGNATURE_HEADER]: signature };
}


export function paymentNoticeBody(payment: GatewayPayment): string {
  return JSON.stringify({
    type: 'payment',
    out_trade_no: payment.outTradeNo,
    trade_no: payment.tradeNo ?? null,
    state: payment.state,
    amount_fen: payment.amountFen,
    merchant_id: payment.merchantId,
    app_id: payment.appId,
    paid_at: payment.paidAt?.toISOString() ?? null,
  });
}

export function refundNoticeBody(refund: GatewayRefund): string {
  return JSON.stringify({
    type: 'refund',
    out_refund_no: refund.outRefundNo,
    out_trade_no: refund.outTradeNo,
    refund_id: refund.refundId ?? null,
    refund_fen: refund.refundFen,
    state: refund.state,
    succeeded_at: refund.succeededAt?.toISOString() ?? null,
  });
}

const PAYMENT_STATES = ['paid', 'open', 'closed', 'failed'] as const;
const REFUND_STATES = ['success', 'processing', 'closed', 'abnormal'] as const;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const fen = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : NaN);

/** Verifies a local gateway notice with the public key and reads it. */
export function verifyLocalNotice(publicKey: KeyObject, request: NotifyRequest): VerifiedNotice {
  const timestamp = request.headers[TIMESTAMP_HEADER];
  const nonce = request.headers[NONCE_HEADER];
  const signature = request.headers[SIGNATURE_HEADER];
  if (!timestamp || !nonce || !signature) throw new PaymentSignatureError();
  const message = Buffer.from(`${timestamp}\n${nonce}\n${request.rawBody}\n`);
  let valid = false;
  try {
    valid = verify(null, message, publicKey, Buffer.from(signature, 'base64'));
  } catch {
    valid = false;
  }
  if (!valid) throw new PaymentSignatureError();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(request.rawBody) as Record<string, unknown>;
  } catch {
    throw new PaymentSignatureError('支付回调内容无法解析');
  }
  if (body.type === 'payment') {
    const state = PAYMENT_STATES.find((s) => s === body.state);
    if (!state || !text(body.out_trade_no)) throw new PaymentSignatureError('支付回调内容不完整');
    const paidAt = text(body.paid_at);
    return {
      type: 'payment',
      payment: {
        outTradeNo: text(body.out_trade_no),
        ...(text(body.trade_no) ? { tradeNo: text(body.trade_no) } : {}),
        state,
        amountFen: fen(body.amount_fen),
        merchantId: text(body.merchant_id),
        appId: text(body.app_id),
        ...(paidAt ? { paidAt: new Date(paidAt) } : {}),
      },
    };
  }
  if (body.type === 'refund') {
    const state = REFUND_STATES.find((s) => s === body.state);
    if (!state || !text(body.out_refund_no)) throw new PaymentSignatureError('退款回调内容不完整');
    const succeededAt = text(body.succeeded_at);
    return {
      type: 'refund',
      refund: {
        outRefundNo: text(body.out_refund_no),
        outTradeNo: text(body.out_trade_no),
        ...(text(body.refund_id) ? { refundId: text(body.refund_id) } : {}),
        refundFen: fen(body.refund_fen),
        state,
        ...(succeededAt ? { succeededAt: new Date(succeededAt) } : {}),
      },
    };
  }
  throw new PaymentSignatureError('支付回调类型未知');
}

