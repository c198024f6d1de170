import { sql, type SQL } from 'drizzle-orm';
import {
  ANALYTICS_CHANNELS,
  ANALYTICS_CUSTOMER_TYPES,
  PROMISE_CALL_MINUTES,
  PROMISE_NOTICE_MINUTES,
  PROMISE_RETURN_MINUTES,
  RESERVATION_HOURS,
  addDays,
  labDayEnd,
  labDayStart,
  progressLabels,
  promiseKindLabels,
  weekdayOf,
  type AnalyticsChannel,
  type AnalyticsCustomerType,
  type AnalyticsFilters,
  type AnalyticsView,
  type PromiseKind,
} from '@lab/contract';
import { queryRows, type DbOrTx } from '../db/client';

/**
 * 运营分析 (decisions/0047): each tile is one aggregate statement over the areas' tables, read
 * only. Days are the lab's (Asia/Shanghai): a range covers [from 00:00, to+1 00:00) Shanghai
 * time, weeks start on Monday and months on the 1st of the lab's calendar. The filters narrow
 * every tile the same way: an instrument or a service group (the order has a line of it; the
 * per-instrument tiles count only those lines), a customer type (the order's organisation,
 * none counting as 个人).
 */

const TZ = sql.raw(`'Asia/Shanghai'`);
/**
 * The lab's week (its Monday) and month of a timestamp column, as timestamps: statements group
 * and sort by these and write them as text ('YYYY-MM-DD', 'YYYY-MM') only on the groups
 * (decisions/0055: to_char on every row and text sorts were a third of a tile's time).
 */
const weekOf = (column: SQL) => sql`date_trunc('week', ${column} AT TIME ZONE ${TZ})`;
const monthOf = (column: SQL) => sql`date_trunc('month', ${column} AT TIME ZONE ${TZ})`;
const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;
/** hours between two timestamps as double precision (extract gives numeric, slow to sort) */
const hoursBetween = (from: SQL, to: SQL) => sql`date_part('epoch', ${to} - ${from}) / 3600`;
/** the customer type of an order row aliased `o` */
const customerTypeOf = sql`coalesce(o.organization, 1)::text`;

export interface Range {
  start: Date;
  end: Date;
}
export const rangeOf = (filters: Pick<AnalyticsFilters, 'from' | 'to'>): Range => ({ start: labDayStart(filters.from), end: labDayEnd(filters.to) });

/** The order (alias `o`) matches the customer type, and has a line of the instrument or group. */
function orderMatches(f: AnalyticsFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.customerType !== undefined) parts.push(sql`${customerTypeOf} = ${f.customerType}`);
  if (f.itemId !== undefined || f.groupId !== undefined) parts.push(sql`EXISTS (SELECT 1 FROM order_lines fl WHERE fl.order_id = o.id AND ${lineMatches(f, 'fl')})`);
  return sql.join(parts, sql` AND `);
}
/** A line (alias given) of the instrument and group asked for. */
function lineMatches(f: AnalyticsFilters, alias: string): SQL {
  const a = sql.raw(alias);
  const parts: SQL[] = [sql`true`];
  if (f.itemId !== undefined) parts.push(sql`${a}.item_id = ${f.itemId}`);
  if (f.groupId !== undefined) parts.push(sql`${a}.group_id = ${f.groupId}`);
  return sql.join(parts, sql` AND `);
}

const num = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

// ---- the tiles ----

