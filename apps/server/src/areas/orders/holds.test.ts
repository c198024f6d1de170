import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_EXPIRED_MESSAGE, holdCapMessage, type DeviceTime, type OrderDetail, type Page, type Reservation, type ReservationHolds, type ReservationSettings } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { auditLog } from '../../db/schema';
import { issueSession } from '../accounts/sessions.service';
import { seedCatalog } from '../catalog/catalog.seed';
import { createServiceItems } from '../catalog/catalog.service';
import { randomId } from '../../platform/crypto';
import { creditAccount, ensureAccount } from '../funds/ledger.service';
import { memberAddresses } from '../member/member.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { orders } from './orders.tables';
import { reservationSettings } from './reservations/reservations.tables';
import { releaseExpiredHolds } from './holds.service';

/**
 * Holds (issue 16, hole 6: "instrument time can be hoarded" — a new account with no funds booked
 * every SEM slot for 12 days). An unpaid booking holds its hours for a while (default 2 h) and
 * then counts as released everywhere; a member holds at most so many unpaid hours (default 8);
 * staff see the holds and can let one go. No job runs here: the clock is moved past the hold.
 */

const NOW = '2026-03-07T02:00:00Z'; // Saturday 10:00 in Shanghai
const MONDAY = '2026-03-09';
const TUESDAY = '2026-03-10';
const WEDNESDAY = '2026-03-11';
const HOUR = 3_600_000;
const ALL_DAY = [9, 10, 11, 13, 14, 15, 16, 17];

let t: TestContext;
let lab: { id: number; token: string };
let sales: { id: number; token: string };
beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  await seedCatalog(t.db);
  lab = await makeStaff(t.db, 'lab', t.clock.now());
  sales = await makeStaff(t.db, 'sales', t.clock.now());
});
afterEach(async () => {
  t.clock.set(NOW);
  await t.db.delete(reservationSettings);
});
afterAll(() => t.close());

async function instrument(): Promise<string> {
  const [rid] = await createServiceItems(t.db, [
    {
      typeId: 2,
      groupId: 41,
      childId: 4101,
      name: `场发射扫描电镜 SEM 机时-${Math.random().toString(36).slice(2, 8)}`,
      img: '/upload/img/devices/sem.svg',
      sketch: '',
      description: '<p>自主上机</p>',
      model: 'Hitachi SU8010',
      priceFen: 450_00,
      unit: '小时',
      sampleRequirements: '',
      turnaround: '',
      labLocation: '上海 · 张江实验室 B 栋 2 楼',
      reservable: true,
    },
  ]);
  return rid!;
}

type Who = { token: string; member: { id: number; phone: string } };
const member = () => makeLoggedInMember(t.db, t.clock.now(), { name: '囤机时' }) as Promise<Who>;
/** a token issued now (the clock moves past a token's two hours in these tests) */
const again = async <W extends { id: number } | { member: { id: number } }>(who: W, kind: 'member' | 'staff' = 'member') => ({
  ...who,
  token: (await issueSession(t.db, kind, 'member' in who ? who.member.id : who.id, { now: t.clock.now() })).token,
});
const post = <T = unknown>(url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
const book = (who: { token: string }, rid: string, date: string, hours: number[]) => post<Reservation>('/api/auth/reservation/add', who, { rid, date, hours: JSON.stringify(hours) });
const slots = async (rid: string, date: string, who?: { token: string }) =>
  Object.fromEntries((await post<DeviceTime>('/api/open/device/query4timeExtra', who, { rid, date })).data.slots.map((s) => [s.hour, s.state]));
const fund = async (memberId: number, amountFen: number) =>
  t.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', memberId);
    await creditAccount(tx, account.id, amountFen, 'topup', `test-topup-${memberId}-${amountFen}-${Math.random()}`, { kind: 'system', id: null }, t.clock.now());
  });
