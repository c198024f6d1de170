/**
 * npm run bench:admin-orders -w @lab/server
 *
 * The back office's order table at 100,000 orders: seeds BENCH_ORDERS orders (default
 * 100,000) over two years for 20,000 members, with return requests, into a fresh PGlite (and
 * PostgreSQL when BENCH_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres, answers),
 * then times the typical list calls through the app (POST /api/admin/orders/list with a lab
 * token: validation, the three queries, serialisation) and prints p50 / p99 per call, and the
 * plan of each call's page and total queries (EXPLAIN), to check they use the indexes.
 *
 * While tuning: BENCH_PGLITE_DIR keeps the PGlite folder (seeded once, reused), BENCH_ONLY=PGlite
 * skips PostgreSQL, BENCH_CALLS=<part of a call's name> times only those calls, BENCH_ANALYZE=1
 * prints EXPLAIN ANALYZE with timings instead of the plans' outlines.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { adminOrderSearchBody } from '@lab/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { queryRows, type Database, type Db } from '../src/db/client';
import { onEachDatabase } from './databases';
import { FixedClock } from '../src/platform/clock';
import { createStaff } from '../src/areas/accounts/staff.service';
import { issueSession } from '../src/areas/accounts/sessions.service';
import { seedCatalog } from '../src/areas/catalog/catalog.seed';
import { seedItems } from '../src/areas/catalog/seed-items';
import { keywordHits, searchStatements } from '../src/areas/orders/order-search.service';

const total = Number(process.env.BENCH_ORDERS ?? 100_000);
const memberCount = Number(process.env.BENCH_MEMBERS ?? 20_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 30);
// the bench's "now": every database sees the same data and the same promises at risk
const now = new Date('2026-03-02T02:00:00Z');

const surnames = ['张', '王', '李', '赵', '陈', '刘', '杨', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林'];
const given = ['明', '华', '伟', '芳', '娜', '静', '强', '磊', '洋', '艳', '军', '婷', '杰', '丽', '超', '敏'];
const units = ['上海交通大学材料学院', '复旦大学化学系', '苏州大学材料与化学化工学部', '南京大学现代工程与应用科学学院', '浙江大学高分子系', '中科院上海硅酸盐研究所', '华东理工大学化工学院', '某新能源科技有限公司'];
const names = seedItems.map((item) => item.name);

/** 20,000 members and 100,000 orders in a few set-based statements (the services would take hours). */
async function seed(db: Db) {
  await seedCatalog(db);
  const literal = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`);
  await db.execute(sql`
    insert into members (rid, phone, nickname, name, company, organization, invite_code, created_at)
    select md5('member' || g), '13' || lpad(g::text, 9, '0'), '会员' || g,
      (${literal(surnames)})[1 + g % 16] || (${literal(given)})[1 + (g / 16) % 16] || case when g % 3 = 0 then (${literal(given)})[1 + (g / 7) % 16] else '' end,
      (${literal(units)})[1 + g % 8], (array[0, 3, 1, 2])[1 + g % 4], md5('invite' || g),
      ${now.toISOString()}::timestamptz - (g || ' hours')::interval
    from generate_series(1, ${memberCount}) g`);
  // g = 1 is the newest order; one every ~10 minutes back over two years. The newest few
  // hundred are still in the lab, the rest mostly completed (some cancelled, some pay-later).
  await db.execute(sql`
    with o as (
      select g,
        ${now.toISOString()}::timestamptz - (g * 10 || ' minutes')::interval as created,
        case when g <= 400 then (array['submitted','awaiting_sample','received','testing','delivered'])[1 + g % 5]
             when g % 13 = 0 then 'cancelled' else 'completed' end as progress,
        (select min(id) from members) + (g * 7919) % ${memberCount} as member_id,
        (${literal(names)})[1 + (g * 31) % ${names.length}] as first_item,
        (${literal(names)})[1 + (g * 17) % ${names.length}] as second_item,
        (5000 + (g * 7907) % 400000) as total
      from generate_series(1, ${total}) g
    )
    insert into orders (order_no, member_id, kind, progress, payment, pay_later, organization, title, line_count, sample_count,
      total_fen, paid_fen, created_at, updated_at, paid_at, received_at, delivered_at, completed_at, cancelled_at, manager_called_at, data_notified_at)
    select
      'KY' || to_char(created at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(((g * 7919) % 100000000)::text, 8, '0'),
      member_id,
      case when g % 40 = 0 then 'reservation' else 'test' end,
      progress,
      case when progress = 'cancelled' then (case when g % 2 = 0 then 'refunded' else 'unpaid' end)
           when g % 9 = 0 and progress in ('delivered', 'completed') then 'unsettled'
           when g % 9 = 0 or (g <= 400 and g % 4 = 0) then 'unpaid' else 'paid' end,
      g % 9 = 0,
      (array[0, 3, 1, 2])[1 + g % 4],
      case when g % 3 = 0 then first_item || '、' || second_item else first_item end,
      case when g % 3 = 0 then 2 else 1 end,
      1 + g % 6,
      total,
      case when g % 9 = 0 or progress = 'cancelled' then 0 else total end,
      created, created,
      case when g % 9 = 0 or progress = 'cancelled' or (g <= 400 and g % 4 = 0) then null else created + interval '1 hour' end,
      case when progress in ('received', 'testing', 'delivered', 'completed') then created + interval '1 day' end,
      case when progress in ('delivered', 'completed') then created + interval '3 days' end,
      case when progress = 'completed' then created + interval '5 days' end,
      case when progress = 'cancelled' then created + interval '2 hours' end,
      case when progress in ('received', 'testing', 'delivered', 'completed') and g % 7 <> 0 then created + interval '1 day 1 hour' end,
      case when progress in ('delivered', 'completed') and g % 11 <> 0 then created + interval '3 days' end
    from o`);
  // their lines, one per item of the title (the keyword finds short words through them)
  await db.execute(sql`
    insert into order_lines (rid, order_id, item_id, name, img, type_id, group_id, unit, count, unit_price_fen, amount_fen, samples, sort)
    select md5('line' || o.id || '-' || part.n), o.id, s.id, s.name, s.img, s.type_id, s.group_id, s.unit, o.sample_count, s.price_fen, s.price_fen * o.sample_count, '[]'::jsonb, part.n - 1
    from orders o
    cross join lateral (select n, split_part(o.title, '、', n) as name from generate_series(1, case when o.title like '%、%' then 2 else 1 end) n) part
    join service_items s on s.name = part.name`);
  // the newest orders' lab times are near now, so a few promises are due or overdue
  await db.execute(sql`
    update orders set received_at = ${now.toISOString()}::timestamptz - ((id % 300) || ' minutes')::interval,
      delivered_at = case when progress = 'delivered' then ${now.toISOString()}::timestamptz - ((id % 200) || ' minutes')::interval end
    where progress in ('received', 'testing', 'delivered') and created_at > ${now.toISOString()}::timestamptz - interval '5 days'`);
  // one order in 200 asked for its samples back; most were sent
  await db.execute(sql`
    insert into sample_recycles (rid, member_id, order_no, samples, name, phone, province, city, area, address_code, address, status, tracking_no, created_at, handled_at)
    select md5('return' || id), member_id, order_no, '余样', '收件人', '13800000000', '上海市', '上海市', '徐汇区', '310104', '梅陇路130号',
      case when created_at > ${now.toISOString()}::timestamptz - interval '30 days' then 'pending' else 'sent' end,
      case when created_at > ${now.toISOString()}::timestamptz - interval '30 days' then null else 'SF' || id end,
      created_at + interval '6 days', case when created_at > ${now.toISOString()}::timestamptz - interval '30 days' then null else created_at + interval '7 days' end
    from orders where id % 200 = 0 and progress = 'completed'`);
  await db.execute(sql`vacuum analyze members`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze sample_recycles`);
  await db.execute(sql`vacuum analyze order_lines`);
}

