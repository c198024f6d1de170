import { createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeWechatPayKeys, startWechatPayPeer, type NotifyFault, type WechatPayPeer } from '../../../test/peers/wechat-pay-peer';
import { loadConfig } from '../config';
import { PaymentSignatureError, type CreatePaymentInput, type PaymentProvider, type VerifiedNotice } from './payment-gateway';
import { wechatPaymentProviderFor } from '.';
import { platformKeysFrom, wechatPayProvider, WechatPayError, type WechatPaySettings } from './wechat-pay';

/**
 * The WeChat Pay v3 provider through its SDK against a local WeChat (test/peers/wechat-pay-peer.ts)
 * with real keys made here: the merchant's RSA key (the peer verifies every request's
 * Authorization with its public half) and the platform's key with a self-signed X.509 certificate
 * made by openssl (the provider verifies every answer and notify with it, by serial).
 */
const keys = makeWechatPayKeys();
const { mchid, appId, apiV3Key, merchantSerial, platformSerial, merchant, platform, files } = keys;
const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

let peer: WechatPayPeer;
let provider: PaymentProvider;
let settings: WechatPaySettings;
/** our notify endpoint: verifies what the peer sends and answers as the route will */
let receiver: http.Server;
let notifyUrl = '';
const received: Array<VerifiedNotice | Error> = [];

