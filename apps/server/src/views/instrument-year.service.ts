import { sql } from 'drizzle-orm';
import { INSTRUMENT_YEAR_HEADS, labDayEnd, labDayStart, type InstrumentYearRow } from '@lab/contract';
import { queryRows, type DbOrTx } from '../db/client';
import { workbook, yuan } from '../platform/xlsx';

/**
 * 大仪考核 (decisions/0047): one row per instrument (catalogue item) with a figure in the lab's
 * year. 有效机时 = the hours of its used bookings (by their day) + the hours its samples spent
 * 上机中 (from each move into running to the sample's next move, entered in the year);
 * 服务样品数 = samples of its lines received in the year; income = the ledger's order payments
 * less order refunds of the year, shared out over the order's lines by their amounts. 校内 is a
 * university customer (the order's organisation 学生 or 老师), 校外 everyone else; 对外服务收入
 * is the 校外 income.
 */

const inside = sql`(coalesce(o.organization, 1) IN (0, 3))`;

export async function instrumentYear(db: DbOrTx, year: number): Promise<InstrumentYearRow[]> {
  const start = labDayStart(`${year}-01-01`);
  const end = labDayEnd(`${year}-12-31`);
  const [booked, running, samples, income] = await Promise.all([
    queryRows<{ itemId: number; inside: boolean; hours: number; orders: number }>(
      db,
      sql`SELECT res.item_id AS "itemId", (coalesce(o.organization, m.organization, 1) IN (0, 3)) AS inside, sum(jsonb_array_length(res.hours))::float AS hours, count(DISTINCT res.order_id)::int AS orders
          FROM reservations res JOIN members m ON m.id = res.member_id LEFT JOIN orders o ON o.id = res.order_id
          WHERE res.status = 'used' AND res.day BETWEEN ${`${year}-01-01`} AND ${`${year}-12-31`}
          GROUP BY 1, 2`,
    ),
    queryRows<{ itemId: number; inside: boolean; hours: number }>(
      db,
      sql`SELECT os.item_id AS "itemId", ${inside} AS inside, sum(date_part('epoch', x.next_at - x.at) / 3600) AS hours
          FROM (
            SELECT e.sample_id, e.to_state, e.created_at AS at, lead(e.created_at) OVER (PARTITION BY e.sample_id ORDER BY e.created_at, e.id) AS next_at
            FROM sample_events e
            WHERE e.sample_id IN (SELECT r.sample_id FROM sample_events r WHERE r.to_state = 'running' AND r.created_at >= ${start} AND r.created_at < ${end})
          ) x
          JOIN order_samples os ON os.id = x.sample_id JOIN orders o ON o.id = os.order_id
          WHERE x.to_state = 'running' AND x.next_at IS NOT NULL AND x.at >= ${start} AND x.at < ${end}
          GROUP BY 1, 2`,
    ),
    queryRows<{ itemId: number; inside: boolean; samples: number; orders: number }>(
      db,
      sql`SELECT l.item_id AS "itemId", ${inside} AS inside, sum(l.count)::int AS samples, count(DISTINCT o.id)::int AS orders
          FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE o.kind = 'test' AND o.progress <> 'cancelled' AND o.received_at >= ${start} AND o.received_at < ${end}
          GROUP BY 1, 2`,
    ),
    queryRows<{ itemId: number; inside: boolean; fen: number }>(
      db,
      // each entry shared over its order's lines (their sum by a window over the entry's rows: no second read of order_lines)
      sql`SELECT x.item_id AS "itemId", x.inside, sum(round(-x.amount_fen::numeric * x.line_fen / nullif(x.lines_fen, 0)))::bigint AS fen
          FROM (
            SELECT l.item_id, ${inside} AS inside, e.amount_fen, l.amount_fen AS line_fen, sum(l.amount_fen) OVER (PARTITION BY e.id) AS lines_fen
            FROM ledger_entries e
            JOIN orders o ON o.order_no = substr(e.reference, 7)
            JOIN order_lines l ON l.order_id = o.id
            WHERE e.type IN ('payment', 'refund') AND e.reference LIKE 'order:%' AND e.created_at >= ${start} AND e.created_at < ${end}
          ) x
          GROUP BY 1, 2`,
    ),
  ]);

  type Acc = Omit<InstrumentYearRow, 'name' | 'model' | 'group'>;
  const acc = new Map<number, Acc>();
  const of = (itemId: number) => {
    let row = acc.get(itemId);
    if (!row) {
      row = { itemId, hours: 0, hoursInside: 0, hoursOutside: 0, samples: 0, samplesInside: 0, samplesOutside: 0, incomeFen: 0, incomeInsideFen: 0, incomeOutsideFen: 0, orders: 0 };
      acc.set(itemId, row);
    }
    return row;
  };
  for (const b of [...booked, ...running]) {
    const row = of(Number(b.itemId));
    const h = Number(b.hours);
    if (b.inside) row.hoursInside += h;
    else row.hoursOutside += h;
  }
  for (const s of samples) {
    const row = of(Number(s.itemId));
    if (s.inside) row.samplesInside += Number(s.samples);
    else row.samplesOutside += Number(s.samples);
    row.orders += Number(s.orders);
  }
  for (const b of booked) of(Number(b.itemId)).orders += Number(b.orders);
  for (const i of income) {
    const row = of(Number(i.itemId));
    if (i.inside) row.incomeInsideFen += Number(i.fen);
    else row.incomeOutsideFen += Number(i.fen);
  }
  if (acc.size === 0) return [];
  const ids = sql.join(
    [...acc.keys()].map((id) => sql`${id}`),
    sql`, `,
  );
  const names = await queryRows<{ id: number; name: string; model: string | null; group: string }>(
    db,
    sql`SELECT i.id, i.name, i.model, g.name AS "group" FROM service_items i JOIN service_groups g ON g.id = i.group_id WHERE i.id IN (${ids}) ORDER BY i.type_id, i.group_id, i.sort, i.id`,
  );
  const round1 = (h: number) => Math.round(h * 10) / 10;
  return names.map((n) => {
    const row = acc.get(Number(n.id))!;
    return {
      itemId: row.itemId,
      name: n.name,
      model: n.model ?? '',
      group: n.group,
      hours: round1(row.hoursInside + row.hoursOutside),
      hoursInside: round1(row.hoursInside),
      hoursOutside: round1(row.hoursOutside),
      samples: row.samplesInside + row.samplesOutside,
      samplesInside: row.samplesInside,
      samplesOutside: row.samplesOutside,
      incomeFen: row.incomeInsideFen + row.incomeOutsideFen,
      incomeInsideFen: row.incomeInsideFen,
      incomeOutsideFen: row.incomeOutsideFen,
      orders: row.orders,
    };
  });
}

