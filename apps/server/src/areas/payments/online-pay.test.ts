import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OnlinePayStart } from '@lab/contract';
import path from 'node:path';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { call } from '../../../test/harness';
import { tmpRoot } from '../../../test/template';
import { ledgerProblems } from '../../../test/ledger-invariants';
import { ledgerEntries } from '../funds/funds.tables';
import { localGatewayPayments } from '../../platform/providers/local-gateway.tables';
import { paymentReference, PAY_QUERY_AFTER_MS, paymentsPaidOn } from './online-pay-core';
import { sweepOpenPayments } from './check-payments';
import { getAdminOrder } from '../orders/desk/progress.service';
import { onlineToday } from './payments-admin.service';
import { balance, couponRow, fund, giveCoupon, orderRow, payer } from './payment.test-helpers';
import { channels, entriesOf, gatewayPath, notify, orderFor, paidNotice, paymentOf, post, start, startOrder, status, t, useOnlinePayContext } from './online-pay.test-helpers';

/**
 * Online payment through the local gateway (the default provider) and its signing keys: start,
 * the gateway's buttons, notices (verified, compared with the record, booked once), the query
 * job, expiry, refunds to the channel (mixed with the balance), top-ups and settlement.
 */

useOnlinePayContext();

describe('onlinePay/start and the local gateway', () => {
  it('fixes the amount, shows a checkout page with a QR, and the 模拟支付成功 button pays the order through a signed notice', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const started = await startOrder(who, order.orderNo);
    expect(started.start.kind).toBe('qr');
    expect(started.payment).toMatchObject({ purpose: 'order', state: 'open', amountFen: 300_00, balanceFen: 0, orderNos: [order.orderNo] });
    const codeUrl = started.start.kind === 'qr' ? started.start.codeUrl : '';
    expect(codeUrl).toContain(`/pay/gateway/${started.payment.paymentNo}`);

    const page = await t.app.inject({ method: 'GET', url: gatewayPath(codeUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¥300.00');
    expect(page.body).toContain('模拟支付成功');
    expect(page.body).toContain('<svg');

    const after = await t.app.inject({ method: 'POST', url: `${gatewayPath(codeUrl)}/paid` });
    expect(after.body).toContain('支付成功');
    const payment = await paymentOf(started.payment.paymentNo);
    expect(payment).toMatchObject({ state: 'paid', bookedBy: 'notify', note: '' });
    expect(payment.notifiedAt).not.toBeNull();
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'paid', paidFen: 300_00, paidFromKind: 'member' });
    // money in from the channel, then the order's payment: the balance is back where it was
    expect((await entriesOf(paymentReference(payment.paymentNo))).map((e) => [e.type, e.amountFen])).toEqual([['online_pay', 300_00]]);
    expect((await entriesOf(`order:${order.orderNo}`)).filter((e) => e.type === 'payment').map((e) => e.amountFen)).toEqual([-300_00]);
    expect(await balance(t, 'member', who.member.id)).toBe(0);
    expect(await ledgerProblems(t.db)).toEqual([]);
    // finance's day list sees it
    expect((await paymentsPaidOn(t.db, '2026-11-20')).map((p) => p.paymentNo)).toContain(payment.paymentNo);
    // and its 今日在线收款 counts it under 微信支付 (issue 31)
    const today = await onlineToday(t.db, t.clock.now());
    expect(today.day).toBe('2026-11-20');
    expect(today.channels.find((c) => c.vendor === 'wechat')!.amountFen).toBeGreaterThanOrEqual(300_00);
    expect(today.totalFen).toBe(today.channels.reduce((n, c) => n + c.amountFen, 0));
    // the desk's order names the channel the money came by, not the funds it passed through (issue 31: "已付 · 本人预存款")
    const desk = await getAdminOrder(t.db, order.orderNo, t.clock.now());
    expect(desk.paidBy).toEqual([{ channel: '微信支付', amountFen: 300_00, paidAt: expect.any(String), reference: payment.paymentNo }]);
  });

  it('fixes the coupon with the amount and redeems it when the payment is booked', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const coupon = await giveCoupon(t, who.member.id, { amountFen: 50_00 });
    const { payment } = await startOrder(who, order.orderNo, { coupon_rid: coupon.rid });
    expect(payment.amountFen).toBe(250_00);
    expect((await notify(paidNotice(payment.paymentNo, 250_00))).status).toBe(200);
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'paid', paidFen: 250_00, discountFen: 50_00, couponRid: coupon.rid });
    expect((await couponRow(t, coupon.rid)).status).toBe('used');
    expect((await paymentOf(payment.paymentNo)).note).toBe('');
    // 'none': no coupon, the whole price
    const other = await orderFor(who);
    const { payment: second } = await startOrder(who, other.orderNo, { coupon_rid: 'none' });
    expect(second.amountFen).toBe(300_00);
  });

  it("refuses another member's order, a paid order, and a vendor's scene it cannot serve", async () => {
    const who = await payer(t);
    const other = await payer(t);
    const order = await orderFor(who);
    expect((await start(other, { purpose: 'order', order_no: order.orderNo })).status).toBe(404);
    expect((await start(who, { purpose: 'order', order_no: order.orderNo, vendor: 'alipay', scene: 'native' })).status).toBe(400);
    await fund(t, 'member', who.member.id, 300_00);
    const paid = await post('/api/auth/order/pay', who, { order_no: order.orderNo });
    expect(paid.status).toBe(200);
    const again = await start(who, { purpose: 'order', order_no: order.orderNo });
    expect(again).toMatchObject({ status: 409, msg: '订单已支付，请勿重复支付' });
  });

  it('the 模拟支付失败 button marks the attempt failed and books nothing', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const started = await startOrder(who, order.orderNo, { vendor: 'alipay', scene: 'page' });
    expect(started.start.kind).toBe('redirect');
    const url = started.start.kind === 'redirect' ? started.start.url : '';
    const after = await t.app.inject({ method: 'POST', url: `${gatewayPath(url)}/failed` });
    expect(after.body).toContain('支付失败');
    expect((await paymentOf(started.payment.paymentNo)).state).toBe('failed');
    expect(await entriesOf(paymentReference(started.payment.paymentNo))).toEqual([]);
    expect((await orderRow(t, order.orderNo)).payment).toBe('unpaid');
  });
});

