import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prestoreBonusFen, type OnlinePayStart, type OnlinePaymentView, type OrderDetail } from '@lab/contract';
import path from 'node:path';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { tmpRoot } from '../../../test/template';
import { ledgerProblems } from '../../../test/ledger-invariants';
import { ledgerEntries, prestoreRules } from '../funds/funds.tables';
import { orderEvents } from '../orders/orders.tables';
import { staffAlerts } from '../messages/staff-alerts.tables';
import { onlinePayments, onlineRefunds } from './payments.tables';
import { localGatewayPayments } from '../../platform/providers/local-gateway.tables';
import { LOCAL_IDS } from '../../platform/providers/payment-local';
import { paymentNoticeBody, refundNoticeBody, signLocalNotice } from '../../platform/providers/local-gateway-notices';
import type { GatewayPayment, GatewayRefund } from '../../platform/providers/payment-gateway';
import { activeRules } from '../funds/prestore-rules';
import { paymentReference, PAY_QUERY_AFTER_MS, paymentsPaidOn, refundsCreatedOn } from './online-pay-core';
import { sweepOpenPayments } from './check-payments';
import { sweepRefunds } from './online-refunds';
import { balance, couponRow, fund, giveCoupon, makeOrder, orderRow, ownedCommunity, payer, paymentCatalog, type PaymentCatalog, type Who } from './payment.test-helpers';

/**
 * Online payment through the local gateway (the default provider) and its signing keys: start,
 * the gateway's buttons, notices (verified, compared with the record, booked once), the query
 * job, expiry, refunds to the channel (mixed with the balance), top-ups and settlement.
 */

let t: TestContext;
let catalog: PaymentCatalog;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-20T04:00:00Z' });
  catalog = await paymentCatalog(t.db);
});
afterAll(() => t.close());

const post = <T>(url: string, who: Who, form: Record<string, string | number | undefined> = {}) => call<T>(t.app, 'POST', url, { token: who.token, form });
const start = (who: Who, form: Record<string, string | number | undefined>) =>
  post<OnlinePayStart>('/api/auth/onlinePay/start', who, { vendor: 'wechat', scene: 'native', ...form });
const status = (who: Who, paymentNo: string) => post<OnlinePaymentView>('/api/auth/onlinePay/status', who, { payment_no: paymentNo });
const channels = () => ({ sms: t.app.deps.sms, email: t.app.deps.email });
const keys = () => t.app.deps.payments.local!.keys;
const paymentOf = async (paymentNo: string) => (await t.db.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, paymentNo)))[0]!;
const entriesOf = (reference: string) => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, reference));
const gatewayPath = (codeUrl: string) => new URL(codeUrl).pathname;

/** A signed notice as the local gateway sends it (or signed with another key), delivered to the notify route. */
async function notify(body: string, options: { vendor?: 'wechat' | 'alipay'; privateKey?: KeyObject; tamper?: boolean } = {}) {
  const headers = signLocalNotice({ privateKey: options.privateKey ?? keys().privateKey }, body, Math.floor(t.clock.now().getTime() / 1000));
  const sent = options.tamper ? body.replace('"state":"paid"', '"state":"paid" ') : body;
  const answer = await t.app.inject({ method: 'POST', url: `/pay/notify/${options.vendor ?? 'wechat'}`, headers, payload: sent });
  return { status: answer.statusCode, body: answer.body };
}

const paidNotice = (paymentNo: string, amountFen: number, over: Partial<GatewayPayment> = {}) =>
  paymentNoticeBody({ outTradeNo: paymentNo, tradeNo: `T${paymentNo}`, state: 'paid', amountFen, ...LOCAL_IDS.wechat, paidAt: t.clock.now(), ...over });

async function orderFor(who: Who, amountFen = 300_00) {
  return makeOrder(t, catalog, who.member.id, { amounts: [amountFen] });
}

/** Starts paying an order online and checks the answer. */
async function startOrder(who: Who, orderNo: string, extra: Record<string, string> = {}) {
  const res = await start(who, { purpose: 'order', order_no: orderNo, ...extra });
  expect(res.status, res.msg).toBe(200);
  return res.data;
}

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