const orderOf = async (orderNo: string) => (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;

describe('the cap on unpaid hours', () => {
  it('a new account with no funds cannot hoard: past 8 unpaid hours a booking is refused, with the cap named', async () => {
    const sem = await instrument();
    const hoarder = await member();
    expect((await book(hoarder, sem, MONDAY, ALL_DAY)).code).toBe(1);
    const refused = await book(hoarder, sem, TUESDAY, [9]);
    expect(refused).toMatchObject({ status: 409, code: 0, msg: holdCapMessage(8, 8) });
    expect(refused.msg).toBe('未支付的预约最多可保留8小时，您已有8小时待支付，请先支付或取消已有预约后再预约');
    expect((await slots(sem, TUESDAY))[9]).toBe('free');
    // through the experiment plan too: on-site lines placed as an order count against the same cap
    await t.db.insert(memberAddresses).values({ rid: randomId(), memberId: hoarder.member.id, name: '囤机时', phone: hoarder.member.phone, province: '上海市', city: '上海市', area: '徐汇区', addressCode: '310104', address: '漕溪北路1号', isDefault: true });
    expect((await post('/api/auth/tempDevice/addForReservation', hoarder, { rid: sem, date: WEDNESDAY, hours: '[9,10]' })).code).toBe(1);
    const plan = await post<{ dataArr: { items: { id: string; rid: string }[] }[] }>('/api/auth/tempDevice/list', hoarder);
    const line = plan.data.dataArr.flatMap((g) => g.items).find((i) => i.rid === sem)!;
    const viaPlan = await post('/api/auth/order/add', hoarder, { lines: JSON.stringify([{ id: line.id, samples: [] }]), delivery: 'self', agree: 1 });
    expect(viaPlan).toMatchObject({ status: 409, msg: holdCapMessage(8, 8) });

    // another member is not held by it
    expect((await book(await member(), sem, TUESDAY, [9, 10])).code).toBe(1);
  });

  it('two bookings at once cannot both slip under the cap', async () => {
    const sem = await instrument();
    const who = await member();
    const results = await Promise.all([book(who, sem, MONDAY, [9, 10, 11, 13, 14]), book(who, sem, TUESDAY, [9, 10, 11, 13, 14])]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(results.find((r) => r.code === 0)).toMatchObject({ status: 409, msg: holdCapMessage(8, 5) });
  });

  it('paid hours are not holds: paying frees the cap and the booking stays after the hold time', async () => {
    const sem = await instrument();
    const who = await member();
    await fund(who.member.id, 10_000_00);
    const first = await book(who, sem, MONDAY, ALL_DAY);
    expect(first.data.holdUntil).toBe(new Date(t.clock.now().getTime() + 2 * HOUR).toISOString());
    t.clock.advance(HOUR);
    expect((await post('/api/auth/order/pay', who, { order_no: first.data.orderNo!, coupon_rid: 'none' })).code).toBe(1);
    expect((await book(who, sem, TUESDAY, [9, 10])).code).toBe(1);
    t.clock.advance(3 * HOUR);
    const fresh = await again(who);
    expect(Object.values(await slots(sem, MONDAY, fresh))).toEqual(ALL_DAY.map(() => 'mine'));
    const list = await post<Page<Reservation>>('/api/auth/reservation/list4person', fresh, { page: 1, pageSize: 10 });
    expect(list.data.list.map((r) => [r.date, r.status, r.holdUntil])).toEqual([
      [TUESDAY, 'released', null],
      [MONDAY, 'booked', null],
    ]);
  });
});

describe('an unpaid hold lapses', () => {
  it('after 2 h: the hours are free again, the member sees 已释放, the cap counts it no more, and paying it is refused', async () => {
    const sem = await instrument();
    const hoarder = await member();
    const booked = await book(hoarder, sem, MONDAY, [9, 10]);
    expect(booked.data).toMatchObject({ status: 'booked', holdUntil: '2026-03-07T04:00:00.000Z' });
    const [message] = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, hoarder.member.id)).orderBy(desc(memberMessages.id)).limit(1);
    expect(message!.content).toContain('请在2026-03-07 12:00前完成支付，逾期未支付时段将自动释放');
    expect((await slots(sem, MONDAY))[9]).toBe('taken');

    t.clock.advance(2 * HOUR);
    // the moment the hold ends, before anything touched it: free for everyone, released for the member
    const me = await again(hoarder);
    expect(await slots(sem, MONDAY, me)).toMatchObject({ 9: 'free', 10: 'free' });
    const mine = await post<Page<Reservation>>('/api/auth/reservation/list4person', me, { page: 1, pageSize: 10, status: 'released' });
    expect(mine.data.list).toEqual([expect.objectContaining({ rid: booked.data.rid, status: 'released', statusText: '已释放', holdUntil: null })]);
    expect((await post<Page<Reservation>>('/api/auth/reservation/list4person', me, { page: 1, pageSize: 10, status: 'booked' })).data.total).toBe(0);

    // paying it now: refused, and the booking and its order are brought up to date
    await fund(hoarder.member.id, 1000_00);
    expect(await post('/api/auth/order/pay', me, { order_no: booked.data.orderNo!, coupon_rid: 'none' })).toMatchObject({ status: 409, msg: HOLD_EXPIRED_MESSAGE });
    expect(await post('/api/auth/order/payLater', me, { order_no: booked.data.orderNo! })).toMatchObject({ status: 409 });
    const order = await orderOf(booked.data.orderNo!);
    expect(order).toMatchObject({ progress: 'cancelled', payment: 'unpaid', cancelReason: '预约保留时间已过，未支付，时段已释放' });
    const detail = await post<OrderDetail>('/api/auth/order/detail', me, { order_no: booked.data.orderNo! });
    expect(detail.data.events.at(-1)).toMatchObject({ status: 'cancelled', actor: 'system' });
    const [told] = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, hoarder.member.id)).orderBy(desc(memberMessages.id)).limit(1);
    expect(told!.content).toContain('系统已自动取消您的订单');

    // the cap no longer counts it: eight hours can be held again
    expect((await book(me, sem, TUESDAY, ALL_DAY)).code).toBe(1);
  });

  it('another member can book the lapsed hours at once (the booking releases them first), and a job can release every lapsed hold with one call', async () => {
    const sem = await instrument();
    const hoarder = await member();
    const first = await book(hoarder, sem, MONDAY, [13, 14, 15]);
    const second = await book(hoarder, sem, TUESDAY, [13]);
    t.clock.advance(2 * HOUR + 1000);
    const other = await again(await member());
    const taken = await book(other, sem, MONDAY, [14]);
    expect(taken).toMatchObject({ code: 1, data: { status: 'booked' } });
    expect((await orderOf(first.data.orderNo!)).progress).toBe('cancelled');
    // the other lapsed hold was not touched yet: what a scheduled job would call tidies it
    expect((await orderOf(second.data.orderNo!)).progress).toBe('submitted');
    const released = await t.db.transaction((tx) => releaseExpiredHolds(tx, t.clock.now()));
    expect(released).toContain((await orderOf(second.data.orderNo!)).id);
    expect((await orderOf(second.data.orderNo!)).progress).toBe('cancelled');
    expect(await t.db.transaction((tx) => releaseExpiredHolds(tx, t.clock.now()))).toEqual([]);
  });
});

