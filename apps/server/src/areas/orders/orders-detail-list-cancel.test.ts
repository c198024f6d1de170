import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { OrderDetail, OrderSummary, OrderedItem, Page } from '@lab/contract';
import { queryRows } from '../../db/client';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { randomId } from '../../platform/crypto';
import { outbox } from '../../platform/platform.tables';
import { balanceOf } from '../funds/ledger.service';
import { communities } from '../member/member.tables';
import { listAddresses } from '../member/test-helpers';
import { orderFiles, orders } from './orders.tables';
import { reservationSlots } from './reservations/reservations.tables';
import { fundMember, makeBuyer, makeItem, makeOrder, orderCalls, payOrderFromFunds, planOf, sample, type Buyer } from './test-helpers';

/** The member's orders after placing: the detail, the cancel (and its refund), the lists and the ordered items. */

// Monday 2026-03-02 10:00 in Shanghai
const NOW = '2026-03-02T02:00:00Z';
const TOMORROW = '2026-03-03';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: NOW });
});
afterAll(() => t.close());

const { post, addOrder, detail, listOrders } = orderCalls(() => t);

describe('order/detail', () => {
  it('answers the owner and 404 for another member or an unknown number', async () => {
    const buyer = await makeBuyer(t);
    const other = await makeBuyer(t);
    const order = await makeOrder(t, buyer);
    expect(await detail(buyer, order.orderNo)).toMatchObject({ status: 200, code: 1, data: { orderNo: order.orderNo, lineCount: 1 } });
    expect(await detail(other, order.orderNo)).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await detail(buyer, 'KY2026030200000000')).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await detail(buyer, '')).toMatchObject({ status: 400, msg: '[订单编号]不能为空' });
    expect(await post('/api/auth/order/detail', undefined, { order_no: order.orderNo })).toMatchObject({ status: 401 });
  });
});

describe('order/detail parts', () => {
  it('shows report files, the evaluation, the dispute and a community payer', async () => {
    const buyer = await makeBuyer(t);
    const order = await makeOrder(t, buyer);
    const [row] = await t.db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
    const [community] = await t.db.insert(communities).values({ rid: randomId(), name: '催化课题组', unit: '复旦大学', ownerMemberId: buyer.member.id }).returning();
    await t.db.insert(orderFiles).values([
      { rid: randomId(), orderId: row!.id, kind: 'report', name: 'XRD报告.pdf', storedName: 'a.pdf', type: 'pdf', size: 1234 },
      { rid: randomId(), orderId: row!.id, kind: 'protocol', name: '协议.pdf', storedName: 'b.pdf', type: 'pdf', size: 99 },
    ]);
    const at = new Date('2026-03-05T02:00:00Z');
    // reports stay hidden from the member until the lab delivers the data
    expect((await detail(buyer, order.orderNo)).data.reports).toEqual([]);
    await t.db
      .update(orders)
      .set({ progress: 'delivered', deliveredAt: at, payment: 'paid', paidFromKind: 'community', paidFromId: community!.id, evaluationScore: 5, evaluationContent: '很快', evaluatedAt: at, disputeReason: '峰位偏移', disputedAt: at })
      .where(eq(orders.id, row!.id));
    const { data } = await detail(buyer, order.orderNo);
    expect(data.reports).toEqual([{ id: expect.any(String), name: 'XRD报告.pdf', size: 1234, uploadedAt: expect.any(String) }]);
    expect(data.paidFrom).toEqual({ kind: 'community', name: '催化课题组' });
    expect(data.evaluation).toEqual({ score: 5, content: '很快', createdAt: at.toISOString() });
    expect(data.dispute).toEqual({ reason: '峰位偏移', createdAt: at.toISOString(), resolved: false });
  });
});

