import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { wechatPayProvider } from './wechat-pay';
import { WechatPayError } from './wechat-pay-answers';
import { appId, input, mchid, merchant, merchantSerial, notifyUrl, peer, pem, provider, settings, shanghaiDay, useWechatPayPeer } from './wechat-pay.test-helpers';

/**
 * The WeChat Pay v3 provider through its SDK against a local WeChat (test/peers/wechat-pay-peer.ts)
 * with real keys made here: the merchant's RSA key (the peer verifies every request's
 * Authorization with its public half) and the platform's key with a self-signed X.509 certificate
 * made by openssl (the provider verifies every answer and notify with it, by serial).
 */

useWechatPayPeer();

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