async function sampleValues(db: Db) {
  const [newest] = await queryRows<{ order_no: string; phone: string }>(
    db,
    sql`select o.order_no, m.phone from orders o join members m on m.id = o.member_id where o.progress = 'completed' order by o.created_at desc limit 1 offset ${Math.floor(total / 20)}`,
  );
  const [member] = await queryRows<{ name: string }>(db, sql`select name from members where id % 1000 = 7 limit 1`);
  return { orderNo: newest!.order_no, phone: newest!.phone, name: member!.name };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The plan's nodes in one line: "Limit > Index Scan using orders_created_idx > …". */
function planLine(rows: { 'QUERY PLAN': string }[]): string {
  return rows
    .map((r) => r['QUERY PLAN'].trim().replace(/^->\s*/, '').replace(/\s+\(.*$/, ''))
    .filter((line) => !line.includes(':'))
    .map((line) =>
      line
        .replace(/^((?:Index|Index Only) Scan(?: Backward)? using \S+) on .*/, '$1')
        .replace(/^(Seq Scan|Bitmap Heap Scan) on (\S+).*/, '$1 $2'),
    )
    .join(' > ');
}

const analyze = process.env.BENCH_ANALYZE === '1';

async function explain(db: Db, query: Record<string, string>) {
  const parsed = adminOrderSearchBody.parse(query);
  const statements = searchStatements(db, parsed, now, await keywordHits(db, parsed.keyword));
  const how = sql.raw(analyze ? 'explain (analyze, costs off)' : 'explain');
  const page = await queryRows<{ 'QUERY PLAN': string }>(db, sql`${how} ${statements.page}`);
  const counted = await queryRows<{ 'QUERY PLAN': string }>(db, sql`${how} ${statements.total}`);
  if (analyze) return { page: `\n${page.map((r) => `      ${r['QUERY PLAN']}`).join('\n')}`, total: `\n${counted.map((r) => `      ${r['QUERY PLAN']}`).join('\n')}` };
  return { page: planLine(page), total: planLine(counted) };
}

async function run(label: string, database: Database) {
  const started = Date.now();
  const [existing] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`);
  if (!existing?.n) await seed(database.db);
  const seeded = (Date.now() - started) / 1000;
  const values = await sampleValues(database.db);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), SEED_DEMO: '0' });
  const app = await buildApp({ db: database.db, config, clock: new FixedClock(now), logger: false, rateLimit: false });
  await app.ready();
  const person = await createStaff(database.db, { account: `bench_lab_${process.pid}`, name: '压测实验员', role: 'lab', password: 'Bench@2026!' });
  const { token } = await issueSession(database.db, 'staff', person.id, { now });

  const queries: [string, Record<string, string>][] = [
    ['newest first (page 1)', {}],
    ['page 50', { page: '50' }],
    ['progress 测试中', { progress: 'testing' }],
    ['payment 待支付', { payment: 'unpaid' }],
    ['pay later 待结算', { payLater: '1', payment: 'unsettled' }],
    ['kind 仪器预约', { kind: 'reservation' }],
    ['created in one month', { from: '2025-11-01', to: '2025-11-30' }],
    ['order number', { keyword: values.orderNo }],
    ['sample code', { keyword: `${values.orderNo}-1-1` }],
    ['order number prefix', { keyword: values.orderNo.slice(0, 12) }],
    ['phone', { keyword: values.phone }],
    ['phone, last 4 digits', { keyword: values.phone.slice(-4) }],
    ['member name', { keyword: values.name }],
    ['title, 2 characters', { keyword: '拉曼' }],
    ['title, 4 characters', { keyword: '扫描电镜' }],
    ['title, Latin', { keyword: 'XPS' }],
    ['promise at risk (any)', { risk: 'any' }],
    ['promise at risk (call)', { risk: 'call' }],
    ['sort by total', { sort: 'totalFen', order: 'descend' }],
    ['sort by paid time', { sort: 'paidAt', order: 'descend' }],
    ['completed XRD by total', { progress: 'completed', keyword: 'XRD', sort: 'totalFen', order: 'descend' }],
  ];

  const [lines] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from order_lines`);
  console.log(`\n${label}: ${total.toLocaleString('en-US')} orders (${(lines?.n ?? 0).toLocaleString('en-US')} lines), ${memberCount.toLocaleString('en-US')} members seeded in ${seeded.toFixed(1)} s`);
  console.log(`  ${'call'.padEnd(30)}${'hits'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
  const all: number[] = [];
  const plans: string[] = [];
  const only = process.env.BENCH_CALLS;
  for (const [name, query] of queries.filter(([name]) => !only || name.includes(only))) {
    const call = () => app.inject({ method: 'POST', url: '/api/admin/orders/list', headers: { token, 'content-type': 'application/json' }, payload: JSON.stringify(query) });
    for (let i = 0; i < 3; i += 1) await call(); // warm-up
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < rounds; i += 1) {
      const t0 = process.hrtime.bigint();
      const res = await call();
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      hits = (JSON.parse(res.body) as { data: { total: number } }).data.total;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(`  ${name.padEnd(30)}${String(hits).padStart(8)}${percentile(times, 50).toFixed(1).padStart(9)}${percentile(times, 99).toFixed(1).padStart(9)}`);
    const plan = await explain(database.db, query);
    plans.push(`  ${name}\n    page:  ${plan.page}\n    total: ${plan.total}`);
  }
  all.sort((a, b) => a - b);
  console.log(`  all ${all.length} calls: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${all[all.length - 1]!.toFixed(1)} ms`);
  console.log(`\n${label}: plans (EXPLAIN)\n${plans.join('\n')}`);
  await app.close();
}

// BENCH_PGLITE_DIR: a PGlite folder kept, seeded once and reused
await onEachDatabase('orders', run, { pgliteDir: process.env.BENCH_PGLITE_DIR });
