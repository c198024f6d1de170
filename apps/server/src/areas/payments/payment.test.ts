import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BALANCE_TOO_LOW_MESSAGE } from '@lab/contract';
import { testDbKind } from '../../../test/harness';
import { outbox } from '../../db/schema';
import { ledgerEntries } from '../funds/funds.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { orderEvents } from '../orders/orders.tables';
import { orderPaymentReference } from '../orders/cancel-core';
import { ALREADY_PAID } from './payment.service';
import { balance, couponRow, entriesOf, fund, giveCoupon, makeOrder, orderRow, ownedCommunity, payer } from './payment.test-helpers';
import { catalog, pay, post, t, usePaymentContext } from './payment-calls.test-helpers';

usePaymentContext();

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
