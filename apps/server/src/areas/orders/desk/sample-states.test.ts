import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, OrderDetail, TestRecord } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { auditLog } from '../../../db/schema';
import { auditCount, lastAudit, switchableSms } from './order-desk.test-helpers';
import { attachReport, eventsOf, memberOf, messagesOf, orderRow, post, progressCalls, progressContext } from './progress.test-helpers';
import { NOT_CONFIRMED_MESSAGE, unknownSampleMessage } from './samples.service';
import { UNPAID_MESSAGE } from './progress.service';
import { orderSamples, sampleEvents } from './samples.tables';

/** 样品状态: each sample scanned through its states at the desk, the order following, the member seeing each sample. */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
const sms = switchableSms();

beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T02:00:00Z', sms });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const { order, staffCall } = progressCalls(() => ({ t, ctx }));
const move = (form: Record<string, string | undefined>, who: { token: string } = ctx.lab) => post<AdminOrderDetail>(t, '/api/admin/samples/move', who, form);
const statesOf = async (orderId: number) =>
  Object.fromEntries((await t.db.select().from(orderSamples).where(eq(orderSamples.orderId, orderId)).orderBy(asc(orderSamples.id))).map((s) => [s.code, s.state]));
const eventCount = async (orderId: number) => (await t.db.select().from(sampleEvents).where(eq(sampleEvents.orderId, orderId))).length;
const memberDetail = (token: string, orderNo: string) => post<OrderDetail>(t, '/api/auth/order/detail', { token }, { order_no: orderNo });
const advance = (minutes: number) => t.clock.advance(minutes * 60_000);