/** 大型仪器设备使用情况考核表: a caption, the usual heads, one row per instrument, a 合计 row. */
export async function instrumentYearXlsx(rows: InstrumentYearRow[], year: number): Promise<Buffer> {
  const sum = (pick: (r: InstrumentYearRow) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const body = rows.map((r, i) => [
    i + 1,
    r.name,
    r.model,
    r.group,
    year,
    r.hours,
    r.hoursInside,
    r.hoursOutside,
    r.samples,
    r.samplesInside,
    r.samplesOutside,
    yuan(r.incomeFen),
    yuan(r.incomeInsideFen),
    yuan(r.incomeOutsideFen),
    r.orders,
  ]);
  const round1 = (h: number) => Math.round(h * 10) / 10;
  body.push([
    '合计',
    `${rows.length} 台`,
    '',
    '',
    year,
    round1(sum((r) => r.hours)),
    round1(sum((r) => r.hoursInside)),
    round1(sum((r) => r.hoursOutside)),
    sum((r) => r.samples),
    sum((r) => r.samplesInside),
    sum((r) => r.samplesOutside),
    yuan(sum((r) => r.incomeFen)),
    yuan(sum((r) => r.incomeInsideFen)),
    yuan(sum((r) => r.incomeOutsideFen)),
    sum((r) => r.orders),
  ]);
  return workbook(`${year}年度`, INSTRUMENT_YEAR_HEADS, body, {
    caption: `${year}年度大型仪器设备使用情况考核表`,
    widths: [6, 28, 18, 16, 8, 14, 12, 12, 12, 14, 14, 16, 16, 16, 12],
    money: [12, 13, 14],
  });
}
