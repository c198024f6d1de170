import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlipayPeer, type AlipayPeer } from '../../../test/peers/alipay-peer';
import { AlipayApiError, alipayProvider, fenToYuan, readAlipayBill, toAlipayTime, yuanToFen } from './alipay';
import { loadConfig } from '../config';
import { PaymentSignatureError, type CreatePaymentInput, type PaymentProvider, type PayScene } from './payment-gateway';
import { alipayPaymentProviderFor } from '.';

/**
 * The Alipay provider through alipay-sdk against a local Alipay (test/peers/alipay-peer.ts) that
 * checks every request's RSA2 signature with the app's public key and signs its answers and
 * notifies with its own key, as the gateway does.
 */

let peer: AlipayPeer;
let provider: PaymentProvider;
let serial = 0;
const nextNo = () => `T${Date.now().toString(36)}${String(++serial).padStart(4, '0')}`;

beforeAll(async () => {
  peer = await startAlipayPeer();
  provider = alipayProvider({ appId: peer.appId, privateKey: peer.appPrivateKeyPem, alipayPublicKey: peer.alipayPublicKeyPem, sellerId: peer.sellerId, gateway: peer.gateway });
});

afterAll(async () => {
  await peer?.close();
});

function payment(outTradeNo: string, scene: PayScene = 'page', amountFen = 12345): CreatePaymentInput {
  return {
    outTradeNo,
    amountFen,
    description: '科研检测 订单 LT20261126001 扫描电镜',
    scene,
    expiresAt: new Date(Date.now() + 30 * 60_000),
    notifyUrl: 'https://shop.example.com/api/pay/notify/alipay',
    returnUrl: `https://shop.example.com/pay/result?no=${outTradeNo}`,
    clientIp: '203.0.113.9',
  };
}

/** create through the provider and open the URL in the payer's browser: the trade then exists at Alipay */
async function opened(scene: PayScene = 'page', amountFen = 12345, description?: string) {
  const outTradeNo = nextNo();
  const input = payment(outTradeNo, scene, amountFen);
  const start = await provider.create(description ? { ...input, description } : input);
  if (start.kind !== 'redirect') throw new Error('expected a redirect');
  const page = await peer.openCashier(start.url);
  expect(page.status).toBe(200);
  return { outTradeNo, url: start.url, page };
}

async function paid(amountFen = 12345) {
  const { outTradeNo } = await opened('page', amountFen);
  return { outTradeNo, trade: peer.pay(outTradeNo) };
}

describe('amounts', () => {
  it('converts fen to yuan strings and back exactly', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(1999)).toBe('19.99');
    expect(fenToYuan(1234567)).toBe('12345.67');
    expect(yuanToFen('19.99')).toBe(1999); // 19.99 * 100 is 1998.9999… in floating point
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('7')).toBe(700);
    expect(yuanToFen('-0.01')).toBe(-1);
    for (const bad of ['1.234', '1e3', 'abc', '', '1,00', '.5']) expect(() => yuanToFen(bad)).toThrow();
    expect(() => fenToYuan(1.5)).toThrow();
    expect(() => fenToYuan(-1)).toThrow();
    expect(toAlipayTime(new Date('2026-11-26T16:30:05Z'))).toBe('2026-11-27 00:30:05');
  });
});

