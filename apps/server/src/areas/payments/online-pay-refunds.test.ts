import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prestoreBonusFen, type OrderDetail } from '@lab/contract';
import { ledgerProblems } from '../../../test/ledger-invariants';
import { prestoreRules } from '../funds/funds.tables';
import { orderEvents } from '../orders/orders.tables';
import { staffAlerts } from '../messages/staff-alerts.tables';
import { onlinePayments, onlineRefunds } from './payments.tables';
import { refundNoticeBody } from '../../platform/providers/local-gateway-notices';
import type { GatewayRefund } from '../../platform/providers/payment-gateway';
import { activeRules } from '../funds/prestore-rules';
import { paymentReference, refundsCreatedOn } from './online-pay-core';
import { sweepRefunds } from './online-refunds';
import { getAdminOrder } from '../orders/desk/progress.service';
import { balance, fund, makeOrder, orderRow, ownedCommunity, payer, type Who } from './payment.test-helpers';
import { catalog, entriesOf, gatewayPath, notify, orderFor, paidNotice, post, start, startOrder, t, useOnlinePayContext } from './online-pay.test-helpers';

/**
 * Online payment through the local gateway: refunds to the channel (mixed with the balance), a
 * gateway outage, top-ups and settlement (context: online-pay.test-helpers.ts).
 */

useOnlinePayContext();

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
    // the desk reads both parts with where each came from (issue 31)
    expect((await getAdminOrder(t.db, order.orderNo, t.clock.now())).paidBy.map((p) => [p.channel, p.amountFen])).toEqual([
      ['微信支付', 200_00],
      ['本人预存款', 100_00],
    ]);

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