export async function turnaround(db: DbOrTx, f: AnalyticsFilters, r: Range): Promise<AnalyticsView['turnaround']> {
  const base = sql`
    SELECT DISTINCT o.id, l.item_id, ${hoursBetween(sql`o.received_at`, sql`o.delivered_at`)} AS h
    FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE o.kind = 'test' AND o.progress <> 'cancelled' AND o.received_at IS NOT NULL AND o.delivered_at >= o.received_at
      AND o.delivered_at >= ${r.start} AND o.delivered_at < ${r.end}
      AND ${lineMatches(f, 'l')} AND ${f.customerType === undefined ? sql`true` : sql`${customerTypeOf} = ${f.customerType}`}`;
  const [weeks, items] = await Promise.all([
    queryRows<{ week: string; n: number; p50: number | null; p90: number | null }>(
      db,
      sql`SELECT ${day(sql`w.week`)} AS week, w.n, w.p50, w.p90 FROM (
            SELECT ${weekOf(sql`t.delivered_at`)} AS week, count(*)::int AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY t.h) AS p50, percentile_cont(0.9) WITHIN GROUP (ORDER BY t.h) AS p90
            FROM (
              SELECT o.delivered_at, ${hoursBetween(sql`o.received_at`, sql`o.delivered_at`)} AS h FROM orders o
              WHERE o.kind = 'test' AND o.progress <> 'cancelled' AND o.received_at IS NOT NULL AND o.delivered_at >= o.received_at
                AND o.delivered_at >= ${r.start} AND o.delivered_at < ${r.end} AND ${orderMatches(f)}
            ) t GROUP BY 1
          ) w ORDER BY w.week`,
    ),
    queryRows<{ itemId: number; name: string; n: number; p50: number | null; p90: number | null }>(
      db,
      sql`SELECT t.item_id AS "itemId", i.name, t.n, t.p50, t.p90 FROM (
            SELECT t.item_id, count(*)::int AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY t.h) AS p50, percentile_cont(0.9) WITHIN GROUP (ORDER BY t.h) AS p90
            FROM (${base}) t GROUP BY t.item_id
          ) t JOIN service_items i ON i.id = t.item_id ORDER BY t.n DESC, t.item_id`,
    ),
  ]);
  return {
    weeks: weeks.map((w) => ({ week: w.week, n: Number(w.n), medianHours: num(w.p50), p90Hours: num(w.p90) })),
    items: items.map((i) => ({ itemId: Number(i.itemId), name: i.name, n: Number(i.n), medianHours: num(i.p50), p90Hours: num(i.p90) })),
  };
}

export async function promises(db: DbOrTx, f: AnalyticsFilters, r: Range, now: Date): Promise<AnalyticsView['promises']> {
  const minutes = (m: number) => sql.raw(`interval '${m} minutes'`);
  const tally = (since: SQL, done: SQL, allowed: number) => sql`
    count(*) FILTER (WHERE ${done} IS NOT NULL AND ${done} <= ${since} + ${minutes(allowed)})::int AS kept,
    count(*) FILTER (WHERE ${done} IS NOT NULL AND ${done} > ${since} + ${minutes(allowed)})::int AS late,
    count(*) FILTER (WHERE ${done} IS NULL AND ${since} + ${minutes(allowed)} < ${now})::int AS missed`;
  const notified = sql`CASE WHEN o.data_notified_at >= o.delivered_at THEN o.data_notified_at END`;
  const returnSince = sql`greatest(o.paid_at, s.created_at)`;
  const returnDone = sql`CASE WHEN s.status = 'sent' THEN s.handled_at END`;
  const [call, notice, back] = await Promise.all([
    queryRows<Counts>(db, sql`SELECT ${tally(sql`o.received_at`, sql`o.manager_called_at`, PROMISE_CALL_MINUTES)} FROM orders o WHERE o.received_at >= ${r.start} AND o.received_at < ${r.end} AND ${orderMatches(f)}`),
    queryRows<Counts>(db, sql`SELECT ${tally(sql`o.delivered_at`, notified, PROMISE_NOTICE_MINUTES)} FROM orders o WHERE o.delivered_at >= ${r.start} AND o.delivered_at < ${r.end} AND ${orderMatches(f)}`),
    queryRows<Counts>(
      db,
      sql`SELECT ${tally(returnSince, returnDone, PROMISE_RETURN_MINUTES)} FROM sample_recycles s JOIN orders o ON o.order_no = s.order_no
          WHERE s.status <> 'cancelled' AND o.payment = 'paid' AND o.paid_at IS NOT NULL
            AND ${returnSince} >= ${r.start} AND ${returnSince} < ${r.end} AND ${orderMatches(f)}`,
    ),
  ]);
  const row = (kind: PromiseKind, counts: Counts | undefined) => {
    const kept = Number(counts?.kept ?? 0);
    const late = Number(counts?.late ?? 0);
    const missed = Number(counts?.missed ?? 0);
    return { kind, label: promiseKindLabels[kind], kept, late, missed, rate: rate(kept, kept + late + missed) };
  };
  return [row('call', call[0]), row('notice', notice[0]), row('return', back[0])];
}
interface Counts {
  kept: number;
  late: number;
  missed: number;
}

