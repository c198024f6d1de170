import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nextNo, paid, peer, provider, useAlipayPeer } from './alipay.test-helpers';
import { AlipayApiError, alipayProvider } from './alipay';
import { loadConfig } from '../config';
import { PaymentSignatureError, type PaymentProvider } from './payment-gateway';
import { alipayPaymentProviderFor } from '.';

/**
 * The Alipay provider's notifies, its refusal of answers and requests that do not verify, and its
 * configuration, against the local Alipay (alipay.test-helpers.ts).
 */

useAlipayPeer();

describe('notify', () => {
  /** our notify route in miniature: the raw body to verifyNotify, its answer back */
  async function receiver(check: PaymentProvider = provider) {
    const seen: Array<{ notice?: unknown; error?: unknown }> = [];
    const server = http.createServer((request, reply) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
        check
          .verifyNotify({ headers, rawBody })
          .then((notice) => (seen.push({ notice }), check.notifyAnswer(true)))
          .catch((error: unknown) => (seen.push({ error }), check.notifyAnswer(false)))
          .then((answer) => reply.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/pay/notify/alipay`;
    return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it('accepts a good payment notice and answers success', async () => {
    const { outTradeNo, trade } = await paid(8888);
    const ours = await receiver();
    try {
      const answer = await peer.sendNotice(ours.url, peer.notice(outTradeNo));
      expect(answer).toEqual({ status: 200, body: 'success' });
      expect(ours.seen).toEqual([
        {
          notice: {
            type: 'payment',
            payment: { outTradeNo, tradeNo: trade.tradeNo, state: 'paid', amountFen: 8888, merchantId: peer.sellerId, appId: peer.appId, paidAt: new Date(Math.floor(trade.paidAt!.getTime() / 1000) * 1000) },
          },
        },
      ]);
    } finally {
      await ours.close();
    }
  });

  it('refuses a stranger signature, another app and a changed amount (answer fail: Alipay sends again)', async () => {
    const { outTradeNo } = await paid(8888);
    const ours = await receiver();
    try {
      for (const tamper of ['signature', 'app_id', 'amount'] as const) {
        expect(await peer.sendNotice(ours.url, peer.notice(outTradeNo, { tamper }))).toEqual({ status: 200, body: 'fail' });
      }
      expect(ours.seen).toHaveLength(3);
      for (const { error } of ours.seen) expect(error).toBeInstanceOf(PaymentSignatureError);
    } finally {
      await ours.close();
    }
    // nothing signed, or signed the old RSA (SHA1) way
    const good = new URLSearchParams(peer.notice(outTradeNo));
    const unsigned = new URLSearchParams(good);
    unsigned.delete('sign');
    await expect(provider.verifyNotify({ headers: {}, rawBody: unsigned.toString() })).rejects.toBeInstanceOf(PaymentSignatureError);
    const rsa1 = new URLSearchParams(good);
    rsa1.set('sign_type', 'RSA');
    await expect(provider.verifyNotify({ headers: {}, rawBody: rsa1.toString() })).rejects.toBeInstanceOf(PaymentSignatureError);
    await expect(provider.verifyNotify({ headers: {}, rawBody: 'garbage' })).rejects.toBeInstanceOf(PaymentSignatureError);
    // and the untouched one still passes
    await expect(provider.verifyNotify({ headers: {}, rawBody: good.toString() })).resolves.toMatchObject({ type: 'payment' });
  });

  it('a refund notice is a refund: this refund amount, not the trade total refunded', async () => {
    const { outTradeNo } = await paid(10000);
    const base = { outTradeNo, totalFen: 10000, reason: '退款', notifyUrl: 'https://shop.example.com/n' };
    await provider.refund({ ...base, outRefundNo: `R1${outTradeNo}`, refundFen: 3000 });
    await provider.refund({ ...base, outRefundNo: `R2${outTradeNo}`, refundFen: 1000 });
    const body = peer.notice(outTradeNo, { refund: `R2${outTradeNo}` });
    expect(new URLSearchParams(body).get('refund_fee')).toBe('40.00');
    const notice = await provider.verifyNotify({ headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, rawBody: body });
    expect(notice).toMatchObject({ type: 'refund', refund: { outRefundNo: `R2${outTradeNo}`, outTradeNo, refundFen: 1000, state: 'success' } });
  });

  it('notifyAnswer: the text success, or fail to be sent again', () => {
    expect(provider.notifyAnswer(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(provider.notifyAnswer(false)).toMatchObject({ status: 200, body: 'fail' });
  });
});

describe('answers and requests that do not verify', () => {
  it('refuses an answer signed with another key, or not signed', async () => {
    const { outTradeNo } = await paid();
    for (const signing of ['stranger', 'none'] as const) {
      peer.answerSigning = signing;
      try {
        const error = await provider.query(outTradeNo).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AlipayApiError);
        expect((error as AlipayApiError).code).toBeUndefined();
      } finally {
        peer.answerSigning = 'alipay';
      }
    }
    expect((await provider.query(outTradeNo))?.state).toBe('paid');
  });

  it('a request signed with the wrong app key is refused by the gateway', async () => {
    const wrong = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const impostor = alipayProvider({ appId: peer.appId, privateKey: wrong, alipayPublicKey: peer.alipayPublicKeyPem, sellerId: peer.sellerId, gateway: peer.gateway });
    await expect(impostor.query(nextNo())).rejects.toMatchObject({ code: '40002', subCode: 'isv.invalid-signature' });
    expect(peer.calls.at(-1)?.verified).toBe(false);
  });
});

describe('configuration', () => {
  const base = { PAYMENT_ALIPAY: 'alipay', PUBLIC_URL: 'https://shop.example.cn' };

  it('refuses to start when Alipay is chosen and a setting is missing', () => {
    expect(() => loadConfig(base)).toThrow(/PAYMENT_ALIPAY=alipay 还需要 ALIPAY_APP_ID、ALIPAY_PRIVATE_KEY_FILE、ALIPAY_PUBLIC_KEY_FILE、ALIPAY_SELLER_ID$/);
    expect(() => loadConfig({ ...base, ALIPAY_SELLER_ID: '12345' })).toThrow(/ALIPAY_SELLER_ID/);
    expect(loadConfig({}).PAYMENT_ALIPAY).toBe('local');
    expect(loadConfig({}).ALIPAY_GATEWAY).toBe('https://openapi.alipay.com/gateway.do');
  });

  it('alipayPaymentProviderFor: null for local; the real one from key files (PKCS#1, PKCS#8, bare base64)', async () => {
    expect(await alipayPaymentProviderFor(loadConfig({}))).toBeNull();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-keys-'));
    try {
      const publicFile = path.join(dir, 'alipay_public.pem');
      fs.writeFileSync(publicFile, peer.alipayPublicKeyPem);
      const bare = peer.appPrivateKeyPkcs8Pem.replace(/-----[^-]+-----|\s/g, '');
      for (const [name, text] of [['pkcs1.pem', peer.appPrivateKeyPem], ['pkcs8.pem', peer.appPrivateKeyPkcs8Pem], ['bare.txt', bare]] as const) {
        const privateFile = path.join(dir, name);
        fs.writeFileSync(privateFile, text);
        const env = { ...base, ALIPAY_APP_ID: peer.appId, ALIPAY_PRIVATE_KEY_FILE: privateFile, ALIPAY_PUBLIC_KEY_FILE: publicFile, ALIPAY_SELLER_ID: peer.sellerId, ALIPAY_GATEWAY: peer.gateway };
        const real = await alipayPaymentProviderFor(loadConfig(env));
        expect(real).toMatchObject({ name: 'alipay', vendor: 'alipay', appId: peer.appId, merchantId: peer.sellerId, scenes: ['page', 'wap'] });
        expect(await real!.query(nextNo())).toBeNull();
        expect(peer.calls.at(-1)?.verified).toBe(true);
      }
      const env = { ...base, ALIPAY_APP_ID: peer.appId, ALIPAY_PUBLIC_KEY_FILE: publicFile, ALIPAY_SELLER_ID: peer.sellerId };
      await expect(alipayPaymentProviderFor(loadConfig({ ...env, ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') }))).rejects.toThrow(/ALIPAY_PRIVATE_KEY_FILE 无法读取/);
      await expect(alipayPaymentProviderFor(loadConfig({ ...env, ALIPAY_PRIVATE_KEY_FILE: publicFile }))).rejects.toThrow(/ALIPAY_PRIVATE_KEY_FILE 不是有效的 RSA 私钥/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