describe('refunds to the channel', () => {
  const refundsOf = (paymentNo: string) =>
    t.db
      .select({ r: onlineRefunds })
      .from(onlineRefunds)
      .innerJoin(onlinePayments, eq(onlinePayments.id, onlineRefunds.paymentId))
      .where(eq(onlinePayments.paymentNo, paymentNo))
      .then((rows) => rows.map((x) => x.r));

  async function paidOnline(who: Who, amountFen: number, extra: Record<string, string> = {}) {
    const order = await orderFor(who, amountFen);
    const started = await startOrder(who, order.orderNo, extra);
    const url = started.start.kind === 'qr' ? gatewayPath(started.start.codeUrl) : '';
    await t.app.inject({ method: 'POST', url: `${url}/paid` });
    expect((await orderRow(t, order.orderNo)).payment).toBe('paid');
    return { order, payment: started.payment };
  }

  it('cancelling a mixed payment refunds the balance part to the funds and the online part to the channel, shown on the timeline', async () => {
    const who = await payer(t);
    await fund(t, 'member', who.member.id, 100_00);
    const { order, payment } = await paidOnline(who, 300_00, { use_balance: '1' });
    expect(payment).toMatchObject({ amountFen: 200_00, balanceFen: 100_00 });
    expect(await balance(t, 'member', who.member.id)).toBe(0);

    const cancelled = await post<OrderDetail>('/api/auth/order/cancel', who, { order_no: order.orderNo });
    expect(cancelled.status).toBe(200);
    expect((await orderRow(t, order.orderNo)).payment).toBe('refunded');
    // the balance part is back in the funds; the online part left them again towards the channel
    expect(await balance(t, 'member', who.member.id)).toBe(100_00);
    const [refund] = await refundsOf(payment.paymentNo);
    expect(refund).toMatchObject({ amountFen: 200_00, state: 'processing', requestedAt: null });
    expect((await entriesOf(`refund:${refund!.refundNo}`)).map((e) => [e.type, e.amountFen])).toEqual([['online_refund', -200_00]]);
    const [event] = await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'refunded')));
    expect(event!.title).toBe('已退款');
    expect(event!.note).toBe('退回个人预存款¥100.00；原路退回微信支付¥200.00');
    expect(await ledgerProblems(t.db)).toEqual([]);

    // after the commit the job sends it; the gateway's notice settles it
    const sent = await sweepRefunds(t.db, t.app.deps.payments, 'http://shop.test', t.clock.now());
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await refundsOf(payment.paymentNo))[0]!.state, { timeout: 10_000 }).toBe('success');
    expect((await refundsOf(payment.paymentNo))[0]!.refundId).toBeTruthy();
    expect((await refundsCreatedOn(t.db, '2026-11-20')).map((r) => r.refund.refundNo)).toContain(refund!.refundNo);
    // a second cancel path (already refunded) makes no second refund
    expect(await refundsOf(payment.paymentNo)).toHaveLength(1);
  });

  it('a refund state never moves backwards, whatever order the notices come in', async () => {
    const who = await payer(t);
    const first = await paidOnline(who, 120_00);
    const second = await paidOnline(who, 80_00);
    for (const { order } of [first, second]) expect((await post('/api/auth/order/cancel', who, { order_no: order.orderNo })).status).toBe(200);
    const [r1] = await refundsOf(first.payment.paymentNo);
    const [r2] = await refundsOf(second.payment.paymentNo);
    const notice = (r: typeof r1, paymentNo: string, state: GatewayRefund['state']) =>
      refundNoticeBody({ outRefundNo: r!.refundNo, outTradeNo: paymentNo, refundId: `R${r!.refundNo}`, refundFen: Number(r!.amountFen), state, ...(state === 'success' ? { succeededAt: t.clock.now() } : {}) });
    // the second refund's success arrives before the first's; then late 'processing' notices of both
    expect((await notify(notice(r2, second.payment.paymentNo, 'success'))).status).toBe(200);
    expect((await notify(notice(r1, first.payment.paymentNo, 'processing'))).status).toBe(200);
    expect((await notify(notice(r2, second.payment.paymentNo, 'processing'))).status).toBe(200);
    expect((await notify(notice(r1, first.payment.paymentNo, 'success'))).status).toBe(200);
    expect((await notify(notice(r1, first.payment.paymentNo, 'processing'))).status).toBe(200);
    expect((await notify(notice(r2, second.payment.paymentNo, 'abnormal'))).status).toBe(200);
    const states = await t.db.select({ no: onlineRefunds.refundNo, state: onlineRefunds.state }).from(onlineRefunds).where(inArray(onlineRefunds.refundNo, [r1!.refundNo, r2!.refundNo]));
    expect(Object.fromEntries(states.map((s) => [s.no, s.state]))).toEqual({ [r1!.refundNo]: 'success', [r2!.refundNo]: 'success' });
    // a refund notice with another amount is refused
    expect((await notify(refundNoticeBody({ outRefundNo: r1!.refundNo, outTradeNo: first.payment.paymentNo, refundFen: 1, state: 'closed' }))).status).toBe(500);
    // neither failed: finance was told of nothing
    expect(await t.db.select().from(staffAlerts).where(inArray(staffAlerts.key, [`refund_failed:${r1!.refundNo}`, `refund_failed:${r2!.refundNo}`]))).toEqual([]);
  });

  it('a refund the gateway reports failed is left for finance, with one alert in 系统提醒 however often it is reported', async () => {
    const who = await payer(t);
    const { order, payment } = await paidOnline(who, 66_00);
    expect((await post('/api/auth/order/cancel', who, { order_no: order.orderNo })).status).toBe(200);
    const [refund] = await refundsOf(payment.paymentNo);
    const abnormal = refundNoticeBody({ outRefundNo: refund!.refundNo, outTradeNo: payment.paymentNo, refundFen: 66_00, state: 'abnormal' });
    expect((await notify(abnormal)).status).toBe(200);
    expect((await notify(abnormal)).status).toBe(200);
    expect((await refundsOf(payment.paymentNo))[0]!.state).toBe('abnormal');
    const alerts = await t.db.select().from(staffAlerts).where(eq(staffAlerts.key, `refund_failed:${refund!.refundNo}`));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'refund_failed', role: 'finance', link: '/admin/finance/payments?tab=refunds' });
    expect(alerts[0]!.content).toContain('¥66.00');
  });
});

