import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_TOO_LOW_MESSAGE, PAY_LATER_DEFAULT_LIMIT_FEN, type OrderSummary, type ReadyToPay } from '@lab/contract';
import { call, createTestContext, testDbKind, type TestContext } from '../../../test/harness';
import { outbox } from '../../db/schema';
import { ledgerEntries } from '../funds/funds.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { orderEvents } from '../orders/orders.tables';
import { orderPaymentReference } from '../orders/cancel-core';
import { ALREADY_PAID } from './payment.service';
import { ENTERPRISE_PREPAY, PAY_LATER_NEEDS_ATTESTATION } from './pay-later';
import {
  balance,
  couponRow,
  entriesOf,
  fund,
  giveCoupon,
  makeOrder,
  orderRow,
  ownedCommunity,
  payer,
  paymentCatalog,
  type PaymentCatalog,
  type Who,
} from './payment.test-helpers';

let t: TestContext;
let catalog: PaymentCatalog;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-20T04:00:00Z' });
  catalog = await paymentCatalog(t.db);
});
afterAll(() => t.close());

const post = <T>(url: string, who: Who | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
const pay = (who: Who, form: Record<string, string | undefined>) => post<OrderSummary>('/api/auth/order/pay', who, form);
const ready = (who: Who, orderNo: string) => post<ReadyToPay>('/api/auth/order/ready2pay', who, { order_no: orderNo });
const payLater = (who: Who, orderNo: string) => post<OrderSummary>('/api/auth/order/payLater', who, { order_no: orderNo });

describe('order/ready2pay', () => {
  it('shows the summary, own and owned-community balances, coupons with their discount and why one cannot be used', async () => {
    const who = await payer(t, { organization: 3, address: true, attestation: 'approved' });
    await fund(t, 'member', who.member.id, 1000_00);
    const lab = await ownedCommunity(t, who.member.id, '材料课题组');
    await fund(t, 'community', lab.id, 200_00);
    // another member's community is not listed
    const other = await payer(t);
    await ownedCommunity(t, other.member.id, '别人的课题组');
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [300_00, 100_00], items: ['a', 'a'] });
    const fifty = await giveCoupon(t, who.member.id, { amountFen: 50_00, name: '立减50' });
    const tenOff = await giveCoupon(t, who.member.id, { offRateBp: 1000, name: '9折' });
    const high = await giveCoupon(t, who.member.id, { amountFen: 100_00, thresholdFen: 1000_00, name: '满1000减100' });
    const wrongScope = await giveCoupon(t, who.member.id, { amountFen: 20_00, scope: { kind: 'groups', ids: [9102] }, name: '数据分析券' });
    const later = await giveCoupon(t, who.member.id, { amountFen: 30_00, validFrom: new Date(t.clock.now().getTime() + 86_400_000), name: '明日可用' });
    const expired = await giveCoupon(t, who.member.id, { validTo: new Date(t.clock.now().getTime() - 1000) });

    const res = await ready(who, order.orderNo);
    expect(res.status).toBe(200);
    expect(res.data.order).toMatchObject({ orderNo: order.orderNo, totalFen: 400_00, payableFen: 400_00, payment: 'unpaid', actions: { pay: true } });
    expect(res.data.balances).toEqual([
      { kind: 'member', rid: null, name: '个人预存款', balanceFen: 1000_00 },
      { kind: 'community', rid: lab.rid, name: '材料课题组', balanceFen: 200_00 },
    ]);
    const byRid = new Map(res.data.coupons.map((c) => [c.rid, c]));
    expect(byRid.get(fifty.rid)).toMatchObject({ discountFen: 50_00, usable: true, reason: '' });
    expect(byRid.get(tenOff.rid)).toMatchObject({ discountFen: 40_00, usable: true });
    expect(byRid.get(high.rid)).toMatchObject({ usable: false, reason: '订单金额未满1000元，不能使用该优惠券' });
    expect(byRid.get(wrongScope.rid)).toMatchObject({ usable: false, reason: '该优惠券不适用于所选服务' });
    expect(byRid.get(later.rid)).toMatchObject({ usable: false, reason: '优惠券尚未到使用时间' });
    expect(byRid.has(expired.rid)).toBe(false);
    // the best usable coupon first
    expect(res.data.coupons[0]!.rid).toBe(fifty.rid);
    expect(res.data.payLater).toEqual({ allowed: true, reason: '', limitFen: PAY_LATER_DEFAULT_LIMIT_FEN, usedFen: 0 });
  });

  it('pay-later standing: enterprise never, no approved attestation no, a credit line sets the limit', async () => {
    const enterprise = await payer(t, { organization: 2, address: true, creditFen: 100_000_00 });
    const e = await makeOrder(t, catalog, enterprise.member.id);
    expect((await ready(enterprise, e.orderNo)).data.payLater).toMatchObject({ allowed: false, reason: ENTERPRISE_PREPAY });

    const student = await payer(t, { organization: 0 });
    const s = await makeOrder(t, catalog, student.member.id);
    expect((await ready(student, s.orderNo)).data.payLater).toMatchObject({ allowed: false, reason: PAY_LATER_NEEDS_ATTESTATION.none });

    const individual = await payer(t, { organization: 1, address: true, attestation: 'approved' });
    const i = await makeOrder(t, catalog, individual.member.id);
    expect((await ready(individual, i.orderNo)).data.payLater).toMatchObject({ allowed: false, reason: PAY_LATER_NEEDS_ATTESTATION.notCollege });

    const credited = await payer(t, { organization: 3, creditFen: 2000_00 });
    await makeOrder(t, catalog, credited.member.id, { amounts: [500_00], payLater: true, progress: 'testing' });
    await makeOrder(t, catalog, credited.member.id, { amounts: [700_00], payment: 'unsettled', progress: 'delivered' });
    // paid and cancelled orders do not count
    await makeOrder(t, catalog, credited.member.id, { amounts: [900_00], payment: 'paid', payLater: true });
    await makeOrder(t, catalog, credited.member.id, { amounts: [900_00], payLater: true, progress: 'cancelled' });
    const c = await makeOrder(t, catalog, credited.member.id, { amounts: [800_00] });
    expect((await ready(credited, c.orderNo)).data.payLater).toMatchObject({ allowed: true, limitFen: 2000_00, usedFen: 1200_00 });
    const big = await makeOrder(t, catalog, credited.member.id, { amounts: [801_00] });
    const refused = (await ready(credited, big.orderNo)).data.payLater;
    expect(refused.allowed).toBe(false);
    expect(refused.reason).toContain('测试后结算额度不足');
  });

  it('refuses bad input, no token and another member’s order (404)', async () => {
    const who = await payer(t);
    const other = await payer(t);
    const order = await makeOrder(t, catalog, other.member.id);
    expect(await ready(who, '')).toMatchObject({ status: 400, code: 0, msg: '[订单编号]不能为空' });
    expect(await ready(who, order.orderNo)).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await ready(who, 'KY000')).toMatchObject({ status: 404 });
    expect((await post('/api/auth/order/ready2pay', undefined, { order_no: order.orderNo })).status).toBe(401);
  });
});