/** Working days of an instrument in the range: not a Sunday, not closed for all or for it. */
function openDays(from: string, to: string, closedAll: Set<string>, closedItem: Set<string> | undefined) {
  let n = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) if (weekdayOf(day) !== 0 && !closedAll.has(day) && !closedItem?.has(day)) n += 1;
  return n;
}

export async function utilisation(db: DbOrTx, f: AnalyticsFilters, now: Date): Promise<AnalyticsView['utilisation']> {
  const itemWhere = sql.join([sql`i.reservable`, ...(f.itemId !== undefined ? [sql`i.id = ${f.itemId}`] : []), ...(f.groupId !== undefined ? [sql`i.group_id = ${f.groupId}`] : [])], sql` AND `);
  const customer = f.customerType === undefined ? sql`true` : sql`coalesce(o.organization, m.organization, 1)::text = ${f.customerType}`;
  const [items, closed] = await Promise.all([
    queryRows<{ itemId: number; name: string; booked: number; used: number }>(
      db,
      sql`SELECT i.id AS "itemId", i.name,
            coalesce(sum(jsonb_array_length(b.hours)) FILTER (WHERE b.status = 'used' OR (b.status = 'booked' AND (b.hold_until IS NULL OR b.hold_until > ${now}))), 0)::int AS booked,
            coalesce(sum(jsonb_array_length(b.hours)) FILTER (WHERE b.status = 'used'), 0)::int AS used
          FROM service_items i
          LEFT JOIN (
            SELECT res.item_id, res.hours, res.status, res.hold_until FROM reservations res
            JOIN members m ON m.id = res.member_id LEFT JOIN orders o ON o.id = res.order_id
            WHERE res.day BETWEEN ${f.from} AND ${f.to} AND ${customer}
          ) b ON b.item_id = i.id
          WHERE ${itemWhere}
          GROUP BY i.id, i.name ORDER BY i.id`,
    ),
    queryRows<{ itemId: number | null; day: string }>(db, sql`SELECT item_id AS "itemId", day::text AS day FROM instrument_closed_days WHERE day BETWEEN ${f.from} AND ${f.to}`),
  ]);
  const closedAll = new Set(closed.filter((c) => c.itemId === null).map((c) => c.day));
  const closedBy = new Map<number, Set<string>>();
  for (const c of closed) if (c.itemId !== null) closedBy.set(Number(c.itemId), (closedBy.get(Number(c.itemId)) ?? new Set()).add(c.day));
  return items.map((i) => {
    const openHours = openDays(f.from, f.to, closedAll, closedBy.get(Number(i.itemId))) * RESERVATION_HOURS.length;
    const booked = Number(i.booked);
    const used = Number(i.used);
    return { itemId: Number(i.itemId), name: i.name, openHours, bookedHours: booked, usedHours: used, bookedRate: rate(booked, openHours), usedRate: rate(used, openHours) };
  });
}