describe('create', () => {
  it('page: a signed GET URL to the gateway that Alipay accepts, with notify, return and expiry', async () => {
    const input = payment(nextNo(), 'page', 12345);
    const start = await provider.create(input);
    expect(start.kind).toBe('redirect');
    if (start.kind !== 'redirect') return;
    expect(start.url.startsWith(`${peer.gateway}?`)).toBe(true);
    const page = await peer.openCashier(start.url);
    expect(page.status).toBe(200);
    expect(page.body).toContain('应付金额 ¥123.45');
    const call = peer.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'alipay.trade.page.pay', verified: true });
    expect(call.params).toMatchObject({ app_id: peer.appId, sign_type: 'RSA2', charset: 'utf-8', notify_url: input.notifyUrl, return_url: input.returnUrl });
    expect(call.biz).toMatchObject({ out_trade_no: input.outTradeNo, total_amount: '123.45', product_code: 'FAST_INSTANT_TRADE_PAY', subject: input.description, time_expire: toAlipayTime(input.expiresAt) });
    expect(peer.trades.get(input.outTradeNo)).toMatchObject({ status: 'WAIT_BUYER_PAY', totalFen: 12345 });
  });

  it('wap: QUICK_WAP_WAY with the return URL as quit_url', async () => {
    const { outTradeNo } = await opened('wap', 1);
    const call = peer.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'alipay.trade.wap.pay', verified: true });
    expect(call.biz).toMatchObject({ product_code: 'QUICK_WAP_WAY', total_amount: '0.01', quit_url: `https://shop.example.com/pay/result?no=${outTradeNo}` });
  });

  it('the peer refuses a pay URL whose amount was changed after signing', async () => {
    const start = await provider.create(payment(nextNo(), 'page', 12345));
    if (start.kind !== 'redirect') throw new Error('expected a redirect');
    const forged = start.url.replace(encodeURIComponent('"total_amount":"123.45"'), encodeURIComponent('"total_amount":"0.01"'));
    expect(forged).not.toBe(start.url);
    const page = await peer.openCashier(forged);
    expect(page.status).toBe(400);
    expect(page.body).toContain('isv.invalid-signature');
  });

  it('keeps / = & out of the subject, as Alipay asks', async () => {
    await opened('page', 100, '样品 A/B 检测 & 报告=1份');
    expect(peer.calls.at(-1)?.biz.subject).toBe('样品 A B 检测   报告 1份');
  });

  it('refuses a scene Alipay does not have', async () => {
    await expect(provider.create(payment(nextNo(), 'native'))).rejects.toThrow('native');
  });
});

describe('query and close', () => {
  it('maps not found, open, paid and closed, with amount, seller and app', async () => {
    // created but never opened: Alipay has no such trade yet
    const never = nextNo();
    await provider.create(payment(never));
    expect(await provider.query(never)).toBeNull();

    const { outTradeNo } = await opened('page', 2050);
    expect(await provider.query(outTradeNo)).toMatchObject({ outTradeNo, state: 'open', amountFen: 2050, merchantId: peer.sellerId, appId: peer.appId });

    const trade = peer.pay(outTradeNo, new Date('2026-11-26T02:03:04Z'));
    const answer = await provider.query(outTradeNo);
    expect(answer).toEqual({ outTradeNo, tradeNo: trade.tradeNo, state: 'paid', amountFen: 2050, merchantId: peer.sellerId, appId: peer.appId, paidAt: new Date('2026-11-26T02:03:04Z') });

    peer.finish(outTradeNo);
    expect((await provider.query(outTradeNo))?.state).toBe('paid');

    const other = await opened();
    await provider.close(other.outTradeNo);
    expect(await provider.query(other.outTradeNo)).toMatchObject({ state: 'closed', amountFen: 12345 });
  });

  it('close: closing twice or a trade Alipay never saw is no error; a paid one is', async () => {
    const { outTradeNo } = await opened();
    await provider.close(outTradeNo);
    expect(peer.trades.get(outTradeNo)?.status).toBe('TRADE_CLOSED');
    await provider.close(outTradeNo);
    await provider.close(nextNo());
    const done = await paid();
    const error = await provider.close(done.outTradeNo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlipayApiError);
    expect(error).toMatchObject({ code: '40004', subCode: 'ACQ.TRADE_STATUS_ERROR' });
    expect(peer.trades.get(done.outTradeNo)?.status).toBe('TRADE_SUCCESS');
  });
});