describe('the doors of the simulated gateway (issue 28)', () => {
  it('builds the checkout, notify and return URLs from PUBLIC_URL or this server, never from the Host a request names (point 9a)', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/onlinePay/start',
      headers: { token: who.token, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ purpose: 'order', order_no: order.orderNo, vendor: 'alipay', scene: 'page' }).toString(),
    });
    const started = res.json<{ data: OnlinePayStart }>().data;
    expect(started.start).toEqual({ kind: 'redirect', url: `http://localhost:3000/pay/gateway/${started.payment.paymentNo}` });
    const [row] = await t.db.select().from(localGatewayPayments).where(eq(localGatewayPayments.outTradeNo, started.payment.paymentNo));
    expect(row).toMatchObject({ notifyUrl: 'http://localhost:3000/pay/notify/alipay', returnUrl: expect.stringMatching(/^http:\/\/localhost:3000\/pay\/result\?/) });
  });

  it('outside demo mode (SEED_DEMO=0, NODE_ENV unset) nothing is simulated: online payment is refused and the 模拟支付 pages are gone (hole 7)', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const demo = await startOrder(who, order.orderNo);
    const codeUrl = demo.start.kind === 'qr' ? demo.start.codeUrl : '';
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(tmpRoot, 'files'), SEED_DEMO: '0' });
    const production = await buildApp({ db: t.db, config, clock: t.clock, secrets: t.secrets, logger: false, rateLimit: false });
    try {
      expect(production.deps.payments.local).toBeNull();
      const refused = await call(production, 'POST', '/api/auth/onlinePay/start', { token: who.token, form: { purpose: 'order', order_no: order.orderNo, vendor: 'wechat', scene: 'native' } });
      expect(refused).toMatchObject({ status: 409, msg: '在线支付暂未开通，请使用预存款支付或对公转账' });
      const button = await production.inject({ method: 'POST', url: `${gatewayPath(codeUrl)}/paid` });
      expect(button.statusCode).toBe(404);
      expect((await paymentOf(demo.payment.paymentNo)).state).toBe('open');
    } finally {
      await production.close();
    }
  });
});