describe('a gateway outage', () => {
  /** Runs `body` with the WeChat provider's `method` failing, as an unreachable gateway does. */
  async function withFailing<T>(method: 'create' | 'refund', body: () => Promise<T>): Promise<T> {
    const original = t.app.deps.payments;
    const failing = async () => {
      throw new Error('connect ECONNREFUSED api.mch.weixin.qq.com');
    };
    t.app.deps.payments = { ...original, wechat: { ...original.wechat, [method]: failing } };
    try {
      return await body();
    } finally {
      t.app.deps.payments = original;
    }
  }

  it('at start: 503, the attempt marked failed, nothing booked', async () => {
    const who = await payer(t);
    const order = await orderFor(who);
    const res = await withFailing('create', () => start(who, { purpose: 'order', order_no: order.orderNo }));
    expect(res).toMatchObject({ status: 503, msg: '微信支付暂时无法下单，请稍后再试或使用其他支付方式' });
    const [row] = await t.db.select().from(onlinePayments).where(eq(onlinePayments.memberId, who.member.id));
    expect(row).toMatchObject({ state: 'failed', note: '支付平台下单失败' });
    expect((await orderRow(t, order.orderNo)).payment).toBe('unpaid');
  });

  it('at refund: the refund stays processing, counted, and goes out on the next run', async () => {
    const who = await payer(t);
    const order = await orderFor(who, 90_00);
    const started = await startOrder(who, order.orderNo);
    await t.app.inject({ method: 'POST', url: `${gatewayPath(started.start.kind === 'qr' ? started.start.codeUrl : '')}/paid` });
    expect((await orderRow(t, order.orderNo)).payment).toBe('paid');
    expect((await post('/api/auth/order/cancel', who, { order_no: order.orderNo })).status).toBe(200);
    const refundOf = async () => (await t.db.select().from(onlineRefunds).where(eq(onlineRefunds.orderId, order.id)))[0]!;
    const failed = await withFailing('refund', () => sweepRefunds(t.db, t.app.deps.payments, 'http://shop.test', t.clock.now()));
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect(await refundOf()).toMatchObject({ state: 'processing', requestedAt: null, attempts: 1 });
    expect((await refundOf()).lastError).toContain('ECONNREFUSED');
    await sweepRefunds(t.db, t.app.deps.payments, 'http://shop.test', t.clock.now());
    await expect.poll(async () => (await refundOf()).state, { timeout: 10_000 }).toBe('success');
    expect(await ledgerProblems(t.db)).toEqual([]);
  });
});

