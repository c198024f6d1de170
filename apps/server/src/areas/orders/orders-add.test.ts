import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SLOT_TAKEN_MESSAGE, type MemberUserInfo, type OrderDetail } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { serviceItems } from '../catalog/catalog.tables';
import { couponTemplates, memberCoupons } from '../funds/funds.tables';
import { samplings } from './pickups/pickups.tables';
import { listAddresses } from '../member/test-helpers';
import { orders, planLines, reservations } from './orders.tables';
import { contracts } from './requirements.tables';
import { reservationSlots } from './reservations/reservations.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { NO_ADDRESS_MESSAGE } from './orders.service';
import { PLAN_LINE_MISSING_MESSAGE } from './plan.service';
import { bookSlots } from './reservation-core';
import { makeBuyer, makeItem, makePlanLine, orderCalls, planOf, sample } from './test-helpers';

/** Placing an order (order/add): prices, samples, the agreement, pickups, booked hours, refusals, races. */

// Monday 2026-03-02 10:00 in Shanghai
const NOW = '2026-03-02T02:00:00Z';
const TOMORROW = '2026-03-03';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: NOW });
});
afterAll(() => t.close());

const { post, addOrder, detail, linesJson, orderCount } = orderCalls(() => t);

describe('order/add', () => {
  it('places an order from plan lines at catalogue prices; a client price is ignored; the lines leave the plan', async () => {
    const buyer = await makeBuyer(t);
    const xrd = await makeItem(t.db, { name: 'X射线衍射（XRD）', priceFen: 12000 });
    const sem = await makeItem(t.db, { name: '扫描电镜（SEM）', priceFen: 30000, groupId: 5 });
    const keep = await makeItem(t.db, { name: '留在计划中的项目' });
    const a = await makePlanLine(t.db, buyer.member.id, xrd, { choices: { '1': 12 }, count: 1 });
    const b = await makePlanLine(t.db, buyer.member.id, sem, { count: 1 });
    await makePlanLine(t.db, buyer.member.id, keep);
    const lines = [
      { id: a.rid, samples: [sample('粉末1', 2), { ...sample('薄膜', 1), form: 'film', magnetic: true, returnWanted: true, hazards: '易燃' }], note: '尽快', unitPriceFen: 1, amountFen: 1 },
      { id: b.rid, samples: [sample('块体', 1)], price: 1 },
    ];
    const res = await addOrder(buyer, { lines: JSON.stringify(lines), delivery: 'self', agree: 1, totalFen: 1, price: 1, payableFen: 1, remark: '请出PDF报告', invoice_type: 1 });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '订单已提交' });
    const order = res.data;
    expect(order.orderNo).toMatch(/^KY20260302\d{8}$/);
    expect(order).toMatchObject({
      kind: 'test',
      progress: 'submitted',
      progressText: '待确认',
      payment: 'unpaid',
      paymentText: '待支付',
      title: 'X射线衍射（XRD）、扫描电镜（SEM）',
      lineCount: 2,
      sampleCount: 4,
      // XRD 3 samples × (120 + 50), SEM 1 × 300
      totalFen: 3 * 17000 + 30000,
      discountFen: 0,
      payableFen: 81000,
      delivery: 'self',
      contact: '王老师',
      phone: buyer.member.phone,
      remark: '请出PDF报告',
      invoiceType: 1,
      pickup: null,
      paidFrom: { kind: 'none', name: '' },
      coupon: null,
      labAddress: '上海市徐汇区测试路1号 样品室 收',
      actions: { pay: true, cancel: true, confirmData: false, dispute: false, evaluate: false },
    });
    expect(order.lines[0]).toMatchObject({ rid: xrd.rid, name: xrd.name, count: 3, unitPriceFen: 17000, amountFen: 51000, note: '尽快', reservation: null });
    expect(order.lines[0]!.samples.map((s) => s.code)).toEqual([`${order.orderNo}-1-1`, `${order.orderNo}-1-2`]);
    expect(order.lines[0]!.samples[1]).toMatchObject({ name: '薄膜', form: 'film', magnetic: true, returnWanted: true, hazards: '易燃' });
    expect(order.lines[1]!.samples[0]!.code).toBe(`${order.orderNo}-2-1`);
    expect(order.events).toEqual([expect.objectContaining({ status: 'submitted', title: '订单已提交', actor: 'member', actorName: '王老师' })]);
    // the ordered lines left the plan, the other one stayed
    const plan = await planOf(t, buyer.token);
    expect(plan.dataArr.flatMap((g) => g.items).map((l) => l.rid)).toEqual([keep.rid]);
    expect((await post<MemberUserInfo>('/api/auth/user/info', buyer)).data.cartNum).toBe(1);
    // the agreement to sign and the in-site message
    const [agreement] = await t.db.select().from(contracts).where(eq(contracts.memberId, buyer.member.id));
    expect(agreement).toMatchObject({ kind: 'agreement', status: 'to_sign', title: `委托检测服务协议（${order.orderNo}）` });
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, buyer.member.id));
    expect(messages.map((m) => m.title)).toContain(`订单${order.orderNo}已提交`);
    // the price it was ordered at stays when the catalogue changes
    await t.db.update(serviceItems).set({ priceFen: 99900 }).where(eq(serviceItems.id, sem.id));
    expect((await detail(buyer, order.orderNo)).data.totalFen).toBe(81000);
  });

  it('accepts a JSON body and defaults contact and phone from the member', async () => {
    const buyer = await makeBuyer(t);
    const line = await makePlanLine(t.db, buyer.member.id, await makeItem(t.db));
    const res = await call<OrderDetail>(t.app, 'POST', '/api/auth/order/add', {
      token: buyer.token,
      json: { lines: [{ id: line.rid, samples: [sample()] }], delivery: 'self', agree: true, contact: '实验员小李', phone: '13912345678' },
    });
    expect(res).toMatchObject({ code: 1, data: { contact: '实验员小李', phone: '13912345678', totalFen: 10000 } });
  });

  it('tells the member the amount written as the site writes money (¥1,780.00, not ¥1780.00)', async () => {
    const buyer = await makeBuyer(t);
    const line = await makePlanLine(t.db, buyer.member.id, await makeItem(t.db, { priceFen: 178_000 }));
    const res = await call<OrderDetail>(t.app, 'POST', '/api/auth/order/add', { token: buyer.token, json: { lines: [{ id: line.rid, samples: [sample()] }], delivery: 'self', agree: true } });
    expect(res).toMatchObject({ code: 1, data: { totalFen: 178_000 } });
    const [told] = await t.db.select().from(memberMessages).where(and(eq(memberMessages.memberId, buyer.member.id), eq(memberMessages.title, `订单${res.data.orderNo}已提交`)));
    expect(told!.content).toContain('金额¥1,780.00。');
  });

  it('refuses bad input, leaving the plan and the orders as they were', async () => {
    const buyer = await makeBuyer(t);
    const other = await makeBuyer(t);
    const item = await makeItem(t.db, { name: '拉曼光谱' });
    const line = await makePlanLine(t.db, buyer.member.id, item);
    const theirs = await makePlanLine(t.db, other.member.id, item);
    const good = { lines: linesJson([{ id: line.rid }]), delivery: 'self', agree: 1 };
    expect(await post('/api/auth/order/add', undefined, good)).toMatchObject({ status: 401 });
    expect(await addOrder(buyer, { ...good, agree: undefined })).toMatchObject({ status: 400, msg: '请阅读并同意《委托检测服务协议》' });
    expect(await addOrder(buyer, { ...good, agree: 0 })).toMatchObject({ status: 400, msg: '请阅读并同意《委托检测服务协议》' });
    expect(await addOrder(buyer, { ...good, lines: '[]' })).toMatchObject({ status: 400, msg: '请选择要下单的项目' });
    expect(await addOrder(buyer, { ...good, lines: undefined })).toMatchObject({ status: 400, msg: '请选择要下单的项目' });
    expect(await addOrder(buyer, { ...good, lines: '[{' })).toMatchObject({ status: 400, msg: '[订单项目]格式不正确' });
    expect(await addOrder(buyer, { ...good, delivery: 'drone' })).toMatchObject({ status: 400, msg: '[送样方式]不正确' });
    expect(await addOrder(buyer, { ...good, delivery: 'pickup' })).toMatchObject({ status: 400, msg: '[取样地址]不能为空' });
    expect(await addOrder(buyer, { ...good, phone: '123' })).toMatchObject({ status: 400, msg: '[联系电话]格式不正确' });
    expect(await addOrder(buyer, { ...good, lines: linesJson([{ id: line.rid, samples: [{ ...sample(), form: 'plasma' }] }]) })).toMatchObject({ status: 400, msg: '[样品形态]不正确' });
    expect(await addOrder(buyer, { ...good, lines: linesJson([{ id: line.rid, samples: [{ ...sample(), name: '' }] }]) })).toMatchObject({ status: 400, msg: '[样品名称]不能为空' });
    expect(await addOrder(buyer, { ...good, lines: linesJson([{ id: line.rid, samples: [] }]) })).toMatchObject({ status: 400, msg: '请填写「拉曼光谱」的样品信息' });
    expect(await addOrder(buyer, { ...good, lines: linesJson([{ id: line.rid }, { id: line.rid }]) })).toMatchObject({ status: 400, msg: '同一项目不能重复提交' });
    // another member's plan line reads as not in the plan
    expect(await addOrder(buyer, { ...good, lines: linesJson([{ id: theirs.rid }]) })).toMatchObject({ status: 404, msg: PLAN_LINE_MISSING_MESSAGE });
    expect(await addOrder(buyer, { ...good, lines: linesJson([{ id: line.rid }, { id: 'nope' }]) })).toMatchObject({ status: 404, msg: PLAN_LINE_MISSING_MESSAGE });
    expect(await addOrder(buyer, { ...good, invoice_type: 9 })).toMatchObject({ status: 400 });
    expect(await addOrder(buyer, { ...good, invoice_title_rid: 'nope' })).toMatchObject({ status: 404, msg: '发票抬头不存在' });
    expect(await addOrder(buyer, { ...good, coupon_rid: 'nope' })).toMatchObject({ status: 404, msg: '优惠券不存在' });
    expect(await orderCount(buyer.member.id)).toBe(0);
    expect((await planOf(t, buyer.token)).count).toBe(1);
    expect((await planOf(t, other.token)).count).toBe(1);
  });

  it('refuses a member without an address (basic information incomplete)', async () => {
    const bare = await makeLoggedInMember(t.db, t.clock.now());
    const line = await makePlanLine(t.db, bare.member.id, await makeItem(t.db));
    expect(await addOrder(bare, { lines: linesJson([{ id: line.rid }]), delivery: 'self', agree: 1 })).toMatchObject({ status: 409, msg: NO_ADDRESS_MESSAGE });
  });

  it('refuses a line whose item was withdrawn or whose option no longer exists', async () => {
    const buyer = await makeBuyer(t);
    const item = await makeItem(t.db, { name: '原子力显微镜' });
    const line = await makePlanLine(t.db, buyer.member.id, item);
    await t.db.update(serviceItems).set({ published: false }).where(eq(serviceItems.id, item.id));
    expect(await addOrder(buyer, { lines: linesJson([{ id: line.rid }]), delivery: 'self', agree: 1 })).toMatchObject({
      status: 409,
      msg: '「原子力显微镜」已下架，请从实验计划中移除后再下单',
    });
    await t.db.update(serviceItems).set({ published: true, options: [{ id: 3, name: '针尖', choices: [{ id: 31, label: '硅', priceFen: 0 }] }] }).where(eq(serviceItems.id, item.id));
    expect(await addOrder(buyer, { lines: linesJson([{ id: line.rid }]), delivery: 'self', agree: 1 })).toMatchObject({ status: 400, msg: '所选测试选项已失效，请重新选择' });
    expect(await orderCount(buyer.member.id)).toBe(0);
  });

  it('saves the member’s own unused coupon and the organisation', async () => {
    const buyer = await makeBuyer(t, { organization: 2 });
    const other = await makeBuyer(t);
    const [template] = await t.db.insert(couponTemplates).values({ rid: randomId(), name: '新客立减50元', amountFen: 5000 }).returning();
    const coupon = async (memberId: number, status: 'unused' | 'used' = 'unused') =>
      (
        await t.db
          .insert(memberCoupons)
          .values({ rid: randomId(), templateId: template!.id, memberId, status, validFrom: new Date('2026-01-01'), validTo: new Date('2026-12-31') })
          .returning()
      )[0]!;
    const mine = await coupon(buyer.member.id);
    const used = await coupon(buyer.member.id, 'used');
    const theirs = await coupon(other.member.id);
    const line = await makePlanLine(t.db, buyer.member.id, await makeItem(t.db));
    const form = { lines: linesJson([{ id: line.rid }]), delivery: 'self', agree: 1 };
    // another member's coupon is not found; the member's own spent one is a conflict
    expect(await addOrder(buyer, { ...form, coupon_rid: theirs.rid })).toMatchObject({ status: 404, msg: '优惠券不存在' });
    expect(await addOrder(buyer, { ...form, coupon_rid: used.rid })).toMatchObject({ status: 409, msg: '优惠券已使用或已过期' });
    const res = await addOrder(buyer, { ...form, coupon_rid: mine.rid });
    expect(res.data.coupon).toEqual({ rid: mine.rid, name: '新客立减50元', discountFen: 0 });
    const [row] = await t.db.select().from(orders).where(eq(orders.orderNo, res.data.orderNo));
    expect(row).toMatchObject({ couponRid: mine.rid, organization: 2 });
  });

  it('books the home pickup in the same transaction', async () => {
    const buyer = await makeBuyer(t);
    const [address] = await listAddresses(t, buyer.token);
    const line = await makePlanLine(t.db, buyer.member.id, await makeItem(t.db));
    const form = { lines: linesJson([{ id: line.rid }]), delivery: 'pickup', agree: 1, address_rid: address!.address_rid, date: TOMORROW, time: '14:00' };
    // a Sunday cannot be booked: nothing is placed
    expect(await addOrder(buyer, { ...form, date: '2026-03-08' })).toMatchObject({ status: 400, msg: '该日期暂不提供上门取样，请选择其他日期' });
    expect(await addOrder(buyer, { ...form, address_rid: 'nope' })).toMatchObject({ status: 404 });
    expect(await orderCount(buyer.member.id)).toBe(0);
    const res = await addOrder(buyer, form);
    expect(res).toMatchObject({ code: 1, data: { delivery: 'pickup', pickup: { date: TOMORROW, time: '14:00', status: '待取样' } } });
    const rows = await t.db.select().from(samplings).where(eq(samplings.memberId, buyer.member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', pickupDate: TOMORROW, timeSlot: '14:00', message: `订单${res.data.orderNo}取样` });
  });

  it('books the hours of an on-site line; a taken hour refuses the whole order (409)', async () => {
    const buyer = await makeBuyer(t);
    const rival = await makeBuyer(t);
    const instrument = await makeItem(t.db, { reservable: true, priceFen: 40000, options: [] });
    const test = await makeItem(t.db);
    const free = await call(t.app, 'POST', '/api/auth/tempDevice/addForReservation', { token: buyer.token, form: { rid: instrument.rid, date: TOMORROW, hours: '[9,10]' } });
    expect(free.code).toBe(1);
    const plan = await planOf(t, buyer.token);
    const onSite = plan.dataArr.flatMap((g) => g.items).find((l) => l.rid === instrument.rid)!;
    const testLine = await makePlanLine(t.db, buyer.member.id, test);
    // someone books 10:00 in between: placing the order fails and changes nothing
    const rivalBooking = await t.db.transaction((tx) =>
      bookSlots(tx, { memberId: rival.member.id, itemId: instrument.id, day: TOMORROW, hours: [10], amountFen: 40000, orderId: null, note: '', holdUntil: null, now: t.clock.now() }),
    );
    const form = { lines: JSON.stringify([{ id: onSite.id, samples: [] }, { id: testLine.rid, samples: [sample()] }]), delivery: 'self', agree: 1 };
    expect(await addOrder(buyer, form)).toMatchObject({ status: 409, msg: SLOT_TAKEN_MESSAGE });
    expect(await orderCount(buyer.member.id)).toBe(0);
    expect((await planOf(t, buyer.token)).count).toBe(2);
    // the hour is freed: now it books
    await t.db.update(reservationSlots).set({ active: false }).where(eq(reservationSlots.reservationId, rivalBooking.id));
    const res = await addOrder(buyer, form);
    expect(res.code).toBe(1);
    expect(res.data.totalFen).toBe(2 * 40000 + 10000);
    expect(res.data.lines[0]).toMatchObject({ rid: instrument.rid, count: 2, amountFen: 80000, reservation: { date: TOMORROW, hours: [9, 10], status: 'booked' } });
    expect(res.data.lines[1]!.reservation).toBeNull();
    const [booking] = await t.db.select().from(reservations).where(and(eq(reservations.memberId, buyer.member.id), eq(reservations.itemId, instrument.id)));
    expect(booking).toMatchObject({ status: 'booked', amountFen: 80000 });
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, res.data.orderNo));
    expect(booking!.orderId).toBe(order!.id);
  });

  it('places the same plan lines once when two requests race', async () => {
    const buyer = await makeBuyer(t);
    const line = await makePlanLine(t.db, buyer.member.id, await makeItem(t.db));
    const form = { lines: linesJson([{ id: line.rid }]), delivery: 'self', agree: 1 };
    const results = await Promise.all([addOrder(buyer, form), addOrder(buyer, form), addOrder(buyer, form)]);
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 404).map((r) => r.msg)).toEqual([PLAN_LINE_MISSING_MESSAGE, PLAN_LINE_MISSING_MESSAGE]);
    expect(await orderCount(buyer.member.id)).toBe(1);
  });
});

describe('plan lines stay with their owner', () => {
  it('an order never takes another member’s plan line', async () => {
    const buyer = await makeBuyer(t);
    const other = await makeBuyer(t);
    const theirs = await makePlanLine(t.db, other.member.id, await makeItem(t.db));
    await addOrder(buyer, { lines: linesJson([{ id: theirs.rid }]), delivery: 'self', agree: 1 });
    const [row] = await t.db.select().from(planLines).where(eq(planLines.id, theirs.id));
    expect(row).toBeDefined();
  });
});