describe('the notify callback', () => {
  it('refuses a notice whose signature does not verify (another key, or a changed body): nothing booked', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const { payment } = await startOrder(who, order.orderNo);
    const stranger = generateKeyPairSync('ed25519').privateKey;
    const forged = await notify(paidNotice(payment.paymentNo, 300_00), { privateKey: stranger });
    expect(forged.status).toBe(500);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'FAIL' });
    const tampered = await notify(paidNotice(payment.paymentNo, 300_00), { tamper: true });
    expect(tampered.status).toBe(500);
    const unsigned = await t.app.inject({ method: 'POST', url: '/pay/notify/wechat', headers: { 'content-type': 'application/json' }, payload: paidNotice(payment.paymentNo, 300_00) });
    expect(unsigned.statusCode).toBe(500);
    expect((await paymentOf(payment.paymentNo)).state).toBe('open');
    expect(await entriesOf(paymentReference(payment.paymentNo))).toEqual([]);
    expect((await orderRow(t, order.orderNo)).payment).toBe('unpaid');
  });

  it('refuses a signed notice with another amount, merchant or app: nothing booked', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const { payment } = await startOrder(who, order.orderNo);
    for (const over of [{ amountFen: 300_01 }, { amountFen: 1 }, { merchantId: '1900000999' }, { appId: 'wx0000000000000bad' }]) {
      const body = paidNotice(payment.paymentNo, 300_00, over);
      const answer = await notify(body);
      expect(answer.status, JSON.stringify(over)).toBe(500);
    }
    // a notice of the other vendor's route for this payment is refused too
    expect((await notify(paidNotice(payment.paymentNo, 300_00), { vendor: 'alipay' })).status).toBe(500);
    expect((await paymentOf(payment.paymentNo)).state).toBe('open');
    expect(await entriesOf(paymentReference(payment.paymentNo))).toEqual([]);
    expect((await orderRow(t, order.orderNo)).payment).toBe('unpaid');
    // the right one still books
    expect((await notify(paidNotice(payment.paymentNo, 300_00))).status).toBe(200);
    expect((await orderRow(t, order.orderNo)).payment).toBe('paid');
  });

  it('answers a replay of a booked notice with success and books nothing more', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const { payment } = await startOrder(who, order.orderNo);
    const body = paidNotice(payment.paymentNo, 300_00);
    expect((await notify(body)).status).toBe(200);
    const before = await t.db.select().from(ledgerEntries);
    for (let i = 0; i < 3; i++) {
      const again = await notify(body);
      expect(again.status).toBe(200);
      expect(JSON.parse(again.body)).toEqual({ code: 'SUCCESS' });
    }
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(before.length);
    expect(await ledgerProblems(t.db)).toEqual([]);
  });

  it('books 50 concurrent notices of one payment once', async () => {
    const who = await payer(t);
    await fund(t, 'member', who.member.id, 50_00);
    const order = await orderFor(who, 250_00);
    const { payment } = await startOrder(who, order.orderNo, { use_balance: '1' });
    expect(payment).toMatchObject({ amountFen: 200_00, balanceFen: 50_00 });
    const body = paidNotice(payment.paymentNo, 200_00);
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect((await entriesOf(paymentReference(payment.paymentNo))).map((e) => e.type)).toEqual(['online_pay']);
    expect((await entriesOf(`order:${order.orderNo}`)).filter((e) => e.type === 'payment').map((e) => e.amountFen)).toEqual([-250_00]);
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'paid', paidFen: 250_00 });
    // booked by one notice: a second booking would have found the order paid and said so in the note
    expect(await paymentOf(payment.paymentNo)).toMatchObject({ state: 'paid', note: '' });
    expect(await balance(t, 'member', who.member.id)).toBe(0);
    expect(await ledgerProblems(t.db)).toEqual([]);
  });

  it('keeps the money in the funds when the order was cancelled before the notice came (never lost, never twice)', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const { payment } = await startOrder(who, order.orderNo);
    expect((await post('/api/auth/order/cancel', who, { order_no: order.orderNo })).status).toBe(200);
    expect((await notify(paidNotice(payment.paymentNo, 300_00))).status).toBe(200);
    const row = await paymentOf(payment.paymentNo);
    expect(row.state).toBe('paid');
    expect(row.note).toContain('订单已取消');
    expect(row.note).toContain('已存入个人预存款');
    expect(await balance(t, 'member', who.member.id)).toBe(300_00);
    expect((await orderRow(t, order.orderNo)).payment).toBe('unpaid');
    expect(await ledgerProblems(t.db)).toEqual([]);
  });
});

