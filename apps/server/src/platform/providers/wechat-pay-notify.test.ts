import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { NotifyFault } from '../../../test/peers/wechat-pay-peer-state';
import { loadConfig } from '../config';
import { PaymentSignatureError } from './payment-gateway';
import { wechatPaymentProviderFor } from '.';
import { wechatPayProvider } from './wechat-pay';
import { WechatPayError } from './wechat-pay-answers';
import { platformKeysFrom } from './wechat-pay-keys';
import { appId, files, input, keys, mchid, notifyUrl, peer, platform, platformSerial, provider, received, settings, useWechatPayPeer } from './wechat-pay.test-helpers';

/**
 * The WeChat Pay provider's checks of WeChat's answers, its notifies and its configuration, against
 * the local WeChat (wechat-pay.test-helpers.ts).
 */
useWechatPayPeer();

describe('answers from WeChat are verified', () => {
  it('an answer whose signature does not verify is refused', async () => {
    const payment = input();
    await provider.create(payment);
    peer.badSignatureOnce = true;
    await expect(provider.query(payment.outTradeNo)).rejects.toBeInstanceOf(PaymentSignatureError);
    peer.badSignatureOnce = true;
    await expect(provider.create(input())).rejects.toBeInstanceOf(PaymentSignatureError);
  });

  it('an answer signed under a serial we do not trust is refused', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const distrusting = wechatPayProvider({ ...settings, platformKeys: { ABCDEF0123456789: other.publicKey } });
    await expect(distrusting.create(input())).rejects.toBeInstanceOf(PaymentSignatureError);
  });

  it('an unreachable gateway is an unverified WechatPayError', async () => {
    const spare = http.createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const port = (spare.address() as AddressInfo).port;
    await new Promise<void>((resolve) => spare.close(() => resolve()));
    const unreachable = wechatPayProvider({ ...settings, baseUrl: `http://127.0.0.1:${port}` });
    await expect(unreachable.query('NEVER-CREATED-4')).rejects.toMatchObject({ code: 'PAYMENT_GATEWAY', status: 502, verified: false, httpStatus: null });
  });

  it('a refusal is only read as a fact when it verifies: an unverified "no such order" is an error, not null', async () => {
    peer.badSignatureOnce = true;
    const error = await provider.query('NEVER-CREATED-2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WechatPayError);
    expect(error).toMatchObject({ vendorCode: 'ORDER_NOT_EXIST', verified: false, httpStatus: 404 });
    // the same answer signed properly is the fact
    expect(await provider.query('NEVER-CREATED-2')).toBeNull();
  });
});