describe('top-ups and settlement online', () => {
  it('a personal top-up credits the funds with the bonus of the tiers in force', async () => {
    await t.db.insert(prestoreRules).values({ thresholdFen: 1000_00, bonusRateBp: 500, bonusFen: 0 });
    const who = await payer(t);
    const res = await start(who, { purpose: 'topup', amount: '2000' });
    expect(res.status, res.msg).toBe(200);
    const bonus = prestoreBonusFen(2000_00, await activeRules(t.db));
    expect(bonus).toBeGreaterThan(0);
    expect((await notify(paidNotice(res.data.payment.paymentNo, 2000_00))).status).toBe(200);
    expect(await balance(t, 'member', who.member.id)).toBe(2000_00 + bonus);
    expect((await entriesOf(paymentReference(res.data.payment.paymentNo))).map((e) => [e.type, e.amountFen])).toEqual([
      ['online_pay', 2000_00],
      ['bonus', bonus],
    ]);
    expect(await ledgerProblems(t.db)).toEqual([]);
  });

  it("a community top-up credits the community's funds; another's community is refused", async () => {
    const who = await payer(t);
    const lab = await ownedCommunity(t, who.member.id);
    const res = await start(who, { purpose: 'topup', amount: '500', community_rid: lab.rid, vendor: 'alipay', scene: 'wap' });
    expect(res.status, res.msg).toBe(200);
    const url = res.data.start.kind === 'redirect' ? gatewayPath(res.data.start.url) : '';
    await t.app.inject({ method: 'POST', url: `${url}/paid` });
    expect(await balance(t, 'community', lab.id)).toBe(500_00);
    expect(await balance(t, 'member', who.member.id)).toBe(0);
    const other = await payer(t);
    expect((await start(other, { purpose: 'topup', amount: '500', community_rid: lab.rid })).status).toBeGreaterThanOrEqual(403);
    // below the minimum top-up
    expect((await start(who, { purpose: 'topup', amount: '0.01' })).status).toBe(400);
  });

  it('settling online pays every unsettled order at once', async () => {
    const who = await payer(t, { organization: 3, address: true, attestation: 'approved' });
    const a = await makeOrder(t, catalog, who.member.id, { amounts: [100_00], progress: 'completed', payment: 'unsettled' });
    const b = await makeOrder(t, catalog, who.member.id, { amounts: [60_00], progress: 'completed', payment: 'unsettled' });
    const res = await start(who, { purpose: 'settle', order_nos: `${a.orderNo},${b.orderNo}` });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.payment).toMatchObject({ purpose: 'settle', amountFen: 160_00 });
    expect([...res.data.payment.orderNos].sort()).toEqual([a.orderNo, b.orderNo].sort());
    expect((await notify(paidNotice(res.data.payment.paymentNo, 160_00))).status).toBe(200);
    expect(await orderRow(t, a.orderNo)).toMatchObject({ payment: 'paid', paidFen: 100_00 });
    expect(await orderRow(t, b.orderNo)).toMatchObject({ payment: 'paid', paidFen: 60_00 });
    expect(await balance(t, 'member', who.member.id)).toBe(0);
    expect(await ledgerProblems(t.db)).toEqual([]);
  });
});