describe('staff and holds', () => {
  it('see the current holds (who, instrument, hours, amount, until when) and release one; the release is audited', async () => {
    const sem = await instrument();
    const hoarder = await member();
    const held = await book(hoarder, sem, MONDAY, [9, 10, 11]);
    const list = await post<ReservationHolds>('/api/admin/reservations/holds', sales);
    expect(list.data.settings).toEqual({ holdMinutes: 120, capHours: 8 });
    expect(list.data.holds.find((h) => h.rid === held.data.rid)).toMatchObject({
      member: { phone: hoarder.member.phone, name: '囤机时' },
      date: MONDAY,
      timeText: '09:00-12:00',
      amountFen: 3 * 450_00,
      orderNo: held.data.orderNo,
      holdUntil: '2026-03-07T04:00:00.000Z',
    });
    expect((await post('/api/admin/reservations/holds', hoarder)).status).toBe(403);

    const released = await post<Reservation>('/api/admin/reservations/release', lab, { rid: held.data.rid, reason: '同一账号囤积机时' });
    expect(released).toMatchObject({ status: 200, code: 1, msg: '已释放该预约，时段已开放', data: { status: 'released', statusText: '已释放' } });
    expect((await slots(sem, MONDAY))[9]).toBe('free');
    expect(await orderOf(held.data.orderNo!)).toMatchObject({ progress: 'cancelled', cancelReason: '实验室释放未支付的预约：同一账号囤积机时' });
    expect((await post<ReservationHolds>('/api/admin/reservations/holds', sales)).data.holds.some((h) => h.rid === held.data.rid)).toBe(false);
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'reservations.release'), eq(auditLog.targetKey, held.data.rid)));
    expect(row).toMatchObject({ staffId: lab.id, entity: 'reservation', before: expect.objectContaining({ status: 'booked' }), after: expect.objectContaining({ status: 'released', progress: 'cancelled' }) });

    // twice, or a paid booking: nothing to release
    expect(await post('/api/admin/reservations/release', lab, { rid: held.data.rid })).toMatchObject({ status: 409, msg: '该预约已释放，无需释放' });
    const payer = await member();
    await fund(payer.member.id, 1000_00);
    const paid = await book(payer, sem, TUESDAY, [9]);
    expect((await post('/api/auth/order/pay', payer, { order_no: paid.data.orderNo!, coupon_rid: 'none' })).code).toBe(1);
    expect(await post('/api/admin/reservations/release', lab, { rid: paid.data.rid })).toMatchObject({ status: 409, msg: '该预约已支付或已转为测试后结算，不是待支付的保留' });
    expect(await post('/api/admin/reservations/release', lab, { rid: 'nope' })).toMatchObject({ status: 404 });
  });

  it('change the hold and the cap in the back office (lab); bookings already made keep their hold', async () => {
    const sem = await instrument();
    const who = await member();
    const before = await book(who, sem, MONDAY, [9]);
    expect(await post('/api/admin/reservations/settings', lab, { hold_minutes: 5, cap_hours: 2 })).toMatchObject({ status: 400, msg: '[保留时长（分钟）]不能小于10' });
    expect((await post('/api/admin/reservations/settings', sales, { hold_minutes: 30, cap_hours: 2 })).status).toBe(403);
    const saved = await post<ReservationSettings>('/api/admin/reservations/settings', lab, { hold_minutes: 30, cap_hours: 2 });
    expect(saved).toMatchObject({ code: 1, msg: '预约规则已保存', data: { holdMinutes: 30, capHours: 2 } });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'reservations.settings'));
    expect(row).toMatchObject({ before: null, after: { holdMinutes: 30, capHours: 2 } });

    expect(await book(who, sem, MONDAY, [10, 11])).toMatchObject({ status: 409, msg: holdCapMessage(2, 1) });
    const after = await book(who, sem, MONDAY, [10]);
    expect(after.data.holdUntil).toBe(new Date(t.clock.now().getTime() + 30 * 60_000).toISOString());
    t.clock.advance(31 * 60_000);
    const fresh = await again(who);
    expect(await slots(sem, MONDAY, fresh)).toMatchObject({ 9: 'mine', 10: 'free' });
    expect(before.data.holdUntil).toBe('2026-03-07T04:00:00.000Z');
  });
});