describe('notifies', () => {
  async function paidPayment() {
    const payment = input({ amountFen: 880 });
    await provider.create(payment);
    return { payment, paid: peer.pay(payment.outTradeNo) };
  }

  it('a payment notice verifies, decrypts and reads as the paid payment; the answer is 204', async () => {
    const { payment, paid } = await paidPayment();
    const answer = await peer.notifyPayment(payment.outTradeNo);
    expect(answer).toEqual({ status: 204, body: '' });
    expect(received).toEqual([{ type: 'payment', payment: { outTradeNo: payment.outTradeNo, tradeNo: paid.transaction_id, state: 'paid', amountFen: 880, merchantId: mchid, appId, paidAt: new Date(paid.success_time!) } }]);
  });

  it('refund notices: REFUND.SUCCESS, REFUND.ABNORMAL and REFUND.CLOSED', async () => {
    const { payment } = await paidPayment();
    const states = [['SUCCESS', 'success'], ['ABNORMAL', 'abnormal'], ['CLOSED', 'closed']] as const;
    for (const [status, state] of states) {
      const outRefundNo = `RN${status}${payment.outTradeNo}`;
      await provider.refund({ outTradeNo: payment.outTradeNo, outRefundNo, refundFen: 100, totalFen: 880, reason: '退款', notifyUrl });
      peer.settleRefund(outRefundNo, status);
      expect(await peer.notifyRefund(outRefundNo)).toEqual({ status: 204, body: '' });
      expect(received.at(-1)).toEqual({ type: 'refund', refund: expect.objectContaining({ outRefundNo, outTradeNo: payment.outTradeNo, refundFen: 100, state }) });
    }
    expect((received[0] as { refund: { succeededAt?: Date } }).refund.succeededAt).toBeInstanceOf(Date);
  });

  const faults: Array<[string, NotifyFault]> = [
    ['a bad signature', { badSignature: true }],
    ['a serial that is not our platform certificate', { serial: 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF' }],
    ['a tampered ciphertext', { tamperCiphertext: true }],
    ['a timestamp older than 5 minutes', { timestampOffset: -301 }],
    ['an event it does not handle', { eventType: 'TRANSACTION.REVOKED' }],
  ];
  it.each(faults)('refuses %s: PaymentSignatureError, answered 500 FAIL', async (_name, fault) => {
    const { payment } = await paidPayment();
    const answer = await peer.notifyPayment(payment.outTradeNo, fault);
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'FAIL' });
    expect(received).toHaveLength(1);
    expect(received[0]).toBeInstanceOf(PaymentSignatureError);
  });

  it('refuses a notice without the signature headers, and one in the future beyond the window', async () => {
    const { payment } = await paidPayment();
    const notify = peer.paymentNotify(payment.outTradeNo);
    await expect(provider.verifyNotify({ headers: {}, rawBody: notify.body })).rejects.toBeInstanceOf(PaymentSignatureError);
    const ahead = peer.paymentNotify(payment.outTradeNo, { timestampOffset: 301 });
    await expect(provider.verifyNotify({ headers: ahead.headers, rawBody: ahead.body })).rejects.toBeInstanceOf(PaymentSignatureError);
    // within the window it is accepted
    const late = peer.paymentNotify(payment.outTradeNo, { timestampOffset: -290 });
    await expect(provider.verifyNotify({ headers: late.headers, rawBody: late.body })).resolves.toMatchObject({ type: 'payment' });
  });
});

describe('configuration', () => {
  const env = () => ({ ...keys.env, WECHATPAY_BASE_URL: peer.url, PUBLIC_URL: 'https://shop.example.cn' });

  it('refuses to start with a setting missing', () => {
    expect(() => loadConfig({ PAYMENT_WECHAT: 'wechatpay' })).toThrow(/PAYMENT_WECHAT=wechatpay 还需要 WECHATPAY_MCHID、WECHATPAY_APPID、WECHATPAY_MERCHANT_SERIAL、WECHATPAY_PRIVATE_KEY_FILE、WECHATPAY_APIV3_KEY/);
    expect(() => loadConfig({ ...env(), WECHATPAY_PLATFORM_CERT_FILE: undefined })).toThrow(/WECHATPAY_PLATFORM_CERT_FILE 或 WECHATPAY_PUBLIC_KEY_FILE/);
    expect(() => loadConfig({ ...env(), WECHATPAY_PUBLIC_KEY_FILE: files.platformCert })).toThrow(/WECHATPAY_PUBLIC_KEY_ID/);
    expect(() => loadConfig({ ...env(), WECHATPAY_APIV3_KEY: 'short' })).toThrow(/WECHATPAY_APIV3_KEY 应为32字节/);
  });

  it('wechatPaymentProviderFor: null by default, the real provider from the files when chosen', async () => {
    expect(await wechatPaymentProviderFor(loadConfig({}))).toBeNull();
    const configured = await wechatPaymentProviderFor(loadConfig(env()));
    expect(configured).toMatchObject({ name: 'wechat', vendor: 'wechat', merchantId: mchid, appId, scenes: ['native', 'h5'] });
    const payment = input();
    await configured!.create(payment);
    expect((await configured!.query(payment.outTradeNo))?.state).toBe('open');
  });

  it('the WeChat Pay public key mode: answers signed under PUB_KEY_ID_… verify with that key', async () => {
    const keys = platformKeysFrom({ publicKeyPem: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(), publicKeyId: platformSerial });
    const byPublicKey = wechatPayProvider({ ...settings, platformKeys: keys });
    expect(await byPublicKey.query('NEVER-CREATED-3')).toBeNull();
  });

  it('an expired platform certificate is not trusted', () => {
    const later = new Date(Date.now() + 3 * 86_400_000);
    expect(() => platformKeysFrom({ certificatesPem: platform.certificatePem }, later)).toThrow(/已过期/);
  });
});
