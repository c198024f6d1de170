/**
 * Orders in bulk, in a few set-based statements (the services would take minutes for 10,000
 * orders): one member with thousands of orders, payers with funded accounts and unpaid orders.
 * Used by the statement-bound test and `npm run bench:api`. Needs published service items
 * (the lines point at them).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client';
import { issueSession } from '../src/areas/accounts/sessions.service';
import { ensureAccount, postEntry } from '../src/areas/funds/ledger.service';

/** Members in one statement (phones 19 + base + n, so two calls need bases apart); ids in order. */
export async function insertMembers(db: Db, prefix: string, phoneBase: number, count: number, now: Date): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into members (rid, phone, nickname, name, organization, invite_code, created_at)
        select md5(${prefix} || g), '19' || lpad((${phoneBase} + g)::text, 9, '0'), '压测' || g, '压测用户' || g, 0,
          md5('invite' || ${prefix} || g), ${now.toISOString()}::timestamptz - interval '800 days'
        from generate_series(1, ${count}) g
        returning id`,
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * Orders with one line each, in one statement, from a `select` giving g, member_id, created,
 * progress, payment and total; the line's item is the g-th published item, round and round.
 */
export async function insertOrders(db: Db, numberBase: number, source: ReturnType<typeof sql>) {
  await db.execute(sql`
    with items as (select id, name, img, type_id, group_id, unit, (row_number() over (order by id) - 1)::int as n from service_items where published),
    o as (
      select src.*, i.id as item_id, i.name as item_name,
        'KY' || to_char(src.created at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad((${numberBase} + src.g)::text, 8, '0') as order_no
      from (${source}) src join items i on i.n = src.g % (select count(*) from items)
    ),
    placed as (
      insert into orders (order_no, member_id, progress, payment, organization, title, line_count, sample_count,
        total_fen, paid_fen, created_at, updated_at, paid_at, completed_at, cancelled_at)
      select order_no, member_id, progress, payment, 0, item_name, 1, 1 + g % 4, total,
        case when payment = 'paid' then total else 0 end, created, created,
        case when payment = 'paid' then created + interval '1 hour' end,
        case when progress = 'completed' then created + interval '5 days' end,
        case when progress = 'cancelled' then created + interval '2 hours' end
      from o
      returning id, order_no, sample_count, total_fen
    )
    insert into order_lines (rid, order_id, item_id, name, img, type_id, group_id, unit, count, unit_price_fen, amount_fen, samples, sort)
    select md5('line' || placed.order_no), placed.id, i.id, i.name, i.img, i.type_id, i.group_id, i.unit, placed.sample_count,
      placed.total_fen / placed.sample_count, placed.total_fen, '[]'::jsonb, 0
    from placed join o on o.order_no = placed.order_no join items i on i.id = o.item_id`);
}

/**
 * One member with `count` orders, one every ~2 hours back from `now`: the newest few still in
 * the lab, most completed and paid, one in 13 cancelled, one in 9 paid after testing.
 * Returns the member's id and a token.
 */
export async function seedBusyMember(db: Db, count: number, now: Date) {
  const [memberId] = await insertMembers(db, 'busy', 100_000_000, 1, now);
  await insertOrders(
    db,
    10_000_000,
    sql`select g, ${memberId!}::int as member_id,
          ${now.toISOString()}::timestamptz - (g * 7000 || ' seconds')::interval - (g % 997 || ' microseconds')::interval as created,
          case when g <= 30 then (array['submitted','awaiting_sample','received','testing','delivered'])[1 + g % 5]
               when g % 13 = 0 then 'cancelled' else 'completed' end as progress,
          case when g % 13 = 0 then 'refunded' when g % 9 = 0 then 'unsettled' when g <= 30 and g % 4 = 0 then 'unpaid' else 'paid' end as payment,
          5000 + (g * 7907) % 400000 as total
        from generate_series(1, ${count}) g`,
  );
  const session = await issueSession(db, 'member', memberId!, { now });
  return { memberId: memberId!, token: session.token };
}

/**
 * `payers` members, each with ¥1,000,000 on the prepaid account and `perPayer` unpaid orders
 * of ¥50–¥450. Returns, payer by payer in turn, one (token, order number) per order, so
 * consecutive requests belong to different members (as many members paying at once do).
 */
export async function seedPayers(db: Db, payers: number, perPayer: number, now: Date) {
  const ids = await insertMembers(db, 'payer', 200_000_000, payers, now);
  for (const id of ids) {
    await db.transaction(async (tx) => {
      const account = await ensureAccount(tx, 'member', id);
      await postEntry(tx, { accountId: account.id, amountFen: 1_000_000_00, type: 'adjustment', reference: `bench:${id}`, actor: { kind: 'system', id: null }, now });
    });
  }
  const idArray = sql.raw(`array[${ids.join(',')}]::int[]`);
  await insertOrders(
    db,
    20_000_000,
    sql`select g, (${idArray})[1 + g % ${payers}] as member_id,
          ${now.toISOString()}::timestamptz - (g || ' seconds')::interval as created,
          'submitted' as progress, 'unpaid' as payment, 5000 + (g * 7907) % 40000 as total
        from generate_series(1, ${payers * perPayer}) g`,
  );
  const tokens = new Map<number, string>();
  for (const id of ids) tokens.set(id, (await issueSession(db, 'member', id, { now })).token);
  const rows = await queryRows<{ order_no: string; member_id: number }>(
    db,
    sql`select order_no, member_id from orders where member_id = any(${idArray}) and payment = 'unpaid' order by created_at desc, id desc`,
  );
  return rows.map((r) => ({ token: tokens.get(Number(r.member_id))!, orderNo: r.order_no }));
}
