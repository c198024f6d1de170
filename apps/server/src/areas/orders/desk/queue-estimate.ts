import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  addDays,
  ESTIMATE_HISTORY_DAYS,
  ESTIMATE_MIN_HISTORY,
  labDay,
  QUEUE_CAPACITY_DEFAULT,
  QUEUE_DEFAULT_MAX_DAYS,
  QUEUE_DEFAULT_MIN_DAYS,
  weekdayOf,
  type SampleEstimate,
} from '@lab/contract';
import { queryRows, type DbOrTx } from '../../../db/client';
import { instrumentClosedDays, instrumentQueues } from './queue.tables';
import { orderSamples } from './samples.tables';

/**
 * The honest estimate of a queued sample (PRODUCT.md "Samples, queues and estimates"): the
 * samples ahead of it on its instrument, how many working days they take at the instrument's
 * daily capacity, and the instrument's service time (上机 → 出数据, in working days: Sundays between
 * left out) — the median and the 80th
 * percentile of the samples whose data came out in the last 60 days, or the lab's default
 * while fewer than 10 did. Working days skip Sundays and the instrument's closed days (its own
 * and every instrument's). Read fresh with the order, so it follows every queue change: four
 * statements for an order, whatever the number of its samples or of the queue.
 */

const DAY_SECONDS = 86_400;

/** The n-th working day after `day` (Sundays and closed days skipped). */
export function nthWorkingDay(day: string, n: number, closed: ReadonlySet<string>): string {
  let at = day;
  for (let counted = 0; counted < n; ) {
    at = addDays(at, 1);
    if (weekdayOf(at) !== 0 && !closed.has(at)) counted += 1;
  }
  return at;
}

interface ServiceTimes {
  n: number;
  p50: number;
  p80: number;
}

/**
 * The instruments' service times (days, 上机 → 出数据) of the samples whose data came out since
 * `since`: one statement, an index-only range of each instrument's recent samples
 * (order_samples_service_idx on item, data_out_at, ran_at).
 */
async function serviceTimes(db: DbOrTx, itemIds: number[], since: Date): Promise<Map<number, ServiceTimes>> {
  const ids = sql.join(
    itemIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ itemId: number; n: number; p50: number; p80: number }>(
    db,
    sql`
    SELECT x.item_id AS "itemId", count(*)::int AS n,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY x.d) AS p50,
      percentile_cont(0.8) WITHIN GROUP (ORDER BY x.d) AS p80
    FROM (
      SELECT s.item_id,
        -- working days: the time between, less the Sundays between the two Shanghai dates
        extract(epoch FROM s.data_out_at - s.ran_at) / ${DAY_SECONDS}
          - floor(((s.data_out_at AT TIME ZONE 'UTC' + interval '8 hours')::date - (s.ran_at AT TIME ZONE 'UTC' + interval '8 hours')::date
            + extract(dow FROM (s.ran_at AT TIME ZONE 'UTC' + interval '8 hours')::date)) / 7) AS d
      FROM order_samples s
      WHERE s.item_id IN (${ids}) AND s.data_out_at IS NOT NULL AND s.data_out_at >= ${since} AND s.ran_at IS NOT NULL AND s.ran_at <= s.data_out_at
    ) x
    GROUP BY x.item_id`,
  );
  return new Map(rows.map((r) => [Number(r.itemId), { n: Number(r.n), p50: Number(r.p50), p80: Number(r.p80) }]));
}

/** What every estimate of some instruments reads once: their service times, queue settings and closed days from today. */
interface EstimateBasis {
  today: string;
  computedAt: string;
  times: Map<number, ServiceTimes>;
  settingsOf: Map<number, typeof instrumentQueues.$inferSelect>;
  closedRows: { itemId: number | null; day: string }[];
}

async function estimateBasis(db: DbOrTx, itemIds: number[], now: Date): Promise<EstimateBasis> {
  const today = labDay(now);
  const [times, settings, closedRows] = await Promise.all([
    serviceTimes(db, itemIds, new Date(now.getTime() - ESTIMATE_HISTORY_DAYS * DAY_SECONDS * 1000)),
    db.select().from(instrumentQueues).where(inArray(instrumentQueues.itemId, itemIds)),
    db
      .select({ itemId: instrumentClosedDays.itemId, day: instrumentClosedDays.day })
      .from(instrumentClosedDays)
      .where(and(or(inArray(instrumentClosedDays.itemId, itemIds), isNull(instrumentClosedDays.itemId)), gte(instrumentClosedDays.day, today))),
  ]);
  return { today, computedAt: now.toISOString(), times, settingsOf: new Map(settings.map((s) => [s.itemId, s])), closedRows };
}

/** The instrument's closed days (its own and every instrument's) from today. */
const closedDaysOf = (basis: EstimateBasis, itemId: number) => new Set(basis.closedRows.filter((r) => r.itemId === null || r.itemId === itemId).map((r) => r.day));