describe('onlinePay/status and the query job', () => {
  /** The gateway took the money but its notice never arrived. */
  const paidAtGatewayOnly = (paymentNo: string) =>
    t.db.update(localGatewayPayments).set({ state: 'paid', tradeNo: `LOST${paymentNo}`, paidAt: t.clock.now() }).where(eq(localGatewayPayments.outTradeNo, paymentNo));

  it('status asks the gateway about an open payment and books it when paid', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const { payment } = await startOrder(who, order.orderNo);
    expect((await status(who, payment.paymentNo)).data.state).toBe('open');
    await paidAtGatewayOnly(payment.paymentNo);
    const res = await status(who, payment.paymentNo);
    expect(res.data).toMatchObject({ state: 'paid', orderNos: [order.orderNo] });
    expect(await paymentOf(payment.paymentNo)).toMatchObject({ bookedBy: 'query', tradeNo: `LOST${payment.paymentNo}` });
    expect((await orderRow(t, order.orderNo)).payment).toBe('paid');
    // another member cannot read it
    expect((await status(await payer(t), payment.paymentNo)).status).toBe(404);
  });

  it('the job books a payment whose notice was lost, and leaves young ones alone', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const { payment } = await startOrder(who, order.orderNo);
    await paidAtGatewayOnly(payment.paymentNo);
    await sweepOpenPayments(t.db, t.app.deps.payments, channels(), t.clock.now());
    expect((await paymentOf(payment.paymentNo)).state).toBe('open');
    const later = new Date(t.clock.now().getTime() + PAY_QUERY_AFTER_MS + 1000);
    const outcome = await sweepOpenPayments(t.db, t.app.deps.payments, channels(), later);
    expect(outcome.booked).toBeGreaterThanOrEqual(1);
    expect(await paymentOf(payment.paymentNo)).toMatchObject({ state: 'paid', bookedBy: 'job' });
    expect((await orderRow(t, order.orderNo)).payment).toBe('paid');
    expect(await ledgerProblems(t.db)).toEqual([]);
  });

  it('the job closes an expired payment at the gateway and here; its page can no longer pay', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const started = await startOrder(who, order.orderNo);
    const no = started.payment.paymentNo;
    const expired = new Date(new Date(started.payment.expiresAt).getTime() + 1000);
    await sweepOpenPayments(t.db, t.app.deps.payments, channels(), expired);
    expect((await paymentOf(no)).state).toBe('closed');
    expect((await t.db.select().from(localGatewayPayments).where(eq(localGatewayPayments.outTradeNo, no)))[0]!.state).toBe('closed');
    const url = started.start.kind === 'qr' ? gatewayPath(started.start.codeUrl) : '';
    expect((await t.app.inject({ method: 'POST', url: `${url}/paid` })).body).toContain('支付已关闭');
    expect((await orderRow(t, order.orderNo)).payment).toBe('unpaid');
    expect(await entriesOf(paymentReference(no))).toEqual([]);
  });
});