describe('samples/move: one sample through its states', () => {
  it('walks each sample 待收样 → 已收样 → 排队中 → 上机中 → 数据处理 → 已出数据 → 留样 / 退样, the order following', async () => {
    const { m, row } = await order({ progress: 'awaiting_sample' });
    const [a, b] = [`${row.orderNo}-1-1`, `${row.orderNo}-1-2`];

    // a scan: the next state; the first sample received receives the order
    const first = await move({ code: a.toLowerCase() });
    expect(first).toMatchObject({ status: 200, msg: '样品状态已更新' });
    expect(first.data.progress).toBe('received');
    expect(first.data.lines[0]!.samples.map((s) => s.stateText)).toEqual(['已收样', '待收样']);
    expect(await statesOf(row.id)).toEqual({ [a]: 'received', [b]: 'awaiting' });
    const events = await eventsOf(t, row.id);
    expect(events.at(-1)).toMatchObject({ status: 'received', title: '样品已签收', note: `样品${a}`, actorKind: 'staff' });
    expect((await messagesOf(t, m.member.id)).at(-1)?.title).toMatch(/收/);

    advance(10);
    expect((await move({ code: a })).data.lines[0]!.samples[0]!.state).toBe('queued');
    // the first sample on the instrument starts the order's testing
    advance(10);
    const running = await move({ code: a, to: 'running' });
    expect(running.data.progress).toBe('testing');
    const ranAt = t.clock.now();
    expect((await eventsOf(t, row.id)).at(-1)).toMatchObject({ status: 'testing', note: `样品${a}` });
    await move({ code: a });
    const out = await move({ code: a });
    expect(out.data.lines[0]!.samples[0]).toMatchObject({ state: 'data_out', stateText: '已出数据', stateAt: t.clock.now().toISOString() });
    // the row keeps when it ran and when its data came out (the estimates' service times read them)
    expect((await t.db.select().from(orderSamples).where(eq(orderSamples.code, a)))[0]).toMatchObject({ ranAt, dataOutAt: t.clock.now() });
    // one sample's data does not deliver an order whose other sample is still waiting
    expect(out.data.progress).toBe('testing');

    for (const to of ['received', 'queued', 'running', 'processing']) await move({ code: b, to });
    // the last sample's data delivers the order once a report is there, with the data notice
    await attachReport(t, row.id);
    const delivered = await move({ code: b, to: 'data_out' });
    expect(delivered.data.progress).toBe('delivered');
    expect((await orderRow(t, row.orderNo)).dataNotifiedAt).not.toBeNull();

    await move({ code: a, to: 'retained', note: '按约留样30天' });
    await move({ code: b, to: 'returned' });
    expect(await statesOf(row.id)).toEqual({ [a]: 'retained', [b]: 'returned' });
    expect(await move({ code: a, to: 'returned' })).toMatchObject({ status: 409, msg: `样品${a}已留样，不能再变更状态` });

    // the desk sees every move: who and when, oldest first
    const detail = await staffCall('detail', ctx.lab, { order_no: row.orderNo });
    const history = (detail.data as unknown as AdminOrderDetail).sampleEvents;
    expect(history).toHaveLength(12);
    expect(history[0]).toMatchObject({ code: a, from: 'awaiting', to: 'received', actorName: expect.any(String), at: '2026-03-02T02:00:00.000Z' });
    expect(history.find((e) => e.to === 'retained')).toMatchObject({ code: a, note: '按约留样30天' });
    // each move is audited with the sample's state before and after
    expect(await lastAudit(t)).toMatchObject({ action: 'samples.move', entity: 'sample', targetKey: b, before: { state: 'data_out' }, after: { state: 'returned' } });
  });

  it('refuses a skipped state, an unknown code and an order number, changing nothing', async () => {
    const { row } = await order({ progress: 'received' });
    const a = `${row.orderNo}-1-1`;
    await move({ code: a });
    const before = { states: await statesOf(row.id), events: await eventCount(row.id), audits: await auditCount(t) };
    // an order received before samples had states: its samples were 已收样, the scan queued this one
    expect(await statesOf(row.id)).toEqual({ [a]: 'queued', [`${row.orderNo}-1-2`]: 'received' });
    expect(await move({ code: a, to: 'processing' })).toMatchObject({
      status: 409,
      msg: `样品${a}当前为「排队中」，不能跳到「数据处理」，下一步应为「上机中」或「退样」`,
    });
    expect(await move({ code: a, to: 'queued' })).toMatchObject({ status: 409, msg: `样品${a}已是「排队中」` });
    expect(await move({ code: `${row.orderNo}-1-9` })).toMatchObject({ status: 404, msg: unknownSampleMessage(`${row.orderNo}-1-9`) });
    expect(await move({ code: 'KY2026030299999999-1-1' })).toMatchObject({ status: 404, msg: unknownSampleMessage('KY2026030299999999-1-1') });
    expect(await move({ code: row.orderNo })).toMatchObject({ status: 404, msg: unknownSampleMessage(row.orderNo) });
    expect(await move({ code: '' })).toMatchObject({ status: 400, msg: '[样品编号]不能为空' });
    expect(await move({ code: a, to: 'lost' })).toMatchObject({ status: 400, msg: '[目标状态]不正确' });
    expect({ states: await statesOf(row.id), events: await eventCount(row.id), audits: await auditCount(t) }).toEqual(before);
    expect((await orderRow(t, row.orderNo)).progress).toBe('received');
  });

  it('refuses testing an unpaid order that did not choose pay-after-test: the sample stays queued', async () => {
    const { row } = await order({ progress: 'received', payment: 'unpaid' });
    const a = `${row.orderNo}-1-1`;
    await move({ code: a });
    expect((await statesOf(row.id))[a]).toBe('queued');
    const events = await eventCount(row.id);
    expect(await move({ code: a, to: 'running' })).toMatchObject({ status: 409, msg: UNPAID_MESSAGE });
    expect((await statesOf(row.id))[a]).toBe('queued');
    expect(await eventCount(row.id)).toBe(events);
    expect((await orderRow(t, row.orderNo)).progress).toBe('received');
  });

  it('receives a sample of an unconfirmed order only with 确认并收样, which confirms and receives in one step and tells the member once', async () => {
    const { m, row } = await order({ progress: 'submitted' });
    const a = `${row.orderNo}-1-1`;
    const messages = (await messagesOf(t, m.member.id)).length;
    expect(await move({ code: a })).toMatchObject({ status: 409, msg: NOT_CONFIRMED_MESSAGE });
    expect(await eventCount(row.id)).toBe(0);
    expect((await orderRow(t, row.orderNo)).progress).toBe('submitted');
    const both = await move({ code: a, confirm: '1' });
    expect(both.data.progress).toBe('received');
    expect((await eventsOf(t, row.id)).map((e) => e.status)).toEqual(['awaiting_sample', 'received']);
    // the member is told the sample arrived, not asked to send it
    const told = (await messagesOf(t, m.member.id)).slice(messages);
    expect(told).toHaveLength(1);
    expect(told[0]!.content).not.toMatch(/寄送样品|上门取样/);
  });

  it('refuses moves on a cancelled order except returning the sample; sales cannot move samples', async () => {
    const { row } = await order({ progress: 'received', payment: 'unpaid' });
    const a = `${row.orderNo}-1-1`;
    await move({ code: a });
    await staffCall('cancel', ctx.lab, { order_no: row.orderNo, reason: '客户要求取消', refund_fen: '0' });
    expect((await orderRow(t, row.orderNo)).progress).toBe('cancelled');
    expect(await move({ code: a })).toMatchObject({ status: 409, msg: '订单已取消，样品只能退样' });
    expect((await move({ code: a, to: 'returned' })).status).toBe(200);
    expect((await move({ code: `${row.orderNo}-1-2` }, ctx.sales)).status).toBe(403);
  });
});