describe('order/pay', () => {
  it('pays from own funds: ledger debit under the order reference, paid columns, event, message, notice; paying again is refused', async () => {
    const who = await payer(t);
    await fund(t, 'member', who.member.id, 500_00);
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [300_00] });
    const res = await pay(who, { order_no: order.orderNo });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '支付成功' });
    expect(res.data).toMatchObject({ payment: 'paid', paymentText: '已支付', payableFen: 300_00, actions: { pay: false } });
    expect(res.data.paidAt).toBe(t.clock.now().toISOString());
    expect(await balance(t, 'member', who.member.id)).toBe(200_00);
    const entries = await entriesOf(t, orderPaymentReference(order.orderNo));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amountFen: -300_00, type: 'payment', actorKind: 'member', actorId: who.member.id });
    const row = await orderRow(t, order.orderNo);
    expect(row).toMatchObject({ payment: 'paid', paidFen: 300_00, discountFen: 0, couponId: null, paidFromKind: 'member', paidFromId: who.member.id });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events).toEqual([expect.objectContaining({ status: 'paid', title: '已支付', actorKind: 'member', actorName: '王同学' })]);
    expect(events[0]!.note).toContain('¥300.00（个人预存款）');
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id));
    expect(messages).toEqual([expect.objectContaining({ title: `订单${order.orderNo}已支付`, link: `/member/order/${order.orderNo}` })]);
    const sms = await t.db.select().from(outbox).where(eq(outbox.recipient, who.member.phone));
    expect(sms.map((m) => m.template)).toContain('order_paid');

    const again = await pay(who, { order_no: order.orderNo });
    expect(again).toMatchObject({ status: 409, code: 0, msg: ALREADY_PAID });
    expect(await entriesOf(t, orderPaymentReference(order.orderNo))).toHaveLength(1);
    expect(await balance(t, 'member', who.member.id)).toBe(200_00);
  });

  it('balance too low → 409 预存款余额不足 and nothing changed, the coupon still unused', async () => {
    const who = await payer(t);
    await fund(t, 'member', who.member.id, 100_00);
    const coupon = await giveCoupon(t, who.member.id, { amountFen: 50_00 });
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [300_00] });
    const res = await pay(who, { order_no: order.orderNo, coupon_rid: coupon.rid });
    expect(res).toMatchObject({ status: 409, code: 0, msg: BALANCE_TOO_LOW_MESSAGE });
    expect(await balance(t, 'member', who.member.id)).toBe(100_00);
    expect(await couponRow(t, coupon.rid)).toMatchObject({ status: 'unused', usedReference: null });
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'unpaid', paidFen: 0, discountFen: 0, couponId: null, paidAt: null });
    expect(await entriesOf(t, orderPaymentReference(order.orderNo))).toHaveLength(0);
    expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(0);
  });

  it('coupon + funds together: the coupon is spent and the rest debited; the coupon cannot pay a second order', async () => {
    const who = await payer(t);
    await fund(t, 'member', who.member.id, 1000_00);
    const coupon = await giveCoupon(t, who.member.id, { offRateBp: 1000, thresholdFen: 200_00 });
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [300_00, 100_00] });
    const res = await pay(who, { order_no: order.orderNo, coupon_rid: coupon.rid });
    expect(res.data).toMatchObject({ payment: 'paid', totalFen: 400_00, discountFen: 40_00, payableFen: 360_00 });
    expect(await balance(t, 'member', who.member.id)).toBe(640_00);
    const used = await couponRow(t, coupon.rid);
    expect(used).toMatchObject({ status: 'used', usedReference: orderPaymentReference(order.orderNo), discountFen: 40_00 });
    expect(await orderRow(t, order.orderNo)).toMatchObject({ paidFen: 360_00, discountFen: 40_00, couponId: used.id, couponRid: coupon.rid });

    const second = await makeOrder(t, catalog, who.member.id, { amounts: [300_00] });
    const refused = await pay(who, { order_no: second.orderNo, coupon_rid: coupon.rid });
    expect(refused).toMatchObject({ status: 409, msg: '优惠券已使用或不可用' });
    expect(await balance(t, 'member', who.member.id)).toBe(640_00);
    expect((await orderRow(t, second.orderNo)).payment).toBe('unpaid');
  });

  it('coupon refusals: threshold, scope, another member’s coupon (404) — nothing is debited', async () => {
    const who = await payer(t);
    await fund(t, 'member', who.member.id, 1000_00);
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [100_00] });
    const high = await giveCoupon(t, who.member.id, { thresholdFen: 500_00 });
    const scoped = await giveCoupon(t, who.member.id, { scope: { kind: 'types', ids: [3] } });
    const others = await giveCoupon(t, (await payer(t)).member.id);
    expect(await pay(who, { order_no: order.orderNo, coupon_rid: high.rid })).toMatchObject({ status: 409, msg: '订单金额未满500元，不能使用该优惠券' });
    expect(await pay(who, { order_no: order.orderNo, coupon_rid: scoped.rid })).toMatchObject({ status: 409, msg: '该优惠券不适用于所选服务' });
    expect(await pay(who, { order_no: order.orderNo, coupon_rid: others.rid })).toMatchObject({ status: 404, msg: '优惠券不存在' });
    expect(await balance(t, 'member', who.member.id)).toBe(1000_00);
    // a type-3 line makes the scoped coupon fit
    const mixed = await makeOrder(t, catalog, who.member.id, { amounts: [100_00, 60_00], items: ['a', 'b'] });
    expect((await pay(who, { order_no: mixed.orderNo, coupon_rid: scoped.rid })).data).toMatchObject({ payment: 'paid', discountFen: 50_00, payableFen: 110_00 });
  });

  it('the coupon saved when ordering is applied; a zero payable books nothing but marks the order paid', async () => {
    const who = await payer(t);
    const coupon = await giveCoupon(t, who.member.id, { amountFen: 80_00 });
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [80_00], couponRid: coupon.rid });
    const res = await pay(who, { order_no: order.orderNo });
    expect(res.data).toMatchObject({ payment: 'paid', discountFen: 80_00, payableFen: 0 });
    expect(await entriesOf(t, orderPaymentReference(order.orderNo))).toHaveLength(0);
    expect(await couponRow(t, coupon.rid)).toMatchObject({ status: 'used' });
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'paid', paidFen: 0 });
  });

  it('coupon_rid=none pays without any coupon, not even the one saved when ordering', async () => {
    const who = await payer(t);
    await fund(t, 'member', who.member.id, 500_00);
    const coupon = await giveCoupon(t, who.member.id, { amountFen: 50_00 });
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [100_00], couponRid: coupon.rid });
    expect((await pay(who, { order_no: order.orderNo, coupon_rid: 'none' })).data).toMatchObject({ payment: 'paid', discountFen: 0, payableFen: 100_00 });
    expect(await couponRow(t, coupon.rid)).toMatchObject({ status: 'unused' });
    expect(await balance(t, 'member', who.member.id)).toBe(400_00);
  });

  it('a saved coupon that went to another order meanwhile is skipped, not blocking the payment', async () => {
    const who = await payer(t);
    await fund(t, 'member', who.member.id, 500_00);
    const coupon = await giveCoupon(t, who.member.id, { amountFen: 50_00 });
    const first = await makeOrder(t, catalog, who.member.id, { amounts: [100_00], couponRid: coupon.rid });
    const second = await makeOrder(t, catalog, who.member.id, { amounts: [100_00], couponRid: coupon.rid });
    expect((await pay(who, { order_no: first.orderNo })).data).toMatchObject({ discountFen: 50_00, payableFen: 50_00 });
    expect((await pay(who, { order_no: second.orderNo })).data).toMatchObject({ payment: 'paid', discountFen: 0, payableFen: 100_00 });
    expect(await balance(t, 'member', who.member.id)).toBe(350_00);
    expect((await orderRow(t, second.orderNo)).couponRid).toBeNull();
  });

  it('community funds: only a community the member owns (another member’s → 404); the refund source is recorded', async () => {
    const owner = await payer(t, { organization: 3 });
    const lab = await ownedCommunity(t, owner.member.id);
    await fund(t, 'community', lab.id, 500_00);
    const stranger = await payer(t);
    await fund(t, 'member', stranger.member.id, 500_00);
    const strangerOrder = await makeOrder(t, catalog, stranger.member.id, { amounts: [100_00] });
    expect(await pay(stranger, { order_no: strangerOrder.orderNo, community_rid: lab.rid })).toMatchObject({ status: 404, msg: '科研团体不存在' });
    expect(await balance(t, 'community', lab.id)).toBe(500_00);

    const order = await makeOrder(t, catalog, owner.member.id, { amounts: [120_00] });
    const res = await pay(owner, { order_no: order.orderNo, community_rid: lab.rid });
    expect(res.data.payment).toBe('paid');
    expect(await balance(t, 'community', lab.id)).toBe(380_00);
    expect(await orderRow(t, order.orderNo)).toMatchObject({ paidFromKind: 'community', paidFromId: lab.id, paidFen: 120_00 });
    const [event] = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(event!.note).toContain(`团体「${lab.name}」预存款`);
  });

  it('refuses bad input, another member’s order (404), a cancelled order (409); pays an unsettled order', async () => {
    const who = await payer(t);
    await fund(t, 'member', who.member.id, 500_00);
    expect(await pay(who, { order_no: '' })).toMatchObject({ status: 400, msg: '[订单编号]不能为空' });
    expect(await pay(who, { order_no: 'x'.repeat(40) })).toMatchObject({ status: 400 });
    const other = await payer(t);
    const theirs = await makeOrder(t, catalog, other.member.id);
    expect(await pay(who, { order_no: theirs.orderNo })).toMatchObject({ status: 404, msg: '订单不存在' });
    const cancelled = await makeOrder(t, catalog, who.member.id, { progress: 'cancelled' });
    expect(await pay(who, { order_no: cancelled.orderNo })).toMatchObject({ status: 409, msg: '订单已取消，不能支付' });
    expect((await post('/api/auth/order/pay', undefined, { order_no: theirs.orderNo })).status).toBe(401);
    expect(await balance(t, 'member', who.member.id)).toBe(500_00);

    const unsettled = await makeOrder(t, catalog, who.member.id, { amounts: [200_00], progress: 'delivered', payment: 'unsettled', payLater: true });
    expect((await pay(who, { order_no: unsettled.orderNo })).data).toMatchObject({ payment: 'paid', progress: 'delivered' });
    expect(await balance(t, 'member', who.member.id)).toBe(300_00);
  });

  const rounds = testDbKind === 'postgres' ? 5 : 1;
  it(`20 concurrent payments of one order: exactly one succeeds, one debit, the balance reduced once (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const who = await payer(t);
      await fund(t, 'member', who.member.id, 10_000_00);
      const coupon = await giveCoupon(t, who.member.id, { amountFen: 10_00 });
      const order = await makeOrder(t, catalog, who.member.id, { amounts: [150_00], couponRid: coupon.rid });
      const results = await Promise.all(Array.from({ length: 20 }, () => pay(who, { order_no: order.orderNo })));
      expect(results.filter((r) => r.code === 1)).toHaveLength(1);
      for (const r of results.filter((x) => x.code !== 1)) expect(r).toMatchObject({ status: 409, msg: ALREADY_PAID });
      const entries = await entriesOf(t, orderPaymentReference(order.orderNo));
      expect(entries).toHaveLength(1);
      expect(entries[0]!.amountFen).toBe(-140_00);
      expect(await balance(t, 'member', who.member.id)).toBe(10_000_00 - 140_00);
      expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(1);
    }
  }, 120_000);

  it('concurrent payments of two orders against a balance covering one: one paid, one 预存款余额不足', async () => {
    const who = await payer(t);
    await fund(t, 'member', who.member.id, 100_00);
    const a = await makeOrder(t, catalog, who.member.id, { amounts: [100_00] });
    const b = await makeOrder(t, catalog, who.member.id, { amounts: [100_00] });
    const results = await Promise.all([pay(who, { order_no: a.orderNo }), pay(who, { order_no: b.orderNo })]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(results.find((r) => r.code === 0)!.msg).toBe(BALANCE_TOO_LOW_MESSAGE);
    expect(await balance(t, 'member', who.member.id)).toBe(0);
    const debits = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.type, 'payment'));
    expect(debits.filter((d) => [a.orderNo, b.orderNo].some((n) => d.reference === orderPaymentReference(n)))).toHaveLength(1);
  });
});

describe('order/payLater', () => {
  it('an eligible student chooses pay-after-test: payLater set, event, then ready2pay shows it used', async () => {
    const who = await payer(t, { organization: 0, address: true, attestation: 'approved' });
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [300_00] });
    const res = await payLater(who, order.orderNo);
    expect(res).toMatchObject({ status: 200, code: 1, msg: '已选择测试后结算' });
    expect(res.data).toMatchObject({ payLater: true, payment: 'unpaid', actions: { pay: true } });
    const [event] = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(event).toMatchObject({ status: 'note', title: '已选择测试后结算' });
    const again = await payLater(who, order.orderNo);
    expect(again).toMatchObject({ status: 409, msg: '该订单已选择测试后结算' });
    const other = await makeOrder(t, catalog, who.member.id, { amounts: [100_00] });
    expect((await ready(who, other.orderNo)).data.payLater).toMatchObject({ allowed: true, usedFen: 300_00 });
  });

  it('an enterprise member cannot pay later, even with a credit line; without an approved attestation it is refused', async () => {
    const enterprise = await payer(t, { organization: 2, address: true, creditFen: 100_000_00 });
    const order = await makeOrder(t, catalog, enterprise.member.id);
    expect(await payLater(enterprise, order.orderNo)).toMatchObject({ status: 409, code: 0, msg: ENTERPRISE_PREPAY });
    expect((await orderRow(t, order.orderNo)).payLater).toBe(false);
    const student = await payer(t, { organization: 0 });
    const s = await makeOrder(t, catalog, student.member.id);
    expect(await payLater(student, s.orderNo)).toMatchObject({ status: 409, msg: PAY_LATER_NEEDS_ATTESTATION.none });
  });

  it('the limit: the default for college members, the credit line when approved; exceeding it is refused', async () => {
    const who = await payer(t, { organization: 3, address: true, attestation: 'approved' });
    const first = await makeOrder(t, catalog, who.member.id, { amounts: [PAY_LATER_DEFAULT_LIMIT_FEN - 100_00] });
    expect((await payLater(who, first.orderNo)).code).toBe(1);
    const over = await makeOrder(t, catalog, who.member.id, { amounts: [100_01] });
    const refused = await payLater(who, over.orderNo);
    expect(refused.status).toBe(409);
    expect(refused.msg).toBe('测试后结算额度不足：额度¥50,000.00，已使用¥49,900.00，本单¥100.01。请先结算已完成测试的订单或直接支付');
    const fits = await makeOrder(t, catalog, who.member.id, { amounts: [100_00] });
    expect((await payLater(who, fits.orderNo)).code).toBe(1);

    const credited = await payer(t, { organization: 1, creditFen: 300_00 });
    const c1 = await makeOrder(t, catalog, credited.member.id, { amounts: [300_00] });
    expect((await payLater(credited, c1.orderNo)).code).toBe(1);
    const c2 = await makeOrder(t, catalog, credited.member.id, { amounts: [1] });
    expect((await payLater(credited, c2.orderNo)).msg).toContain('测试后结算额度不足');
  });

  it('concurrent pay-later choices cannot together exceed the limit', async () => {
    const who = await payer(t, { organization: 3, creditFen: 500_00 });
    const orders = await Promise.all(Array.from({ length: 4 }, () => makeOrder(t, catalog, who.member.id, { amounts: [200_00] })));
    const results = await Promise.all(orders.map((o) => payLater(who, o.orderNo)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(2);
  });

  it('refuses a paid, cancelled or another member’s order and bad input', async () => {
    const who = await payer(t, { organization: 0, address: true, attestation: 'approved' });
    const paid = await makeOrder(t, catalog, who.member.id, { payment: 'paid' });
    expect(await payLater(who, paid.orderNo)).toMatchObject({ status: 409, msg: '订单当前为「已支付」，无需选择测试后结算' });
    const cancelled = await makeOrder(t, catalog, who.member.id, { progress: 'cancelled' });
    expect(await payLater(who, cancelled.orderNo)).toMatchObject({ status: 409, msg: '订单已取消' });
    const theirs = await makeOrder(t, catalog, (await payer(t)).member.id);
    expect(await payLater(who, theirs.orderNo)).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await payLater(who, '')).toMatchObject({ status: 400, msg: '[订单编号]不能为空' });
  });
});
