import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReservation, Page, Reservation } from '@lab/contract';
import type { TestContext } from '../../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../../test/factories';
import { issueSession } from '../../accounts/sessions.service';
import { balanceOf, creditAccount, ensureAccount, payFromFunds } from '../../funds/ledger.service';
import { orders } from '../orders.tables';
import { MONDAY, NOW, reservationCalls, reservationsSuite, stateOf } from './reservations.test-helpers';
import { orderPaymentReference } from '../cancel-core';

let t: TestContext;
const { instrument, member, post, query, book, activeSlots } = reservationCalls(() => t);
const cancel = (who: { token: string }, rid: string) => post<Reservation>('/api/auth/reservation/cancel', who, { rid });

beforeAll(async () => {
  t = await reservationsSuite();
});
afterAll(() => t.close());

describe('POST /api/auth/reservation/cancel', () => {
  it('cancels its own booking and its order, freeing the hours for another member', async () => {
    const rid = await instrument();
    const alice = await member();
    const bob = await member();
    const booked = await book(alice, rid, MONDAY, [9, 10]);
    const res = await cancel(alice, booked.data.rid);
    expect(res).toMatchObject({ status: 200, code: 1, msg: '预约已取消' });
    expect(res.data).toMatchObject({ rid: booked.data.rid, status: 'cancelled', statusText: '已取消', orderNo: booked.data.orderNo });
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, booked.data.orderNo!));
    expect(order!.progress).toBe('cancelled');
    expect(await activeSlots(rid, MONDAY)).toEqual([]);
    expect(stateOf((await query({ rid, date: MONDAY }, alice)).data)[9]).toBe('free');
    expect((await book(bob, rid, MONDAY, [9, 10])).code).toBe(1);
    expect(stateOf((await query({ rid, date: MONDAY }, bob)).data)).toMatchObject({ 9: 'mine', 10: 'mine' });
    // twice: already cancelled
    expect(await cancel(alice, booked.data.rid)).toMatchObject({ status: 409, code: 0, msg: '该预约已取消' });
  });

  it('refunds a paid booking to the member\'s funds', async () => {
    const rid = await instrument();
    const alice = await member();
    const booked = await book(alice, rid, MONDAY, [16, 17]);
    const now = t.clock.now();
    await t.db.transaction(async (tx) => {
      const account = await ensureAccount(tx, 'member', alice.member.id);
      await creditAccount(tx, account.id, 100_000, 'topup', `test-topup-${booked.data.rid}`, { kind: 'system', id: null }, now);
    });
    await payFromFunds(t.db, { ownerKind: 'member', ownerId: alice.member.id, amountFen: 60_000, reference: orderPaymentReference(booked.data.orderNo!), now });
    await t.db.update(orders).set({ payment: 'paid', paidFen: 60_000, paidFromKind: 'member', paidFromId: alice.member.id, paidAt: now }).where(eq(orders.orderNo, booked.data.orderNo!));
    expect(await balanceOf(t.db, 'member', alice.member.id)).toBe(40_000);
    expect((await cancel(alice, booked.data.rid)).code).toBe(1);
    expect(await balanceOf(t.db, 'member', alice.member.id)).toBe(100_000);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, booked.data.orderNo!));
    expect(order).toMatchObject({ progress: 'cancelled', payment: 'refunded' });
  });

  it('another member\'s booking or an unknown one → 404, and nothing changes', async () => {
    const rid = await instrument();
    const alice = await member();
    const bob = await member();
    const booked = await book(alice, rid, MONDAY, [9]);
    expect(await cancel(bob, booked.data.rid)).toMatchObject({ status: 404, code: 0, msg: '预约不存在' });
    expect(await cancel(bob, 'no-such-booking')).toMatchObject({ status: 404, msg: '预约不存在' });
    expect(await post('/api/auth/reservation/cancel', bob, {})).toMatchObject({ status: 400, msg: '[预约编号]不能为空' });
    expect(await post('/api/auth/reservation/cancel', undefined, { rid: booked.data.rid })).toMatchObject({ status: 401 });
    expect(await activeSlots(rid, MONDAY)).toEqual([9]);
  });

  it('is refused from 24 hours before the start (the default of 后台任务设置)', async () => {
    const rid = await instrument();
    const alice = await member();
    const booked = await book(alice, rid, '2026-03-10', [9]);
    // paid, so it is no hold that lapses while the clock moves on (holds.test.ts)
    await t.db.transaction(async (tx) => {
      const account = await ensureAccount(tx, 'member', alice.member.id);
      await creditAccount(tx, account.id, 30_000, 'topup', `test-topup-${booked.data.rid}`, { kind: 'system', id: null }, t.clock.now());
    });
    expect((await post('/api/auth/order/pay', alice, { order_no: booked.data.orderNo!, coupon_rid: 'none' })).code).toBe(1);
    // the access token is short-lived: log in again at each moment
    const at = async (time: string) => {
      t.clock.set(time);
      return issueSession(t.db, 'member', alice.member.id, { now: t.clock.now() });
    };
    try {
      const dayBefore = await at('2026-03-09T01:00:00Z'); // 09:00 on 03-09 in Shanghai: 24 hours before 09:00 on 03-10
      expect(await cancel(dayBefore, booked.data.rid)).toMatchObject({ status: 400, code: 0, msg: '距预约开始已不足24小时，不能取消，请联系实验室' });
      const later = await at('2026-03-12T02:00:00Z');
      expect(await cancel(later, booked.data.rid)).toMatchObject({ status: 400, msg: '距预约开始已不足24小时，不能取消，请联系实验室' });
      expect(await activeSlots(rid, '2026-03-10')).toEqual([9]);
      const justBefore = await at('2026-03-09T00:59:00Z'); // a minute earlier: still allowed
      expect((await cancel(justBefore, booked.data.rid)).code).toBe(1);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('is refused once the lab has taken the order beyond the member\'s cancellable states', async () => {
    const rid = await instrument();
    const alice = await member();
    const booked = await book(alice, rid, MONDAY, [15]);
    await t.db.update(orders).set({ progress: 'received' }).where(eq(orders.orderNo, booked.data.orderNo!));
    expect(await cancel(alice, booked.data.rid)).toMatchObject({ status: 409, code: 0, msg: '订单当前为「已收样」，不能取消预约，请联系实验室' });
    expect(await activeSlots(rid, MONDAY)).toEqual([15]);
  });
});

describe('POST /api/auth/reservation/list4person', () => {
  it('pages the member\'s own bookings newest first with time text and order number; filters by status', async () => {
    const rid = await instrument();
    const alice = await member();
    const bob = await member();
    const first = await book(alice, rid, MONDAY, [9, 10]);
    t.clock.advance(60_000);
    const second = await book(alice, rid, MONDAY, [11, 13]);
    t.clock.advance(60_000);
    const third = await book(alice, rid, '2026-03-11', [17]);
    await book(bob, rid, '2026-03-11', [9]);
    t.clock.set(NOW);
    await cancel(alice, first.data.rid);

    const all = await post<Page<Reservation>>('/api/auth/reservation/list4person', alice, {});
    expect(all).toMatchObject({ status: 200, code: 1 });
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((r) => r.rid)).toEqual([third.data.rid, second.data.rid, first.data.rid]);
    expect(all.data.list.map((r) => r.timeText)).toEqual(['17:00-18:00', '11:00-12:00、13:00-14:00', '09:00-11:00']);
    expect(all.data.list.every((r) => /^KY\d{16}$/.test(r.orderNo ?? ''))).toBe(true);

    const paged = await post<Page<Reservation>>('/api/auth/reservation/list4person', alice, { page: 2, pageSize: 2 });
    expect(paged.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.data.list.map((r) => r.rid)).toEqual([first.data.rid]);

    const cancelled = await post<Page<Reservation>>('/api/auth/reservation/list4person', alice, { status: 'cancelled' });
    expect(cancelled.data.list.map((r) => r.rid)).toEqual([first.data.rid]);
    expect(await post('/api/auth/reservation/list4person', alice, { status: 'gone' })).toMatchObject({ status: 400, code: 0 });
    expect(await post('/api/auth/reservation/list4person', alice, { pageSize: 1000 })).toMatchObject({ status: 400, msg: '[每页条数]不能超过100' });
    expect(await post('/api/auth/reservation/list4person', undefined, {})).toMatchObject({ status: 401 });
  });
});