describe('order/cancel', () => {
  const cancel = (who: { token: string }, orderNo: string, reason?: string) => post('/api/auth/order/cancel', who, { order_no: orderNo, reason });

  it('cancels an unpaid order before the sample is received, freeing the pickup and the booked hours', async () => {
    const buyer = await makeBuyer(t);
    const [address] = await listAddresses(t, buyer.token);
    const instrument = await makeItem(t.db, { reservable: true, options: [] });
    await call(t.app, 'POST', '/api/auth/tempDevice/addForReservation', { token: buyer.token, form: { rid: instrument.rid, date: TOMORROW, hours: '[13]' } });
    const [line] = (await planOf(t, buyer.token)).dataArr.flatMap((g) => g.items);
    const placed = await addOrder(buyer, { lines: JSON.stringify([{ id: line!.id, samples: [] }]), delivery: 'pickup', address_rid: address!.address_rid, date: TOMORROW, time: '09:00', agree: 1 });
    expect(placed.code).toBe(1);
    const res = await cancel(buyer, placed.data.orderNo, '样品未准备好');
    expect(res).toMatchObject({ status: 200, code: 1, msg: '订单已取消', data: { progress: 'cancelled', progressText: '已取消', payment: 'unpaid', actions: { cancel: false, pay: false } } });
    expect(res.data.events.map((e) => e.title)).toEqual(['订单已提交', '订单已取消']);
    expect(res.data.events[1]).toMatchObject({ note: '样品未准备好', actor: 'member' });
    expect(res.data.pickup!.status).toBe('已取消');
    expect(res.data.lines[0]!.reservation!.status).toBe('cancelled');
    const slots = await t.db.select().from(reservationSlots).where(eq(reservationSlots.itemId, instrument.id));
    expect(slots.every((s) => !s.active)).toBe(true);
  });

  it('refunds a paid order to the member’s funds', async () => {
    const buyer = await makeBuyer(t);
    await fundMember(t.db, buyer.member.id, 50000, t.clock.now());
    const order = await makeOrder(t, buyer);
    await payOrderFromFunds(t.db, buyer.member.id, order.orderNo, t.clock.now());
    expect(await balanceOf(t.db, 'member', buyer.member.id)).toBe(40000);
    const paid = await detail(buyer, order.orderNo);
    expect(paid.data).toMatchObject({ payment: 'paid', paidFrom: { kind: 'member', name: '王老师' } });
    const res = await cancel(buyer, order.orderNo);
    expect(res.data).toMatchObject({ progress: 'cancelled', payment: 'refunded', paymentText: '已退款' });
    expect(res.data.events.map((e) => e.status)).toEqual(['submitted', 'cancelled', 'refunded']);
    expect(await balanceOf(t.db, 'member', buyer.member.id)).toBe(50000);
    // a second cancel is refused and refunds nothing more
    expect(await cancel(buyer, order.orderNo)).toMatchObject({ status: 409, msg: '订单当前为「已取消」，不能取消' });
    expect(await balanceOf(t.db, 'member', buyer.member.id)).toBe(50000);
  });

  it('refuses once the sample is received (409 naming the state), and another member’s order (404)', async () => {
    const buyer = await makeBuyer(t);
    const other = await makeBuyer(t);
    const order = await makeOrder(t, buyer);
    expect(await cancel(other, order.orderNo)).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await cancel(buyer, '')).toMatchObject({ status: 400 });
    await t.db.update(orders).set({ progress: 'awaiting_sample' }).where(eq(orders.orderNo, order.orderNo));
    const awaiting = await makeOrder(t, buyer);
    await t.db.update(orders).set({ progress: 'awaiting_sample' }).where(eq(orders.orderNo, awaiting.orderNo));
    expect((await cancel(buyer, awaiting.orderNo)).code).toBe(1);
    for (const [progress, label] of [
      ['received', '已收样'],
      ['testing', '测试中'],
      ['delivered', '已出数据'],
      ['completed', '已完成'],
    ] as const) {
      await t.db.update(orders).set({ progress }).where(eq(orders.orderNo, order.orderNo));
      expect(await cancel(buyer, order.orderNo)).toMatchObject({ status: 409, msg: `订单当前为「${label}」，不能取消` });
    }
  });

  it('sends an SMS notice after the cancel', async () => {
    const buyer = await makeBuyer(t);
    const order = await makeOrder(t, buyer);
    expect((await cancel(buyer, order.orderNo)).code).toBe(1);
    const sent = await t.db.select().from(outbox).where(eq(outbox.recipient, buyer.member.phone));
    expect(sent.some((m) => m.template === 'order_cancelled' && m.body.includes(order.orderNo))).toBe(true);
  });
});

