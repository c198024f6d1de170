import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueBoard } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { auditLog } from '../../../db/schema';
import { auditCount } from './order-desk.test-helpers';
import { memberOf, post, progressCalls, progressContext } from './progress.test-helpers';

/** 排队看板: the queue per instrument in order, reordering with a reason (audited), capacity and closed days kept by the admin. */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T02:00:00Z' });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const { order, staffCall } = progressCalls(() => ({ t, ctx }));
const queue = (path: string, who: { token: string }, form: Record<string, string | undefined> = {}) => post<QueueBoard>(t, `/api/admin/queue/${path}`, who, form);
const codes = (board: { data: QueueBoard }) => board.data.current?.samples.map((s) => s.code) ?? [];

/** Two orders received and started: their four samples queued on the item, the first order's first. */
async function fourQueued() {
  const first = await order({ progress: 'received' }, await memberOf(t, { name: '甲老师' }));
  const second = await order({ progress: 'received' }, await memberOf(t, { name: '乙老师' }));
  await staffCall('test', ctx.lab, { order_no: first.row.orderNo });
  t.clock.advance(60_000);
  await staffCall('test', ctx.lab, { order_no: second.row.orderNo });
  return [first.row.orderNo, second.row.orderNo].flatMap((no) => [`${no}-1-1`, `${no}-1-2`]);
}

describe('排队看板', () => {
  it('shows the queue in the order samples entered it, with who they belong to; a reorder needs a reason and is audited', async () => {
    const all = await fourQueued();
    const board = await queue('board', ctx.sales, { item_rid: ctx.item.rid });
    expect(board.status).toBe(200);
    expect(codes(board)).toEqual(all);
    expect(board.data.current).toMatchObject({ rid: ctx.item.rid, name: ctx.item.name, queued: 4, capacityPerDay: 8 });
    expect(board.data.current!.samples[2]).toMatchObject({ position: 3, memberName: '乙老师', name: '样品A1' });

    const before = await auditCount(t);
    expect(await queue('reorder', ctx.lab, { code: all[2], direction: 'up' })).toMatchObject({ status: 400, msg: '请填写调整原因' });
    expect(await queue('reorder', ctx.lab, { code: all[2], direction: 'up', reason: '   ' })).toMatchObject({ status: 400, msg: '请填写调整原因' });
    expect(await queue('reorder', ctx.lab, { code: all[0], direction: 'up', reason: '加急' })).toMatchObject({ status: 409, msg: `样品${all[0]}已在队首` });
    expect(await queue('reorder', ctx.lab, { code: all[3], direction: 'down', reason: '加急' })).toMatchObject({ status: 409, msg: `样品${all[3]}已在队尾` });
    expect(await queue('reorder', ctx.sales, { code: all[2], direction: 'up', reason: '加急' })).toMatchObject({ status: 403 });
    expect(await auditCount(t)).toBe(before);
    expect(codes(await queue('board', ctx.lab, { item_rid: ctx.item.rid }))).toEqual(all);

    const moved = await queue('reorder', ctx.lab, { code: all[2], direction: 'up', reason: '客户加急，已补差价' });
    expect(moved).toMatchObject({ status: 200, msg: '排队顺序已调整' });
    expect(codes(moved)).toEqual([all[0], all[2], all[1], all[3]]);
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'queue.reorder'), eq(auditLog.targetKey, all[2]!))).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ entity: 'sample', input: { code: all[2], direction: 'up', reason: '客户加急，已补差价' }, before: { queuePos: 3 }, after: { queuePos: 2 } });
    // twice down brings it to the end; a sample leaving the queue leaves the board
    await queue('reorder', ctx.lab, { code: all[2], direction: 'down', reason: '客户改期' });
    expect(codes(await queue('reorder', ctx.lab, { code: all[2], direction: 'down', reason: '客户改期' }))).toEqual([all[0], all[1], all[3], all[2]]);
    await post(t, '/api/admin/samples/move', ctx.lab, { code: all[0] });
    expect(codes(await queue('board', ctx.lab, { item_rid: ctx.item.rid }))).toEqual([all[1], all[3], all[2]]);
    // a sample not in the queue cannot be reordered
    expect(await queue('reorder', ctx.lab, { code: all[0], direction: 'down', reason: '加急' })).toMatchObject({ status: 409, msg: `样品${all[0]}当前为「上机中」，不在排队中` });
    expect(await queue('reorder', ctx.lab, { code: 'KY202603029999-1-1', direction: 'down', reason: '加急' })).toMatchObject({ status: 404 });
  });

  it('keeps capacity and closed days (admin only, audited), refusing past days, twice the same day and bad input', async () => {
    const capacity = await queue('capacity', ctx.admin, { item_rid: ctx.item.rid, capacity_per_day: '12' });
    expect(capacity.data.current).toMatchObject({ rid: ctx.item.rid, capacityPerDay: 12 });
    expect(await queue('capacity', ctx.lab, { item_rid: ctx.item.rid, capacity_per_day: '12' })).toMatchObject({ status: 403 });
    expect(await queue('capacity', ctx.admin, { item_rid: ctx.item.rid, capacity_per_day: '0' })).toMatchObject({ status: 400, msg: '[每日可测样品数]不能小于1' });
    expect(await queue('capacity', ctx.admin, { item_rid: 'nope', capacity_per_day: '5' })).toMatchObject({ status: 404, msg: '仪器不存在' });

    const holiday = await queue('closeDay', ctx.admin, { day: '2026-04-06', kind: 'holiday', note: '清明节' });
    expect(holiday.status).toBe(200);
    const maintenance = await queue('closeDay', ctx.admin, { item_rid: ctx.item.rid, day: '2026-03-04', kind: 'maintenance', note: '更换X光管' });
    expect(maintenance.data.current!.closedDays).toEqual([
      { id: expect.any(Number), day: '2026-03-04', kind: 'maintenance', note: '更换X光管', all: false },
      { id: expect.any(Number), day: '2026-04-06', kind: 'holiday', note: '清明节', all: true },
    ]);
    expect(await queue('closeDay', ctx.admin, { item_rid: ctx.item.rid, day: '2026-03-04', kind: 'holiday' })).toMatchObject({ status: 409, msg: '2026-03-04已设为停机日' });
    expect(await queue('closeDay', ctx.admin, { day: '2026-04-06', kind: 'holiday' })).toMatchObject({ status: 409 });
    expect(await queue('closeDay', ctx.admin, { day: '2026-03-01', kind: 'holiday' })).toMatchObject({ status: 400, msg: '[日期]不能早于今天' });
    expect(await queue('closeDay', ctx.admin, { day: '2026-03-10', kind: '' })).toMatchObject({ status: 400, msg: '[类型]不能为空' });
    const [audited] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'queue.closeDay')).orderBy(desc(auditLog.id)).limit(1);
    expect(audited).toMatchObject({ entity: 'instrumentCalendar', targetKey: ctx.item.rid, after: { capacityPerDay: 12, closedDays: ['2026-03-04 maintenance 更换X光管'] } });

    const id = maintenance.data.current!.closedDays[0]!.id;
    const opened = await queue('openDay', ctx.admin, { id: String(id) });
    expect(opened.data.current!.closedDays.map((d) => d.day)).toEqual(['2026-04-06']);
    expect(await queue('openDay', ctx.admin, { id: String(id) })).toMatchObject({ status: 404, msg: '停机日不存在' });
  });
});