/** The estimate of a sample with `ahead` samples before it on the instrument `itemId`. */
function estimate(basis: EstimateBasis, itemId: number, ahead: number): SampleEstimate {
  const kept = basis.settingsOf.get(itemId);
  const capacity = kept?.capacityPerDay ?? QUEUE_CAPACITY_DEFAULT;
  const history = basis.times.get(itemId);
  const enough = history !== undefined && history.n >= ESTIMATE_MIN_HISTORY;
  // a service time counts whole working days (data out on the third working day's afternoon is 3), at least one
  const low = enough ? Math.max(1, Math.round(history.p50)) : (kept?.defaultMinDays ?? QUEUE_DEFAULT_MIN_DAYS);
  const high = enough ? Math.max(low, Math.round(history.p80)) : (kept?.defaultMaxDays ?? QUEUE_DEFAULT_MAX_DAYS);
  // the samples ahead fill whole days first: the sample runs on working day ⌊ahead / capacity⌋ from the next
  const waiting = Math.floor(ahead / capacity);
  const closed = closedDaysOf(basis, itemId);
  const minDays = waiting + low;
  const maxDays = waiting + high;
  return {
    ahead,
    minDays,
    maxDays,
    fromDay: nthWorkingDay(basis.today, minDays, closed),
    toDay: nthWorkingDay(basis.today, maxDays, closed),
    basis: enough ? 'history' : 'default',
    computedAt: basis.computedAt,
  };
}

/** The estimate of each queued sample of an order, by code (samples not queued have none). */
export async function orderEstimates(db: DbOrTx, orderId: number, now: Date): Promise<Map<string, SampleEstimate>> {
  const queued = await queryRows<{ code: string; itemId: number; ahead: number }>(
    db,
    sql`
    SELECT o.code, o.item_id AS "itemId",
      (SELECT count(*)::int FROM order_samples q
        WHERE q.item_id = o.item_id AND q.state = 'queued' AND (q.queue_pos < o.queue_pos OR (q.queue_pos = o.queue_pos AND q.id < o.id))) AS ahead
    FROM order_samples o
    WHERE o.order_id = ${orderId} AND o.state = 'queued'`,
  );
  if (queued.length === 0) return new Map();
  const basis = await estimateBasis(db, [...new Set(queued.map((q) => Number(q.itemId)))], now);
  return new Map(queued.map((sample) => [sample.code, estimate(basis, Number(sample.itemId), Number(sample.ahead))]));
}

/**
 * The wait a sample sent today would see on each of these instruments: every sample queued on it
 * is ahead (four statements, whatever the number of items or of queued samples).
 */
export async function instrumentWaits(db: DbOrTx, itemIds: number[], now: Date): Promise<Map<number, SampleEstimate>> {
  if (itemIds.length === 0) return new Map();
  const [counts, basis] = await Promise.all([
    db
      .select({ itemId: orderSamples.itemId, n: sql<number>`count(*)::int` })
      .from(orderSamples)
      .where(and(inArray(orderSamples.itemId, itemIds), eq(orderSamples.state, 'queued')))
      .groupBy(orderSamples.itemId),
    estimateBasis(db, itemIds, now),
  ]);
  const queued = new Map(counts.map((c) => [c.itemId, Number(c.n)]));
  return new Map(itemIds.map((id) => [id, estimate(basis, id, queued.get(id) ?? 0)]));
}

/**
 * Every queued sample whose estimate now ends after the day its item's 测试周期 promised, counted
 * in working days from the day it was received (or queued, for a sample the desk carried along
 * with its order) — the promise job alerts the lab once per sample.
 * Five statements for the whole lab, whatever the number of samples.
 */
export async function slippingSamples(db: DbOrTx, now: Date, promisedDaysOf: (itemIds: number[]) => Promise<Map<number, number | null>>) {
  const queued = await queryRows<{ code: string; orderId: number; itemId: number; ahead: number; receivedAt: Date | string | null }>(
    db,
    sql`
    SELECT o.code, o.order_id AS "orderId", o.item_id AS "itemId",
      (row_number() OVER (PARTITION BY o.item_id ORDER BY o.queue_pos, o.id) - 1)::int AS ahead,
      (SELECT min(e.created_at) FROM sample_events e WHERE e.sample_id = o.id AND e.to_state IN ('received', 'queued')) AS "receivedAt"
    FROM order_samples o
    WHERE o.state = 'queued'`,
  );
  if (queued.length === 0) return [];
  const itemIds = [...new Set(queued.map((q) => Number(q.itemId)))];
  const [promised, basis] = await Promise.all([promisedDaysOf(itemIds), estimateBasis(db, itemIds, now)]);
  return queued.flatMap((sample) => {
    const itemId = Number(sample.itemId);
    const days = promised.get(itemId);
    if (!days || !sample.receivedAt) return [];
    const received = labDay(new Date(sample.receivedAt));
    const dueDay = nthWorkingDay(received, days, closedDaysOf(basis, itemId));
    const estimated = estimate(basis, itemId, Number(sample.ahead));
    return estimated.toDay > dueDay ? [{ code: sample.code, orderId: Number(sample.orderId), itemId, dueDay, estimate: estimated }] : [];
  });
}