describe('order/list4person', () => {
  let buyer: Buyer;
  const numbers: Record<string, string> = {};
  beforeAll(async () => {
    buyer = await makeBuyer(t);
    const other = await makeBuyer(t);
    await makeOrder(t, other, await makeItem(t.db, { name: '别人的项目' }));
    // four orders on four days, newest last
    const days = ['2026-02-26T03:00:00Z', '2026-02-27T16:30:00Z', '2026-02-28T03:00:00Z', '2026-03-01T03:00:00Z'];
    const names = ['X射线衍射', '扫描电镜', '透射电镜', '核磁共振'];
    for (let i = 0; i < days.length; i += 1) {
      t.clock.set(new Date(days[i]!));
      numbers[names[i]!] = (await makeOrder(t, buyer, await makeItem(t.db, { name: names[i] }))).orderNo;
    }
    t.clock.set(new Date(NOW));
    // 扫描电镜 cancelled, 透射电镜 pay-later, 核磁共振 paid
    await t.db.update(orders).set({ progress: 'cancelled' }).where(eq(orders.orderNo, numbers['扫描电镜']!));
    await t.db.update(orders).set({ payLater: true, progress: 'testing' }).where(eq(orders.orderNo, numbers['透射电镜']!));
    await t.db.update(orders).set({ payment: 'paid' }).where(eq(orders.orderNo, numbers['核磁共振']!));
  });
  const titles = (page: Page<OrderSummary>) => page.list.map((o) => o.title);

  it('lists the member’s own orders newest first, paged', async () => {
    const all = await listOrders(buyer);
    expect(all).toMatchObject({ status: 200, code: 1, data: { total: 4, page: 1, pageSize: 20 } });
    expect(titles(all.data)).toEqual(['核磁共振', '透射电镜', '扫描电镜', 'X射线衍射']);
    const second = await listOrders(buyer, { page: 2, pageSize: 3 });
    expect(titles(second.data)).toEqual(['X射线衍射']);
    expect(second.data.total).toBe(4);
  });

  it('filters by tab', async () => {
    expect(titles((await listOrders(buyer, { tab: 'cancelled' })).data)).toEqual(['扫描电镜']);
    expect(titles((await listOrders(buyer, { tab: 'submitted' })).data)).toEqual(['核磁共振', 'X射线衍射']);
    expect(titles((await listOrders(buyer, { tab: 'testing' })).data)).toEqual(['透射电镜']);
    expect(titles((await listOrders(buyer, { tab: 'unpaid' })).data)).toEqual(['X射线衍射']);
    expect(titles((await listOrders(buyer, { tab: 'unsettled' })).data)).toEqual(['透射电镜']);
    expect(titles((await listOrders(buyer, { tab: '' })).data)).toHaveLength(4);
    expect(await listOrders(buyer, { tab: 'lost' })).toMatchObject({ status: 400, msg: '[订单状态]不正确' });
  });

  it('filters by exact number, project name and Shanghai dates', async () => {
    expect(titles((await listOrders(buyer, { order_no: numbers['透射电镜'] })).data)).toEqual(['透射电镜']);
    expect((await listOrders(buyer, { order_no: numbers['透射电镜']!.slice(0, 12) })).data.total).toBe(0);
    expect(titles((await listOrders(buyer, { keyword: '电镜' })).data)).toEqual(['透射电镜', '扫描电镜']);
    expect((await listOrders(buyer, { keyword: '%' })).data.total).toBe(0);
    expect((await listOrders(buyer, { keyword: '别人' })).data.total).toBe(0);
    // 扫描电镜 was placed 2026-02-27T16:30Z, which is 2026-02-28 00:30 in Shanghai
    expect(titles((await listOrders(buyer, { from: '2026-02-28', to: '2026-02-28' })).data)).toEqual(['透射电镜', '扫描电镜']);
    expect((await listOrders(buyer, { from: '2026-02-27', to: '2026-02-27' })).data.total).toBe(0);
    expect(titles((await listOrders(buyer, { from: '2026-02-28' })).data)).toEqual(['核磁共振', '透射电镜', '扫描电镜']);
    expect(titles((await listOrders(buyer, { to: '2026-02-26' })).data)).toEqual(['X射线衍射']);
    expect(await listOrders(buyer, { from: '2026-03-01', to: '2026-02-01' })).toMatchObject({ status: 400, msg: '开始日期不能晚于结束日期' });
    expect(await listOrders(buyer, { from: '2026/03/01' })).toMatchObject({ status: 400, msg: '[开始日期]格式应为YYYY-MM-DD' });
  });

  it('shows every order as its detail does, field for field, and a cursor to the microsecond', async () => {
    // the list reads its page as one JSON value, the detail reads a row: every column of a
    // summary set, timestamps with microseconds, a title JSON must escape
    const member = await makeBuyer(t);
    const item = await makeItem(t.db, { name: '列表字段' });
    const placed = [];
    for (let i = 0; i < 4; i += 1) {
      t.clock.set(new Date(Date.parse(NOW) - (4 - i) * 3_600_000));
      placed.push((await makeOrder(t, member, item)).orderNo);
    }
    t.clock.set(new Date(NOW));
    // newest first: a, b, c on the first page of three, then the plain one
    const [plain, c, b, a] = placed as [string, string, string, string];
    await t.db.execute(sql`update orders set created_at = created_at + interval '0.999999 seconds', kind = 'reservation', delivery = 'pickup',
      title = ${'引号" 反斜杠\\ 换行\n 制表\t </script> 🧪 \u0001'}, progress = 'delivered', payment = 'paid', discount_fen = 1500,
      paid_at = ${NOW}::timestamptz - interval '3 days 0.000001 seconds', delivered_at = ${NOW}::timestamptz - interval '2 days' + interval '0.999999 seconds'
      where order_no = ${a}`);
    await t.db.execute(sql`update orders set progress = 'delivered', pay_later = true, payment = 'unsettled', delivered_at = ${NOW}::timestamptz - interval '1 day',
      disputed_at = ${NOW}::timestamptz - interval '0.5 day' where order_no = ${b}`);
    await t.db.execute(sql`update orders set progress = 'completed', evaluation_score = 4, delivered_at = ${NOW}::timestamptz - interval '30 days',
      disputed_at = ${NOW}::timestamptz - interval '20 days', dispute_resolved = true where order_no = ${c}`);

    const page = await listOrders(member, { pageSize: 3 });
    expect(page.data.list.map((o) => o.orderNo)).toEqual([a, b, c]);
    for (const summary of page.data.list) {
      const { data: full } = await detail(member, summary.orderNo);
      expect(Object.keys(summary)).toEqual(['orderNo', 'kind', 'progress', 'progressText', 'payment', 'paymentText', 'title', 'lineCount', 'sampleCount', 'totalFen', 'discountFen', 'payableFen', 'payLater', 'projectNo', 'delivery', 'createdAt', 'paidAt', 'actions']);
      expect(summary).toEqual(Object.fromEntries(Object.keys(summary).map((key) => [key, full[key as keyof OrderDetail]])));
    }
    const listed = Object.fromEntries(page.data.list.map((o) => [o.orderNo, o]));
    expect(listed[a]).toMatchObject({ kind: 'reservation', delivery: 'pickup', title: '引号" 反斜杠\\ 换行\n 制表\t </script> 🧪 \u0001', discountFen: 1500, paidAt: '2026-02-27T01:59:59.999Z' });
    expect(listed[a]!.actions).toMatchObject({ dispute: true, confirmData: true });
    expect(listed[b]!.actions).toMatchObject({ pay: true, dispute: false, confirmData: false });
    expect(listed[c]!.actions).toMatchObject({ evaluate: false, dispute: false });

    // the cursor carries the last order's time to the microsecond, which a Date would have cut
    const [last] = await queryRows<{ at: string; id: number }>(t.db, sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from orders where order_no = ${c}`);
    expect(Buffer.from(page.data.cursor!, 'base64url').toString()).toBe(`${last!.at}|${last!.id}|4`);
    const next = await listOrders(member, { pageSize: 3, cursor: page.data.cursor! });
    expect(next.data.list.map((o) => o.orderNo)).toEqual([plain]);
    expect(next.data.cursor).toBeNull();
  });
});

describe('order/history4user', () => {
  it('groups the ordered items with times and samples, cancelled orders left out', async () => {
    const buyer = await makeBuyer(t);
    const other = await makeBuyer(t);
    const xrd = await makeItem(t.db, { name: 'XRD' });
    const sem = await makeItem(t.db, { name: 'SEM' });
    await makeOrder(t, buyer, xrd, { samples: [sample('a', 2)] });
    t.clock.advance(60_000);
    await makeOrder(t, buyer, xrd, { samples: [sample('b', 1)] });
    t.clock.advance(60_000);
    await makeOrder(t, buyer, sem);
    const cancelled = await makeOrder(t, buyer, await makeItem(t.db, { name: '取消的' }));
    await t.db.update(orders).set({ progress: 'cancelled' }).where(eq(orders.orderNo, cancelled.orderNo));
    await makeOrder(t, other, xrd);
    t.clock.set(new Date(NOW));
    const res = await post<Page<OrderedItem>>('/api/auth/order/history4user', buyer, {});
    expect(res).toMatchObject({ status: 200, code: 1, data: { total: 2 } });
    expect(res.data.list).toEqual([
      expect.objectContaining({ rid: sem.rid, name: 'SEM', times: 1, samples: 1, unit: expect.any(String) }),
      expect.objectContaining({ rid: xrd.rid, name: 'XRD', times: 2, samples: 3 }),
    ]);
    expect(await post('/api/auth/order/history4user', buyer, { pageSize: 0 })).toMatchObject({ status: 400 });
    expect((await post<Page<OrderedItem>>('/api/auth/order/history4user', buyer, { pageSize: 1, page: 2 })).data.list.map((i) => i.name)).toEqual(['XRD']);
  });
});