beforeAll(async () => {
  peer = await startWechatPayPeer(keys.peerOptions);
  settings = {
    mchid,
    appId,
    jsapi: true,
    merchantSerial,
    privateKey: merchant.privateKeyPem,
    apiV3Key,
    platformKeys: platformKeysFrom({ certificatesPem: platform.certificatePem }),
    baseUrl: peer.url,
  };
  provider = wechatPayProvider(settings);
  receiver = http.createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
      provider.verifyNotify({ headers, rawBody: Buffer.concat(chunks).toString('utf8') }).then(
        (notice) => {
          received.push(notice);
          const answer = provider.notifyAnswer(true);
          reply.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
        },
        (error: Error) => {
          received.push(error);
          const answer = provider.notifyAnswer(false);
          reply.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
        },
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/pay/notify/wechat`;
});

afterAll(async () => {
  await peer?.stop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  keys.remove();
});

beforeEach(() => {
  received.length = 0;
});

let sequence = 0;
const tradeNo = () => `WXT${Date.now()}${++sequence}`;
const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  outTradeNo: tradeNo(),
  amountFen: 12_345,
  description: '科研检测服务商城-订单 LAB20261126001',
  scene: 'native',
  expiresAt: new Date(Date.now() + 30 * 60_000),
  notifyUrl,
  returnUrl: 'https://shop.example.com/pay/result?no=1',
  clientIp: '203.0.113.7',
  ...overrides,
});
/** today in Asia/Shanghai, the bill's day */
const shanghaiDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('creating a payment', () => {
  it('Native: a signed request with the order, answered by a code_url to draw as a QR code', async () => {
    const payment = input({ description: '检'.repeat(60) });
    const start = await provider.create(payment);
    expect(start).toEqual({ kind: 'qr', codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) });
    const seen = peer.requests.at(-1)!;
    expect(seen).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/native', mchid, serial: merchantSerial });
    const body = JSON.parse(seen.body);
    expect(body).toMatchObject({ appid: appId, mchid, out_trade_no: payment.outTradeNo, notify_url: notifyUrl, amount: { total: 12_345, currency: 'CNY' }, scene_info: { payer_client_ip: '203.0.113.7' } });
    // 127 bytes at most, whole characters (3 bytes each): 42 of the 60
    expect(body.description).toBe('检'.repeat(42));
    expect(body.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    expect(Date.parse(body.time_expire)).toBe(Math.floor(payment.expiresAt.getTime() / 1000) * 1000);
  });

  it('H5: the h5_url, with our result page as redirect_url', async () => {
    const start = await provider.create(input({ scene: 'h5' }));
    expect(start.kind).toBe('redirect');
    const url = new URL((start as { url: string }).url);
    expect(url.origin + url.pathname).toBe('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb');
    expect(url.searchParams.get('redirect_url')).toBe('https://shop.example.com/pay/result?no=1');
    expect(JSON.parse(peer.requests.at(-1)!.body).scene_info).toEqual({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
  });

  it('JSAPI: the payer openid, and the bridge parameters signed with the merchant key', async () => {
    const payment = input({ scene: 'jsapi', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    const start = await provider.create(payment);
    expect(start.kind).toBe('jsapi');
    const params = (start as { params: Record<string, string> }).params;
    const prepayId = peer.transactions.get(payment.outTradeNo)!.prepay_id;
    expect(params).toMatchObject({ appId, package: `prepay_id=${prepayId}`, signType: 'RSA' });
    expect(params.timeStamp).toMatch(/^\d{10}$/);
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, params.paySign!, 'base64')).toBe(true);
    expect(JSON.parse(peer.requests.at(-1)!.body).payer).toEqual({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
  });

  it('offers JSAPI only when configured, and never without an openid', async () => {
    const plain = wechatPayProvider({ ...settings, jsapi: false });
    expect(plain.scenes).toEqual(['native', 'h5']);
    expect(provider.scenes).toEqual(['native', 'h5', 'jsapi']);
    await expect(plain.create(input({ scene: 'jsapi', openid: 'o1' }))).rejects.toMatchObject({ code: 'PAYMENT_SCENE' });
    await expect(provider.create(input({ scene: 'jsapi' }))).rejects.toMatchObject({ code: 'PAYMENT_OPENID' });
    await expect(provider.create(input({ scene: 'page' }))).rejects.toMatchObject({ code: 'PAYMENT_SCENE' });
  });

  it("WeChat's refusal comes back as WechatPayError with its code", async () => {
    const payment = input();
    await provider.create(payment);
    peer.pay(payment.outTradeNo);
    const error = await provider.create(payment).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WechatPayError);
    expect(error).toMatchObject({ vendorCode: 'ORDERPAID', httpStatus: 400, status: 502, code: 'PAYMENT_GATEWAY' });
  });

  it('a request signed with another key is refused by WeChat (the peer checks Authorization)', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = wechatPayProvider({ ...settings, privateKey: pem(stranger.privateKey) });
    await expect(forged.create(input())).rejects.toMatchObject({ vendorCode: 'SIGN_ERROR', httpStatus: 401 });
  });
});

describe('query and close', () => {
  it('maps open, paid and closed with the amount, merchant and app; unknown is null', async () => {
    expect(await provider.query('NEVER-CREATED-1')).toBeNull();
    const payment = input({ scene: 'h5' });
    await provider.create(payment);
    expect(await provider.query(payment.outTradeNo)).toEqual({ outTradeNo: payment.outTradeNo, state: 'open', amountFen: 12_345, merchantId: mchid, appId });
    const paidAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const paid = peer.pay(payment.outTradeNo, paidAt);
    expect(await provider.query(payment.outTradeNo)).toEqual({ outTradeNo: payment.outTradeNo, tradeNo: paid.transaction_id, state: 'paid', amountFen: 12_345, merchantId: mchid, appId, paidAt });
    expect(peer.requests.at(-1)!.path).toBe(`/v3/pay/transactions/out-trade-no/${payment.outTradeNo}?mchid=${mchid}`);

    const expired = input({ expiresAt: new Date(Date.now() - 1000) });
    await provider.create(expired);
    expect((await provider.query(expired.outTradeNo))?.state).toBe('closed');
  });

  it('close: the open payment is closed, closing again is fine, a paid one cannot be', async () => {
    const payment = input();
    await provider.create(payment);
    await provider.close(payment.outTradeNo);
    expect(peer.transactions.get(payment.outTradeNo)!.trade_state).toBe('CLOSED');
    expect(JSON.parse(peer.requests.at(-1)!.body)).toEqual({ mchid });
    await provider.close(payment.outTradeNo);
    expect((await provider.query(payment.outTradeNo))?.state).toBe('closed');

    const paid = input();
    await provider.create(paid);
    peer.pay(paid.outTradeNo);
    await expect(provider.close(paid.outTradeNo)).rejects.toMatchObject({ vendorCode: 'ORDERPAID' });
  });
});

describe('refunds', () => {
  it('refund and queryRefund follow the refund to success; unknown is null; too much is refused', async () => {
    const payment = input({ amountFen: 1_000 });
    await provider.create(payment);
    peer.pay(payment.outTradeNo);
    const outRefundNo = `RF${payment.outTradeNo}`;
    const started = await provider.refund({ outTradeNo: payment.outTradeNo, outRefundNo, refundFen: 300, totalFen: 1_000, reason: '客户取消检测', notifyUrl });
    expect(started).toEqual({ outRefundNo, outTradeNo: payment.outTradeNo, refundId: expect.stringMatching(/^5030/), refundFen: 300, state: 'processing' });
    expect(JSON.parse(peer.requests.at(-1)!.body)).toEqual({ out_trade_no: payment.outTradeNo, out_refund_no: outRefundNo, reason: '客户取消检测', notify_url: notifyUrl, amount: { refund: 300, total: 1_000, currency: 'CNY' } });
    expect(await provider.queryRefund(outRefundNo, payment.outTradeNo)).toMatchObject({ state: 'processing', refundFen: 300 });
    const doneAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    peer.settleRefund(outRefundNo, 'SUCCESS', doneAt);
    expect(await provider.queryRefund(outRefundNo, payment.outTradeNo)).toEqual({ ...started, state: 'success', succeededAt: doneAt });
    expect(await provider.queryRefund('RF-NONE', payment.outTradeNo)).toBeNull();
    // the payment itself still reads as paid (转入退款)
    expect((await provider.query(payment.outTradeNo))?.state).toBe('paid');
    await expect(provider.refund({ outTradeNo: payment.outTradeNo, outRefundNo: `${outRefundNo}B`, refundFen: 701, totalFen: 1_000, reason: '再退', notifyUrl })).rejects.toMatchObject({ vendorCode: 'NOT_ENOUGH' });
  });
});

describe('the bill', () => {
  it("downloads the day's bill, checks its SHA1 and reads payments and refunds in fen", async () => {
    const payment = input({ amountFen: 2_001 });
    await provider.create(payment);
    const paid = peer.pay(payment.outTradeNo);
    const outRefundNo = `RB${payment.outTradeNo}`;
    await provider.refund({ outTradeNo: payment.outTradeNo, outRefundNo, refundFen: 501, totalFen: 2_001, reason: '部分退款', notifyUrl });
    peer.settleRefund(outRefundNo);
    const lines = await provider.downloadBill(shanghaiDay());
    const ours = lines.filter((line) => line.outTradeNo === payment.outTradeNo);
    expect(ours).toEqual([
      { kind: 'payment', outTradeNo: payment.outTradeNo, tradeNo: paid.transaction_id, amountFen: 2_001, at: expect.any(Date) },
      { kind: 'refund', outTradeNo: payment.outTradeNo, tradeNo: paid.transaction_id, outRefundNo, amountFen: 501, at: expect.any(Date) },
    ]);
    expect(Math.abs(ours[0]!.at.getTime() - Date.parse(paid.success_time!))).toBeLessThan(1000);
    expect(peer.requests.some((r) => r.path.startsWith(`/v3/bill/tradebill?bill_date=${shanghaiDay()}`))).toBe(true);
    expect(peer.requests.at(-1)!.path).toMatch(/^\/v3\/billdownload\/file\?token=/);
  });

  it('a day without trades has no bill: no lines; a file that does not match its hash is refused', async () => {
    expect(await provider.downloadBill('2020-01-01')).toEqual([]);
    const payment = input();
    await provider.create(payment);
    peer.pay(payment.outTradeNo);
    peer.corruptBillOnce = true;
    await expect(provider.downloadBill(shanghaiDay())).rejects.toMatchObject({ vendorCode: 'BILL_HASH' });
  });
});

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
