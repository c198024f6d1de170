import { describe, expect, it } from 'vitest';
import { nextNo, opened, paid, payment, peer, provider, useAlipayPeer } from './alipay.test-helpers';
import { AlipayApiError } from './alipay';
import { readAlipayBill } from './alipay-bill';
import { fenToYuan, toAlipayTime, yuanToFen } from './alipay-formats';

/**
 * The Alipay provider through alipay-sdk against a local Alipay (test/peers/alipay-peer.ts) that
 * checks every request's RSA2 signature with the app's public key and signs its answers and
 * notifies with its own key, as the gateway does.
 */

useAlipayPeer();

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
