import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReservation, Reservation } from '@lab/contract';
import type { TestContext } from '../../../../test/harness';
import { makeStaff } from '../../../../test/factories';
import { auditLog } from '../../../db/schema';
import { issueSession } from '../../accounts/sessions.service';
import { creditAccount, ensureAccount } from '../../funds/ledger.service';
import { orderEvents, orders, reservations } from '../orders.tables';
import { runBookingJobs } from './booking-jobs.service';
import { USE_UNPAID_MESSAGE } from './booking-use.service';
import { MONDAY, NOW, reservationCalls, reservationsSuite } from './reservations.test-helpers';

/** 标记已使用 at the lab's desk: a firm booking on its day becomes 已使用 (audited) and is no 爽约; wrong states are refused. */
let t: TestContext;
const { instrument, member, post, book } = reservationCalls(() => t);
type Person = Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await reservationsSuite();
});
afterAll(() => t.close());

const at = async (who: Person) => ({ ...who, ...(await issueSession(t.db, 'member', who.member.id, { now: t.clock.now() })) });
const lab = async () => issueSession(t.db, 'staff', (await makeStaff(t.db, 'lab', t.clock.now())).id, { now: t.clock.now() });
const use = async (rid: string, who?: { token: string }) => post<AdminReservation>('/api/admin/reservations/use', who ?? (await lab()), { rid });
const statusOf = async (rid: string) => (await t.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.rid, rid)))[0]?.status;

async function paidBooking(who: Person, rid: string, day: string, hours: number[]) {
  const booked = await book(await at(who), rid, day, hours);
  expect(booked).toMatchObject({ code: 1 });
  await t.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', who.member.id);
    await creditAccount(tx, account.id, booked.data.amountFen, 'topup', `test-topup-${booked.data.rid}`, { kind: 'system', id: null }, t.clock.now());
  });
  expect((await post('/api/auth/order/pay', await at(who), { order_no: booked.data.orderNo!, coupon_rid: 'none' })).code).toBe(1);
  return booked.data;
}

describe('POST /api/admin/reservations/use (标记已使用)', () => {
  it('marks a paid booking used on its day, audited and on the order timeline; the no-show job then leaves it alone', async () => {
    const rid = await instrument();
    const alice = await member();
    const booked = await paidBooking(alice, rid, MONDAY, [9, 10]);
    try {
      // the day before: refused, nothing changes
      expect(await use(booked.rid)).toMatchObject({ status: 409, code: 0, msg: `该预约在${MONDAY}，当天才能标记为已使用` });
      expect(await statusOf(booked.rid)).toBe('booked');

      t.clock.set('2026-03-09T01:10:00Z'); // 09:10 on the day
      const used = await use(booked.rid);
      expect(used).toMatchObject({ status: 200, code: 1, msg: '已标记为已使用' });
      expect(used.data).toMatchObject({ rid: booked.rid, status: 'used', statusText: '已使用', member: { rid: alice.member.rid } });
      const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'reservations.use'), eq(auditLog.targetKey, booked.rid)));
      expect(audit).toMatchObject({ before: expect.objectContaining({ status: 'booked' }), after: expect.objectContaining({ status: 'used' }) });
      const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, booked.orderNo!));
      const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
      expect(events.at(-1)).toMatchObject({ title: '预约已使用', actorKind: 'staff' });

      // 09:30 and later: no 爽约 for a used booking
      t.clock.set('2026-03-09T02:00:00Z');
      expect((await runBookingJobs(t.db, { sms: t.app.deps.sms, email: t.app.deps.email }, t.clock.now())).noShows).not.toContain(booked.rid);
      expect(await statusOf(booked.rid)).toBe('used');
      // the member sees it used
      const mine = await post<{ list: Reservation[] }>('/api/auth/reservation/list4person', await at(alice), {});
      expect(mine.data.list.find((r) => r.rid === booked.rid)).toMatchObject({ status: 'used', statusText: '已使用' });
      // twice: refused
      expect(await use(booked.rid)).toMatchObject({ status: 409, msg: '该预约当前为「已使用」，不能标记为已使用' });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('refuses an unpaid hold, a no-show, a cancelled booking and an unknown one, changing nothing; sales may not mark', async () => {
    const rid = await instrument();
    const alice = await member();
    const hold = await book(await at(alice), rid, MONDAY, [13]);
    const noShow = await paidBooking(alice, rid, MONDAY, [9]);
    const cancelled = await paidBooking(alice, rid, MONDAY, [16]);
    expect((await post('/api/auth/reservation/cancel', await at(alice), { rid: cancelled.rid })).code).toBe(1);
    try {
      t.clock.set('2026-03-09T01:40:00Z'); // 09:40: the 09:00 booking is a no-show
      expect((await runBookingJobs(t.db, { sms: t.app.deps.sms, email: t.app.deps.email }, t.clock.now())).noShows).toContain(noShow.rid);
      const token = await lab();
      expect(await use(noShow.rid, token)).toMatchObject({ status: 409, code: 0, msg: '该预约当前为「爽约」，不能标记为已使用' });
      expect(await use(cancelled.rid, token)).toMatchObject({ status: 409, msg: '该预约当前为「已取消」，不能标记为已使用' });
      // the hold booked on Saturday lapsed long ago: released
      expect(await use(hold.data.rid, token)).toMatchObject({ status: 409, msg: '该预约当前为「已释放」，不能标记为已使用' });
      expect(await use('no-such-booking', token)).toMatchObject({ status: 404 });
      expect(await statusOf(noShow.rid)).toBe('no_show');
      const sales = await issueSession(t.db, 'staff', (await makeStaff(t.db, 'sales', t.clock.now())).id, { now: t.clock.now() });
      expect((await use(noShow.rid, sales)).status).toBe(403);
      // a refusal writes no audit row
      const audited = await t.db.select({ key: auditLog.targetKey }).from(auditLog).where(eq(auditLog.action, 'reservations.use'));
      expect(audited.map((a) => a.key)).not.toEqual(expect.arrayContaining([noShow.rid]));
      expect(audited.map((a) => a.key)).not.toEqual(expect.arrayContaining([cancelled.rid]));
    } finally {
      t.clock.set(NOW);
    }
  });

  it('refuses an unpaid hold still live on its day', async () => {
    const rid = await instrument();
    const alice = await member();
    const hold = await book(await at(alice), rid, MONDAY, [14]);
    expect(hold).toMatchObject({ code: 1 });
    // a hold that lasts into the day (a long hold set by the lab)
    await t.db.update(reservations).set({ holdUntil: new Date('2026-03-09T04:00:00Z') }).where(eq(reservations.rid, hold.data.rid));
    t.clock.set('2026-03-09T01:10:00Z');
    try {
      expect(await use(hold.data.rid)).toMatchObject({ status: 409, code: 0, msg: USE_UNPAID_MESSAGE });
      expect(await statusOf(hold.data.rid)).toBe('booked');
    } finally {
      t.clock.set(NOW);
    }
  });
});