export async function samplesPerWeek(db: DbOrTx, f: AnalyticsFilters, r: Range): Promise<AnalyticsView['samples']> {
  const rows = await queryRows<{ week: string; itemId: number; name: string; samples: number }>(
    db,
    sql`SELECT ${day(sql`w.week`)} AS week, w.item_id AS "itemId", i.name, w.samples FROM (
          SELECT ${weekOf(sql`o.received_at`)} AS week, l.item_id, sum(l.count)::int AS samples
          FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE o.kind = 'test' AND o.received_at >= ${r.start} AND o.received_at < ${r.end} AND o.progress <> 'cancelled'
            AND ${lineMatches(f, 'l')} AND ${f.customerType === undefined ? sql`true` : sql`${customerTypeOf} = ${f.customerType}`}
          GROUP BY 1, l.item_id
        ) w JOIN service_items i ON i.id = w.item_id ORDER BY w.week, w.item_id`,
  );
  return rows.map((row) => ({ week: row.week, itemId: Number(row.itemId), name: row.name, samples: Number(row.samples) }));
}

const BACKLOG = ['submitted', 'awaiting_sample', 'received', 'testing'] as const;

export async function backlog(db: DbOrTx, f: AnalyticsFilters): Promise<AnalyticsView['backlog']> {
  const rows = await queryRows<{ progress: string; orders: number; samples: number }>(
    db,
    sql`SELECT o.progress, count(*)::int AS orders, coalesce(sum(o.sample_count), 0)::int AS samples FROM orders o
        WHERE o.progress IN ('submitted', 'awaiting_sample', 'received', 'testing') AND ${orderMatches(f)} GROUP BY o.progress`,
  );
  const by = new Map(rows.map((row) => [row.progress, row]));
  return BACKLOG.map((progress) => ({ progress, label: progressLabels[progress], orders: Number(by.get(progress)?.orders ?? 0), samples: Number(by.get(progress)?.samples ?? 0) }));
}

/**
 * Order money by channel and customer type: paid is the ledger's order payments of the range
 * (`payment` entries on order:<no>), refunded its order refunds (`refund` entries); the part that
 * came from or went back to WeChat Pay or Alipay is the online payments' share of those orders
 * (paid in the range) and their refunds (made in the range); the rest is prepaid funds.
 */
export async function revenue(db: DbOrTx, f: AnalyticsFilters, r: Range): Promise<AnalyticsView['revenue']> {
  const [ledger, online, onlineBack] = await Promise.all([
    queryRows<{ ct: string; type: string; fen: number }>(
      db,
      sql`SELECT ${customerTypeOf} AS ct, e.type, sum(abs(e.amount_fen))::bigint AS fen
          FROM ledger_entries e JOIN orders o ON o.order_no = substr(e.reference, 7)
          WHERE e.type IN ('payment', 'refund') AND e.reference LIKE 'order:%' AND e.created_at >= ${r.start} AND e.created_at < ${r.end} AND ${orderMatches(f)}
          GROUP BY 1, e.type`,
    ),
    queryRows<{ ct: string; vendor: AnalyticsChannel; fen: number }>(
      db,
      sql`SELECT ${customerTypeOf} AS ct, p.vendor, sum(po.amount_fen)::bigint AS fen
          FROM online_payment_orders po JOIN online_payments p ON p.id = po.payment_id JOIN orders o ON o.id = po.order_id
          WHERE po.paid_order AND p.state = 'paid' AND p.paid_at >= ${r.start} AND p.paid_at < ${r.end} AND ${orderMatches(f)}
          GROUP BY 1, p.vendor`,
    ),
    queryRows<{ ct: string; vendor: AnalyticsChannel; fen: number }>(
      db,
      sql`SELECT ${customerTypeOf} AS ct, p.vendor, sum(x.amount_fen)::bigint AS fen
          FROM online_refunds x JOIN online_payments p ON p.id = x.payment_id JOIN orders o ON o.id = x.order_id
          WHERE x.state <> 'closed' AND x.created_at >= ${r.start} AND x.created_at < ${r.end} AND ${orderMatches(f)}
          GROUP BY 1, p.vendor`,
    ),
  ]);
  const key = (channel: AnalyticsChannel, ct: string) => `${channel}|${ct}`;
  const paid = new Map<string, number>();
  const refunded = new Map<string, number>();
  const add = (map: Map<string, number>, k: string, fen: number) => map.set(k, (map.get(k) ?? 0) + fen);
  for (const row of ledger) add(row.type === 'payment' ? paid : refunded, key('funds', row.ct), Number(row.fen));
  for (const [rows, map] of [
    [online, paid],
    [onlineBack, refunded],
  ] as const) {
    for (const row of rows) {
      // the online share leaves the funds' figure: what is left there came from prepaid funds
      const fen = Math.min(Number(row.fen), map.get(key('funds', row.ct)) ?? 0);
      add(map, key(row.vendor, row.ct), fen);
      add(map, key('funds', row.ct), -fen);
    }
  }
  const out: AnalyticsView['revenue'] = [];
  for (const channel of ANALYTICS_CHANNELS) {
    for (const customerType of ANALYTICS_CUSTOMER_TYPES as readonly AnalyticsCustomerType[]) {
      const p = paid.get(key(channel, customerType)) ?? 0;
      const back = refunded.get(key(channel, customerType)) ?? 0;
      if (p !== 0 || back !== 0) out.push({ channel, customerType, paidFen: p, refundedFen: back, netFen: p - back });
    }
  }
  return out;
}

