import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { serviceItems } from '../../catalog/catalog.tables';
import { makeOrder, memberOf, post, progressCalls, progressContext } from './progress.test-helpers';
import { nthWorkingDay } from './queue-estimate';
import { ensureSampleRows } from './sample-moves';
import { orderSamples, sampleEvents } from './samples.tables';

/** 预计出数据: the samples ahead, capacity, service times (or the default) and the calendar, as the member sees them. */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
const DAY = 86_400_000;

beforeAll(async () => {
  // 10:00 on Monday 2 March 2026 in Shanghai
  t = await createTestContext({ now: '2026-03-02T02:00:00Z' });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const { order, staffCall } = progressCalls(() => ({ t, ctx }));
const detailOf = (token: string, orderNo: string) => post<OrderDetail>(t, '/api/auth/order/detail', { token }, { order_no: orderNo });
const estimateOf = (detail: { data: OrderDetail }, code: string) => detail.data.lines.flatMap((l) => l.samples).find((s) => s.code === code)!.estimate;

describe('nthWorkingDay', () => {
  it('skips Sundays and closed days', () => {
    expect(nthWorkingDay('2026-03-06', 1, new Set())).toBe('2026-03-07');
    expect(nthWorkingDay('2026-03-07', 1, new Set())).toBe('2026-03-09');
    expect(nthWorkingDay('2026-03-02', 3, new Set(['2026-03-04']))).toBe('2026-03-06');
  });
});

describe('the estimate of a queued sample', () => {
  it('without history: the default service time after the queue ahead at the daily capacity, across a weekend and closed days, recomputed after a reorder', async () => {
    await post(t, '/api/admin/queue/capacity', ctx.admin, { item_rid: ctx.item.rid, capacity_per_day: '1', default_min_days: '2', default_max_days: '6' });
    const other = await memberOf(t, { name: '别家老师' });
    const first = await order({ progress: 'received' }, other);
    const mine = await order({ progress: 'received' });
    await staffCall('test', ctx.lab, { order_no: first.row.orderNo });
    await staffCall('test', ctx.lab, { order_no: mine.row.orderNo });
    const code = `${mine.row.orderNo}-1-1`;

    const shown = await detailOf(mine.m.token, mine.row.orderNo);
    // two samples ahead at one a day: it runs on the third working day, then 2–6 days of service
    expect(estimateOf(shown, code)).toEqual({ ahead: 2, minDays: 4, maxDays: 8, fromDay: '2026-03-06', toDay: '2026-03-11', basis: 'default', computedAt: t.clock.now().toISOString() });
    expect(estimateOf(shown, `${mine.row.orderNo}-1-2`)).toMatchObject({ ahead: 3, minDays: 5, maxDays: 9 });
    // the member's answer says how many are ahead, and nothing of whose they are
    const text = JSON.stringify(shown.data);
    for (const secret of [first.row.orderNo, '别家老师', other.member.phone]) expect(text).not.toContain(secret);

    // a holiday for every instrument and a maintenance day of this one push the days, not the count
    await post(t, '/api/admin/queue/closeDay', ctx.admin, { day: '2026-03-04', kind: 'holiday', note: '调休' });
    await post(t, '/api/admin/queue/closeDay', ctx.admin, { item_rid: ctx.item.rid, day: '2026-03-10', kind: 'maintenance' });
    expect(estimateOf(await detailOf(mine.m.token, mine.row.orderNo), code)).toMatchObject({ minDays: 4, maxDays: 8, fromDay: '2026-03-07', toDay: '2026-03-13' });

    // moved up one place: one fewer ahead, a day sooner
    t.clock.advance(60_000);
    await post(t, '/api/admin/queue/reorder', ctx.lab, { code, direction: 'up', reason: '客户加急' });
    const after = estimateOf(await detailOf(mine.m.token, mine.row.orderNo), code);
    expect(after).toEqual({ ahead: 1, minDays: 3, maxDays: 7, fromDay: '2026-03-06', toDay: '2026-03-12', basis: 'default', computedAt: t.clock.now().toISOString() });
    // a sample on the instrument has no estimate of the queue any more
    await post(t, '/api/admin/samples/move', ctx.lab, { code: `${first.row.orderNo}-1-1` });
    expect(estimateOf(await detailOf(other.token, first.row.orderNo), `${first.row.orderNo}-1-1`)).toBeNull();
    expect(estimateOf(await detailOf(mine.m.token, mine.row.orderNo), code)).toMatchObject({ ahead: 0, minDays: 2 });
  });

  it('with 10 samples done in the last 60 days: their median and 80th percentile', async () => {
    const [item] = await t.db.select().from(serviceItems).where(and(eq(serviceItems.reservable, false), ne(serviceItems.id, ctx.item.id))).orderBy(asc(serviceItems.id)).limit(1);
    const m = await memberOf(t);
    const now = t.clock.now().getTime();
    /** a finished sample of the item: on the instrument `daysAgo` days ago, its data `took` days later */
    const done: { id: number; orderId: number }[] = [];
    const history = async (count: number) => {
      while (done.length < count) {
        const row = await makeOrder(t, item!, m.member.id, { progress: 'completed' });
        await ensureSampleRows(t.db, row, t.clock.now());
        done.push(...(await t.db.select({ id: orderSamples.id, orderId: orderSamples.orderId }).from(orderSamples).where(eq(orderSamples.orderId, row.id))));
      }
    };
    const took = [1, 1, 2, 2, 2, 3, 3, 4, 5, 8];
    await history(12);
    const event = (sample: { id: number; orderId: number }, to: 'running' | 'data_out', at: number) =>
      ({ sampleId: sample.id, orderId: sample.orderId, fromState: to === 'running' ? ('queued' as const) : ('processing' as const), toState: to, actorKind: 'staff' as const, createdAt: new Date(at) });
    /** its moves on the instrument and the times its row keeps, as the desk writes them */
    const finish = async (sample: { id: number; orderId: number }, ranAt: number, dataOutAt: number) => {
      await t.db.insert(sampleEvents).values([event(sample, 'running', ranAt), event(sample, 'data_out', dataOutAt)]);
      await t.db.update(orderSamples).set({ state: 'data_out', ranAt: new Date(ranAt), dataOutAt: new Date(dataOutAt) }).where(eq(orderSamples.id, sample.id));
    };
    // nine inside the window, and two long ones outside it (70 days ago) that do not count
    for (const [i, d] of took.slice(0, 9).entries()) await finish(done[i]!, now - 20 * DAY, now - 20 * DAY + d * DAY);
    for (const i of [10, 11]) await finish(done[i]!, now - 90 * DAY, now - 70 * DAY);

    const queued = await makeOrder(t, item!, m.member.id, { progress: 'received' });
    await staffCall('test', ctx.lab, { order_no: queued.orderNo });
    const code = `${queued.orderNo}-1-1`;
    // nine are not enough: the default (3–5 days), nothing ahead
    expect(estimateOf(await detailOf(m.token, queued.orderNo), code)).toMatchObject({ ahead: 0, minDays: 3, maxDays: 5, basis: 'default' });
    await finish(done[9]!, now - 20 * DAY, now - 20 * DAY + took[9]! * DAY);
    // in working days (run on Tuesday 10 February: the 5- and 8-day ones span a Sunday, 4 and 7): median 2.5 → 3 days,
    // 80th percentile 4 days; the holiday of 4 March (every instrument's, above) skipped
    expect(estimateOf(await detailOf(m.token, queued.orderNo), code)).toMatchObject({ ahead: 0, minDays: 3, maxDays: 4, fromDay: '2026-03-06', toDay: '2026-03-07', basis: 'history' });
  });
});