describe('refund', () => {
  it('refunds at once, a repeat is the same refund, and queryRefund reads it back', async () => {
    const { outTradeNo } = await paid(10000);
    const outRefundNo = `R${outTradeNo}`;
    const input = { outTradeNo, outRefundNo, refundFen: 2575, totalFen: 10000, reason: '客户取消检测', notifyUrl: 'https://shop.example.com/api/pay/notify/alipay' };
    const refund = await provider.refund(input);
    expect(refund).toMatchObject({ outRefundNo, outTradeNo, refundFen: 2575, state: 'success' });
    expect(refund.succeededAt).toBeInstanceOf(Date);
    expect(peer.refunds.filter((r) => r.outTradeNo === outTradeNo)).toMatchObject([{ outRequestNo: outRefundNo, amountFen: 2575, reason: '客户取消检测' }]);
    expect(peer.calls.at(-1)?.biz).toMatchObject({ refund_amount: '25.75', out_request_no: outRefundNo });

    // the same request again (a retry after a lost answer): fund_change N, asked and found done
    expect(await provider.refund(input)).toMatchObject({ outRefundNo, refundFen: 2575, state: 'success' });
    expect(peer.refunds.filter((r) => r.outTradeNo === outTradeNo)).toHaveLength(1);

    const read = await provider.queryRefund(outRefundNo, outTradeNo);
    expect(read).toMatchObject({ outRefundNo, outTradeNo, refundFen: 2575, state: 'success' });
    expect(read?.succeededAt).toBeInstanceOf(Date);
    expect(await provider.queryRefund('R-none', outTradeNo)).toBeNull();
    expect(await provider.queryRefund('R-none', nextNo())).toBeNull();

    // more than is left: Alipay refuses, nothing moves
    const error = await provider.refund({ ...input, outRefundNo: `${outRefundNo}b`, refundFen: 7426 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AlipayApiError', code: '40004', subCode: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    // the rest exactly: the trade closes
    expect(await provider.refund({ ...input, outRefundNo: `${outRefundNo}c`, refundFen: 7425 })).toMatchObject({ state: 'success', refundFen: 7425 });
    expect(peer.trades.get(outTradeNo)?.status).toBe('TRADE_CLOSED');
  });
});

describe('downloadBill', () => {
  it('downloads the day zip and reads payments and refunds in fen', async () => {
    const a = await paid(19999);
    const b = await paid(1);
    await provider.refund({ outTradeNo: a.outTradeNo, outRefundNo: `R${a.outTradeNo}`, refundFen: 1999, totalFen: 19999, reason: '部分退款', notifyUrl: 'https://shop.example.com/n' });
    // one paid on another day stays out
    const old = await opened();
    peer.pay(old.outTradeNo, new Date('2026-01-02T03:00:00Z'));
    const today = toAlipayTime(new Date()).slice(0, 10);
    const lines = await provider.downloadBill(today);
    const ours = lines.filter((line) => [a.outTradeNo, b.outTradeNo, old.outTradeNo].includes(line.outTradeNo));
    expect(ours).toHaveLength(3);
    expect(ours).toContainEqual({ kind: 'payment', outTradeNo: a.outTradeNo, tradeNo: a.trade.tradeNo, amountFen: 19999, at: new Date(Math.floor(a.trade.paidAt!.getTime() / 1000) * 1000) });
    expect(ours).toContainEqual(expect.objectContaining({ kind: 'payment', outTradeNo: b.outTradeNo, amountFen: 1 }));
    expect(ours).toContainEqual(expect.objectContaining({ kind: 'refund', outTradeNo: a.outTradeNo, tradeNo: a.trade.tradeNo, outRefundNo: `R${a.outTradeNo}`, amountFen: 1999 }));
    expect(peer.calls.at(-1)).toMatchObject({ method: 'alipay.data.dataservice.bill.downloadurl.query', verified: true, biz: { bill_type: 'trade', bill_date: today } });

    const earlier = await provider.downloadBill('2026-01-02');
    expect(earlier.filter((line) => line.outTradeNo === old.outTradeNo)).toEqual([expect.objectContaining({ kind: 'payment', amountFen: 12345, at: new Date('2026-01-02T03:00:00Z') })]);
  });

  it('reads subjects with commas and quotes, and says when the bill is not there yet', async () => {
    const outTradeNo = nextNo();
    const start = await provider.create({ ...payment(outTradeNo, 'page', 500), description: '检测费,加急 "A"' });
    if (start.kind !== 'redirect') throw new Error('expected a redirect');
    await peer.openCashier(start.url);
    peer.pay(outTradeNo, new Date('2026-03-04T05:06:07Z'));
    const lines = await readAlipayBill(await peer.billZip('2026-03-04'));
    expect(lines.filter((line) => line.outTradeNo === outTradeNo)).toEqual([expect.objectContaining({ kind: 'payment', amountFen: 500 })]);
    await expect(readAlipayBill(new Uint8Array([1, 2, 3]))).rejects.toThrow();
    const future = toAlipayTime(new Date(Date.now() + 3 * 86400_000)).slice(0, 10);
    await expect(provider.downloadBill(future)).rejects.toMatchObject({ subCode: 'isp.bill_not_exist' });
  });
});

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