describe('order-level steps carry the samples along', () => {
  it('确认收样, 开始测试, 交付数据 and 安排复测 move every sample behind them, each move an event', async () => {
    const { row } = await order({ progress: 'submitted' });
    const [a, b] = [`${row.orderNo}-1-1`, `${row.orderNo}-1-2`];
    // 确认并收样 at order level too
    expect((await staffCall('receive', ctx.lab, { order_no: row.orderNo, confirm: '1' })).data.progress).toBe('received');
    expect(await statesOf(row.id)).toEqual({ [a]: 'received', [b]: 'received' });
    await move({ code: a });
    await staffCall('test', ctx.lab, { order_no: row.orderNo });
    expect(await statesOf(row.id)).toEqual({ [a]: 'queued', [b]: 'queued' });
    await move({ code: a });
    await attachReport(t, row.id);
    await staffCall('deliver', ctx.lab, { order_no: row.orderNo });
    expect(await statesOf(row.id)).toEqual({ [a]: 'data_out', [b]: 'data_out' });
    // a carried delivery marks the data's time too; only the sample that ran has a service time
    const times = await t.db.select().from(orderSamples).where(eq(orderSamples.orderId, row.id)).orderBy(asc(orderSamples.id));
    expect(times.map((s) => [s.ranAt !== null, s.dataOutAt?.getTime()])).toEqual([
      [true, t.clock.now().getTime()],
      [false, t.clock.now().getTime()],
    ]);
    await staffCall('retest', ctx.lab, { order_no: row.orderNo });
    expect(await statesOf(row.id)).toEqual({ [a]: 'queued', [b]: 'queued' });
    const carried = await t.db.select().from(sampleEvents).where(and(eq(sampleEvents.orderId, row.id), eq(sampleEvents.note, '随订单签收')));
    expect(carried.map((e) => [e.fromState, e.toState])).toEqual([
      ['awaiting', 'received'],
      ['awaiting', 'received'],
    ]);
  });
});

describe("the member's order page", () => {
  it("shows each sample's state of the member's own order, and another member's order answers 404", async () => {
    const { m, row } = await order({ progress: 'testing' });
    // an order from before samples had states reads as its progress says
    const legacy = await memberDetail(m.token, row.orderNo);
    expect(legacy.data.lines[0]!.samples.map((s) => [s.code, s.stateText, s.stateAt])).toEqual([
      [`${row.orderNo}-1-1`, '上机中', null],
      [`${row.orderNo}-1-2`, '上机中', null],
    ]);
    advance(5);
    await move({ code: `${row.orderNo}-1-2` });
    const shown = await memberDetail(m.token, row.orderNo);
    expect(shown.data.lines[0]!.samples.map((s) => s.stateText)).toEqual(['上机中', '数据处理']);
    expect(shown.data.lines[0]!.samples[1]!.stateAt).toBe(t.clock.now().toISOString());
    const record = await post<TestRecord[]>(t, '/api/auth/order/testRecord', m, { order_no: row.orderNo });
    expect(record.data[0]!.samples.map((s) => s.status)).toEqual(['上机中', '数据处理']);
    const other = await memberOf(t);
    expect((await memberDetail(other.token, row.orderNo)).status).toBe(404);
    // the audit log has no sample moves of members
    expect(await t.db.select().from(auditLog).where(eq(auditLog.memberId, m.member.id))).toEqual([]);
  });
});
