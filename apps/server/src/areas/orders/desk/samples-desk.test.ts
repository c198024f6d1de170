import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPickup, AdminReturn, Page, PickupCalendar, RecycleRequest, ReservationWeek, Sampling } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { serviceItems } from '../../catalog/catalog.tables';
import { memberMessages } from '../../messages/member-messages.tables';
import { askReturn, auditCount, bookInstrument, bookPickup, deskOrder, HOUR, lastAudit, switchableSms } from './order-desk.test-helpers';
import { memberOf, post, progressContext } from './progress.test-helpers';

/** The sample side of the desk: 样品回寄 (returns), 上门取样 (pickups by day) and 仪器预约 (bookings by week). */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
const sms = switchableSms();
// 10:00 on Monday 2 March 2026 in Shanghai
const START = '2026-03-02T02:00:00Z';

beforeAll(async () => {
  t = await createTestContext({ now: START, sms });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);
const admin = <T>(path: string, who: { token: string } | undefined, form: Record<string, string | undefined> = {}) => post<T>(t, `/api/admin/${path}`, who, form);

describe('样品回寄: returns/list and returns/send', () => {
  it('lists requests by status and keyword with the member, the order and the 48-hour promise', async () => {
    const who = await memberOf(t, { name: '冯回寄' });
    const paid = await deskOrder(t, ctx.item, who.member.id, { progress: 'completed', set: { paidAt: ago(40 * HOUR) } });
    const older = await askReturn(t, who.member.id, { orderNo: paid.orderNo, at: ago(45 * HOUR), samples: 'TiO2 余样 2 份' });
    const newer = await askReturn(t, who.member.id, { at: ago(HOUR), samples: '未关联订单的样品' });
    const gone = await askReturn(t, who.member.id, { status: 'cancelled', at: ago(2 * HOUR) });
    const stranger = await memberOf(t, { name: '褚他人' });
    // a number of someone else's order typed into a request shows no order
    const foreign = await askReturn(t, stranger.member.id, { orderNo: paid.orderNo, at: ago(HOUR) });

    const pending = await admin<Page<AdminReturn>>('returns/list', ctx.lab, { status: 'pending', keyword: '冯回寄' });
    expect(pending.data.list.map((r) => r.rid)).toEqual([newer.rid, older.rid]);
    const first = pending.data.list[1]!;
    expect(first).toMatchObject({
      order_no: paid.orderNo,
      samples: 'TiO2 余样 2 份',
      status: 'pending',
      statusText: '待寄回',
      member: { rid: who.member.rid, name: '冯回寄', phone: who.member.phone },
      order: { progressText: '已完成', paymentText: '已支付', paidAt: ago(40 * HOUR).toISOString() },
      promise: { kind: 'return', since: ago(40 * HOUR).toISOString(), dueAt: ago(-8 * HOUR).toISOString(), state: 'pending' },
      handledAt: null,
      handledBy: null,
    });
    expect(pending.data.list[0]).toMatchObject({ order: null, promise: null });
    const oldestFirst = await admin<Page<AdminReturn>>('returns/list', ctx.sales, { status: 'pending', keyword: '冯回寄', sort: 'createdAt', order: 'ascend' });
    expect(oldestFirst.data.list.map((r) => r.rid)).toEqual([older.rid, newer.rid]);
    expect((await admin<Page<AdminReturn>>('returns/list', ctx.lab, { status: 'cancelled', keyword: '冯回寄' })).data.list.map((r) => r.rid)).toEqual([gone.rid]);
    expect((await admin<Page<AdminReturn>>('returns/list', ctx.lab, { keyword: paid.orderNo })).data.list.map((r) => r.rid).sort()).toEqual([older.rid, foreign.rid].sort());
    expect((await admin<Page<AdminReturn>>('returns/list', ctx.lab, { keyword: paid.orderNo })).data.list.find((r) => r.rid === foreign.rid)).toMatchObject({ order: null, promise: null });
    expect((await admin<Page<AdminReturn>>('returns/list', ctx.lab, { keyword: who.member.phone.slice(-5) })).data.total).toBe(3);

    expect(await admin('returns/list', ctx.lab, { status: 'lost' })).toMatchObject({ status: 400, msg: '[状态]不正确' });
    expect(await admin('returns/list', ctx.finance)).toMatchObject({ status: 403 });
  });

  it('marks a request sent with the tracking number: the member is told and the audit log has it; twice, cancelled or refused writes nothing', async () => {
    const who = await memberOf(t, { name: '蒋寄出' });
    const paid = await deskOrder(t, ctx.item, who.member.id, { progress: 'completed', set: { paidAt: ago(10 * HOUR) } });
    const asked = await askReturn(t, who.member.id, { orderNo: paid.orderNo, at: ago(5 * HOUR), samples: 'ZnO 薄膜 3 片' });
    const before = await auditCount(t);
    expect(await admin('returns/send', ctx.lab, { rid: asked.rid })).toMatchObject({ status: 400, msg: '[快递单号]不能为空' });
    expect(await admin('returns/send', ctx.lab, { rid: asked.rid, tracking_no: '顺丰 123' })).toMatchObject({ status: 400, msg: '[快递单号]格式不正确' });
    expect(await admin('returns/send', ctx.finance, { rid: asked.rid, tracking_no: 'SF1234567890' })).toMatchObject({ status: 403 });
    expect(await auditCount(t)).toBe(before);

    const sent = await admin<AdminReturn>('returns/send', ctx.lab, { rid: asked.rid, carrier: '顺丰速运', tracking_no: 'SF1234567890' });
    expect(sent).toMatchObject({
      status: 200,
      msg: '已标记寄出，并通知会员',
      data: { status: 'sent', statusText: '已寄回', trackingNo: '顺丰速运 SF1234567890', handledAt: t.clock.now().toISOString(), handledBy: '测试lab', promise: { state: 'done' } },
    });
    const [message] = await t.db.select().from(memberMessages).where(and(eq(memberMessages.memberId, who.member.id), eq(memberMessages.kind, 'sample')));
    expect(message).toMatchObject({ title: '样品已寄回', link: '/member/sample' });
    expect(message!.content).toContain('ZnO 薄膜 3 片');
    expect(message!.content).toContain('顺丰速运 SF1234567890');
    expect(sms.sent.at(-1)).toMatchObject({ phone: who.member.phone, template: 'sample_returned', params: { trackingNo: '顺丰速运 SF1234567890' } });
    const mine = await post<Page<RecycleRequest>>(t, '/api/auth/sample4recycle/list4person', who);
    expect(mine.data.list[0]).toMatchObject({ rid: asked.rid, status: 'sent', trackingNo: '顺丰速运 SF1234567890' });

    const entry = await lastAudit(t);
    expect(entry).toMatchObject({ action: 'returns.send', actionLabel: '样品寄回', entity: 'recycle', targetKey: asked.rid, staffRole: 'lab' });
    expect(entry!.before).toMatchObject({ status: 'pending', trackingNo: null });
    expect(entry!.after).toMatchObject({ status: 'sent', trackingNo: '顺丰速运 SF1234567890' });

    const count = await auditCount(t);
    expect(await admin('returns/send', ctx.sales, { rid: asked.rid, tracking_no: 'SF999999' })).toMatchObject({ status: 409, msg: '该申请已寄出，请勿重复操作' });
    const cancelled = await askReturn(t, who.member.id, { status: 'cancelled' });
    expect(await admin('returns/send', ctx.sales, { rid: cancelled.rid, tracking_no: 'SF999999' })).toMatchObject({ status: 409, msg: '该申请已取消，不能寄出' });
    expect(await admin('returns/send', ctx.sales, { rid: 'nope', tracking_no: 'SF999999' })).toMatchObject({ status: 404, msg: '回寄申请不存在' });
    expect(await auditCount(t)).toBe(count);

    // without a carrier the number stands alone; the SMS failing does not undo the sending
    sms.down = true;
    const plain = await askReturn(t, who.member.id);
    expect((await admin<AdminReturn>('returns/send', ctx.sales, { rid: plain.rid, tracking_no: 'JD0012345678' })).data).toMatchObject({ status: 'sent', trackingNo: 'JD0012345678' });
    sms.down = false;
  });
});

describe('上门取样: sampling/days, sampling/list and sampling/collect', () => {
  it('counts each day’s pickups and the earlier ones never collected; lists a day with the order each pickup is for', async () => {
    const who = await memberOf(t, { name: '沈取样' });
    const forOrder = await bookPickup(t, who.member.id, '2026-03-05', '09:00');
    const order = await deskOrder(t, ctx.item, who.member.id, { progress: 'awaiting_sample', set: { delivery: 'pickup', samplingId: forOrder.id } });
    const alone = await bookPickup(t, who.member.id, '2026-03-05', '14:00');
    await bookPickup(t, who.member.id, '2026-03-05', '10:00', 'collected');
    await bookPickup(t, who.member.id, '2026-03-05', '11:00', 'cancelled');
    await bookPickup(t, who.member.id, '2026-02-26', '09:00');
    await bookPickup(t, who.member.id, '2026-02-27', '09:00');
    await bookPickup(t, who.member.id, '2026-02-27', '14:00', 'collected');

    const calendar = await admin<PickupCalendar>('sampling/days', ctx.sales, { from: '2026-03-01', to: '2026-03-31' });
    expect(calendar).toMatchObject({ status: 200, data: { days: [{ date: '2026-03-05', pending: 2, collected: 1 }], overdue: { count: 2, first: '2026-02-26' } } });

    const day = await admin<AdminPickup[]>('sampling/list', ctx.lab, { date: '2026-03-05' });
    expect(day.data.map((p) => [p.time, p.status, p.orderNo])).toEqual([
      ['09:00', 'pending', order.orderNo],
      ['10:00', 'collected', null],
      ['11:00', 'cancelled', null],
      ['14:00', 'pending', null],
    ]);
    expect(day.data[0]).toMatchObject({ rid: forOrder.rid, member: { rid: who.member.rid, name: '沈取样' } });
    expect((await admin<AdminPickup[]>('sampling/list', ctx.lab, { date: '2026-03-05', status: 'pending' })).data.map((p) => p.rid)).toEqual([forOrder.rid, alone.rid]);

    expect(await admin('sampling/days', ctx.lab, { to: '2026-03-31' })).toMatchObject({ status: 400, msg: '[开始日期]不能为空' });
    expect(await admin('sampling/days', ctx.lab, { from: '2026-03-31', to: '2026-03-01' })).toMatchObject({ status: 400, msg: '开始日期不能晚于结束日期' });
    expect(await admin('sampling/days', ctx.lab, { from: '2026-01-01', to: '2026-03-31' })).toMatchObject({ status: 400, msg: '日期范围不能超过62天' });
    expect(await admin('sampling/days', ctx.finance, { from: '2026-03-01', to: '2026-03-31' })).toMatchObject({ status: 403 });
  });

  it('已取样 writes the audit row; a refused or repeated one writes none', async () => {
    const who = await memberOf(t);
    const pickup = await bookPickup(t, who.member.id, '2026-03-06', '09:00');
    const before = await auditCount(t);
    expect(await admin('sampling/collect', ctx.finance, { rid: pickup.rid })).toMatchObject({ status: 403 });
    expect(await auditCount(t)).toBe(before);
    const done = await admin<Sampling>('sampling/collect', ctx.sales, { rid: pickup.rid });
    expect(done).toMatchObject({ status: 200, data: { status: 'collected' } });
    const entry = await lastAudit(t);
    expect(entry).toMatchObject({ action: 'sampling.collect', actionLabel: '标记已取样', entity: 'sampling', targetKey: pickup.rid, staffRole: 'sales' });
    expect(entry!.before).toMatchObject({ status: 'pending', collectedAt: null, date: '2026-03-06', time: '09:00' });
    expect(entry!.after).toMatchObject({ status: 'collected', collectedAt: t.clock.now().toISOString() });
    const count = await auditCount(t);
    expect(await admin('sampling/collect', ctx.sales, { rid: pickup.rid })).toMatchObject({ status: 409 });
    expect(await auditCount(t)).toBe(count);
  });
});

describe('仪器预约: reservations/week', () => {
  it('gives Monday to Sunday of the week, the instruments as rows and the week’s live bookings with who booked', async () => {
    const instruments = await t.db.select().from(serviceItems).where(eq(serviceItems.reservable, true));
    expect(instruments.length).toBeGreaterThan(0);
    const sem = instruments[0]!;
    const who = await memberOf(t, { name: '韩上机' });
    const tuesday = await bookInstrument(t, who.member.id, sem.id, '2026-03-10', [9, 10]);
    const saturday = await bookInstrument(t, who.member.id, sem.id, '2026-03-14', [14]);
    await bookInstrument(t, who.member.id, sem.id, '2026-03-11', [9], 'cancelled');
    await bookInstrument(t, who.member.id, sem.id, '2026-03-16', [9]);

    const week = await admin<ReservationWeek>('reservations/week', ctx.lab, { date: '2026-03-12' });
    expect(week.status).toBe(200);
    expect(week.data.days).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15']);
    expect(week.data.instruments.map((i) => i.rid).sort()).toEqual(instruments.filter((i) => i.published).map((i) => i.rid).sort());
    const mine = week.data.bookings.filter((b) => b.member.name === '韩上机');
    expect(mine.map((b) => [b.rid, b.date, b.timeText, b.itemRid])).toEqual([
      [tuesday.rid, '2026-03-10', '09:00-11:00', sem.rid],
      [saturday.rid, '2026-03-14', '14:00-15:00', sem.rid],
    ]);
    // a Sunday belongs to the week that started the Monday before
    expect((await admin<ReservationWeek>('reservations/week', ctx.sales, { date: '2026-03-15' })).data.days[0]).toBe('2026-03-09');
    const one = await admin<ReservationWeek>('reservations/week', ctx.sales, { date: '2026-03-09', rid: sem.rid });
    expect(one.data.instruments.map((i) => i.rid)).toEqual([sem.rid]);

    expect(await admin('reservations/week', ctx.lab, {})).toMatchObject({ status: 400, msg: '[日期]不能为空' });
    expect(await admin('reservations/week', ctx.lab, { date: '2026-02-30' })).toMatchObject({ status: 400, msg: '[日期]不是有效日期' });
    expect(await admin('reservations/week', ctx.lab, { date: '2026-03-09', rid: 'nope' })).toMatchObject({ status: 404, msg: '项目不存在' });
    expect(await admin('reservations/week', ctx.finance, { date: '2026-03-09' })).toMatchObject({ status: 403 });
  });
});