/** Customers ordering in each month of the range: their first order (not cancelled) ever in that month, or earlier. */
export async function customers(db: DbOrTx, f: AnalyticsFilters, r: Range): Promise<AnalyticsView['customers']> {
  const rows = await queryRows<{ month: string; fresh: number; returning: number }>(
    db,
    sql`WITH m AS (
          SELECT DISTINCT o.member_id, ${monthOf(sql`o.created_at`)} AS month FROM orders o
          WHERE o.progress <> 'cancelled' AND o.created_at >= ${r.start} AND o.created_at < ${r.end} AND ${orderMatches(f)}
        ), firsts AS MATERIALIZED (
          -- each customer's first order: one probe of orders_member_first_idx per customer
          SELECT x.member_id, ${monthOf(sql`(SELECT min(f.created_at) FROM orders f WHERE f.member_id = x.member_id AND f.progress <> 'cancelled')`)} AS first_month
          FROM (SELECT DISTINCT member_id FROM m) x
        )
        SELECT to_char(m.month, 'YYYY-MM') AS month, count(*) FILTER (WHERE firsts.first_month = m.month)::int AS fresh, count(*) FILTER (WHERE firsts.first_month < m.month)::int AS returning
        FROM m JOIN firsts ON firsts.member_id = m.member_id GROUP BY m.month ORDER BY m.month`,
  );
  return rows.map((row) => ({ month: row.month, newCustomers: Number(row.fresh), returning: Number(row.returning) }));
}

async function choices(db: DbOrTx) {
  const [instruments, groups] = await Promise.all([
    queryRows<{ id: number; name: string; reservable: boolean }>(db, sql`SELECT id, name, reservable FROM service_items ORDER BY type_id, group_id, sort, id`),
    queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM service_groups ORDER BY type_id, sort, id`),
  ]);
  return { instruments: instruments.map((i) => ({ id: Number(i.id), name: i.name, reservable: Boolean(i.reservable) })), groups: groups.map((g) => ({ id: Number(g.id), name: g.name })) };
}

export async function analyticsOverview(db: DbOrTx, f: AnalyticsFilters, now: Date): Promise<AnalyticsView> {
  const r = rangeOf(f);
  const [pick, turn, kept, use, samples, open, money, people] = await Promise.all([
    choices(db),
    turnaround(db, f, r),
    promises(db, f, r, now),
    utilisation(db, f, now),
    samplesPerWeek(db, f, r),
    backlog(db, f),
    revenue(db, f, r),
    customers(db, f, r),
  ]);
  return { from: f.from, to: f.to, ...pick, turnaround: turn, promises: kept, utilisation: use, samples, backlog: open, revenue: money, customers: people };
}