describe('POST /api/admin/reservations/list', () => {
  it('gives lab and sales staff the day\'s live bookings with who booked; other roles and members are refused', async () => {
    const rid = await instrument();
    const other = await instrument();
    const alice = await member();
    const bob = await makeLoggedInMember(t.db, t.clock.now(), { name: null, nickname: '小王' });
    const day = '2026-03-12';
    await book(alice, rid, day, [14, 15]);
    await book(bob, rid, day, [9]);
    await book(bob, other, day, [10]);
    const gone = await book(alice, other, day, [16]);
    await cancel(alice, gone.data.rid);

    const lab = await makeStaff(t.db, 'lab', t.clock.now());
    const sales = await makeStaff(t.db, 'sales', t.clock.now());
    const res = await post<AdminReservation[]>('/api/admin/reservations/list', lab, { date: day, rid });
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect(res.data.map((r) => [r.timeText, r.member.name, r.member.phone])).toEqual([
      ['09:00-10:00', '小王', bob.member.phone],
      ['14:00-16:00', '张老师', alice.member.phone],
    ]);
    const whole = await post<AdminReservation[]>('/api/admin/reservations/list', sales, { date: day });
    expect(whole.data.filter((r) => [rid, other].includes(r.itemRid))).toHaveLength(3);
    expect(whole.data.every((r) => r.status !== 'cancelled' && r.date === day)).toBe(true);

    expect(await post('/api/admin/reservations/list', lab, {})).toMatchObject({ status: 400, msg: '[预约日期]不能为空' });
    expect(await post('/api/admin/reservations/list', lab, { date: '2026-3-12' })).toMatchObject({ status: 400, msg: '[预约日期]格式应为YYYY-MM-DD' });
    expect(await post('/api/admin/reservations/list', lab, { date: '2026-02-30' })).toMatchObject({ status: 400, msg: '[预约日期]格式不正确' });
    expect(await post('/api/admin/reservations/list', lab, { date: day, rid: 'no-such-item' })).toMatchObject({ status: 404, msg: '项目不存在' });
    const finance = await makeStaff(t.db, 'finance', t.clock.now());
    expect(await post('/api/admin/reservations/list', finance, { date: day })).toMatchObject({ status: 403, code: 0 });
    expect(await post('/api/admin/reservations/list', alice, { date: day })).toMatchObject({ status: 403, code: 0 });
    expect(await post('/api/admin/reservations/list', undefined, { date: day })).toMatchObject({ status: 401 });
  });
});
