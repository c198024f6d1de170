import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAY_LATER_DEFAULT_LIMIT_FEN } from '@lab/contract';
import { orderEvents } from '../orders/orders.tables';
import { ENTERPRISE_PREPAY, PAY_LATER_NEEDS_ATTESTATION } from './pay-later';
import { fund, giveCoupon, makeOrder, orderRow, ownedCommunity, payer } from './payment.test-helpers';
import { catalog, payLater, post, ready, t, usePaymentContext } from './payment-calls.test-helpers';

/* order/ready2pay and order/payLater (context: payment-calls.test-helpers.ts); order/pay: payment.test.ts. */

usePaymentContext();

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
