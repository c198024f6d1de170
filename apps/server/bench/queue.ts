/**
 * npm run bench:queue -w @lab/server
 *
 * Issue 33's speed: 200 samples queued on one instrument and 20,000 historic orders (their
 * samples, with every move, the last 60 days of them the instrument's service-time history),
 * seeded in a few set-based statements into PostgreSQL (BENCH_DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/postgres; a database of its own, dropped after) and PGlite.
 * Then, through the real app (listening; the load comes from autocannon in a process of its own):
 *
 * - a member's order page with estimates (POST /api/auth/order/detail, an order whose samples are
 *   at the back of the queue): req/s, p50 and p99 at BENCH_CONNECTIONS (32) for BENCH_SECONDS (5) s;
 * - reordering the queue and recomputing every estimate: POST /api/admin/queue/reorder (audited,
 *   the board back) then every queued sample's estimate as the promise job computes them
 *   (`slippingSamples`), timed together one after another, BENCH_ROUNDS (40) times, p50 / p99;
 * - the statements each sends, counted, for an order of 1 and of 3 queued samples and a reorder
 *   at the front and at the back of the queue: the bench fails if a count depends on the samples.
 *
 * BENCH_ONLY=PostgreSQL (or PGlite) runs one database; BENCH_ORDERS, BENCH_QUEUED size the data.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { queryRows, statementCounter, type Database, type Db } from '../src/db/client';
import { FixedClock } from '../src/platform/clock';
import { createStaff } from '../src/areas/accounts/staff.service';
import { issueSession } from '../src/areas/accounts/sessions.service';
import { seedCatalog } from '../src/areas/catalog/catalog.seed';
import { promisedDaysOfItems } from '../src/areas/orders/desk/item-waits';
import { slippingSamples } from '../src/areas/orders/desk/queue-estimate';
import { onEachDatabase } from './databases';

const historic = Number(process.env.BENCH_ORDERS ?? 20_000);
const queuedOrders = Math.round(Number(process.env.BENCH_QUEUED ?? 200) / 2); // 1 + g % 3 samples each: 2 on average
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 40);
// a Wednesday, 10:00 in Shanghai: the history's last 60 days end here
const now = new Date('2026-03-04T02:00:00Z');
const here = path.dirname(fileURLToPath(import.meta.url));

const counter = statementCounter();

/** The lab's history and today's queue, in a few set-based statements. Returns the instrument's id. */
async function seed(db: Db): Promise<number> {
  await seedCatalog(db);
  const [instrument] = await queryRows<{ id: number }>(db, sql`select id from service_items where published and not reservable order by id limit 1`);
  const itemId = Number(instrument!.id);
  await db.execute(sql`
    insert into members (rid, phone, nickname, name, organization, invite_code, created_at)
    select md5('qmember' || g), '17' || lpad(g::text, 9, '0'), '会员' || g, '排队用户' || g, 0, md5('qinvite' || g), ${now.toISOString()}::timestamptz - interval '900 days'
    from generate_series(1, 2000) g`);
  const at = now.toISOString();
  // orders: g ≤ queuedOrders are in the lab today (their samples queued on the instrument, in g order);
  // the rest are history, one every 30 minutes back, every fifth on the instrument
  await db.execute(sql`
    with items as (select id, name, img, type_id, group_id, unit, price_fen, (row_number() over (order by id) - 1)::int as n from service_items where published and not reservable),
    src as (
      select g, (select min(id) from members) + (g * 7919) % 2000 as member_id,
        case when g <= ${queuedOrders} then ${at}::timestamptz - ((${queuedOrders} - g) * 20 + 60 || ' minutes')::interval
             else ${at}::timestamptz - (g * 30 || ' minutes')::interval end as created,
        case when g <= ${queuedOrders} or g % 5 = 0 then ${itemId} else (select id from items where n = g % (select count(*) from items)) end as item_id,
        1 + g % 3 as samples
      from generate_series(1, ${queuedOrders + historic}) g
    )
    insert into orders (order_no, member_id, progress, payment, organization, title, line_count, sample_count, total_fen, paid_fen,
      created_at, updated_at, paid_at, received_at, delivered_at, completed_at)
    select 'KY' || to_char(src.created at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad((30000000 + src.g)::text, 8, '0'), src.member_id,
      case when src.g <= ${queuedOrders} then 'testing' else 'completed' end, 'paid', 0, i.name, 1, src.samples,
      i.price_fen * src.samples, i.price_fen * src.samples, src.created, src.created, src.created + interval '10 minutes',
      src.created + interval '30 minutes',
      case when src.g > ${queuedOrders} then src.created + interval '4 days' end,
      case when src.g > ${queuedOrders} then src.created + interval '6 days' end
    from src join service_items i on i.id = src.item_id`);
  await db.execute(sql`
    insert into order_lines (rid, order_id, item_id, name, img, type_id, group_id, unit, count, unit_price_fen, amount_fen, samples, sort)
    select md5('qline' || o.order_no), o.id, i.id, i.name, i.img, i.type_id, i.group_id, i.unit, o.sample_count, i.price_fen, o.total_fen,
      (select jsonb_agg(jsonb_build_object('name', '样品' || n, 'count', 1, 'form', 'powder', 'hazards', '', 'magnetic', false, 'returnWanted', false, 'code', o.order_no || '-1-' || n) order by n)
       from generate_series(1, o.sample_count) n), 0
    from orders o join service_items i on i.name = o.title`);
  // a sample per line entry; today's are queued in order, the history's data is out
  await db.execute(sql`
    insert into order_samples (order_id, line_id, item_id, code, state, state_at, queue_pos, created_at)
    select o.id, l.id, l.item_id, o.order_no || '-1-' || n,
      case when o.progress = 'testing' then 'queued' else 'data_out' end,
      case when o.progress = 'testing' then o.received_at + interval '5 minutes' else o.delivered_at end,
      case when o.progress = 'testing' then (row_number() over (partition by o.progress = 'testing' order by o.created_at, n))::int end,
      o.created_at
    from orders o join order_lines l on l.order_id = o.id cross join generate_series(1, o.sample_count) n`);
  // the moves: received, queued (all); running, processing, data out (the history), 1–4 days on the instrument
  await db.execute(sql`
    insert into sample_events (sample_id, order_id, from_state, to_state, note, actor_kind, actor_name, created_at)
    select s.id, s.order_id, m.from_state, m.to_state, '', 'staff', '实验员', m.at
    from order_samples s join orders o on o.id = s.order_id
    cross join lateral (values
      (1, 'awaiting', 'received', o.received_at),
      (2, 'received', 'queued', o.received_at + interval '5 minutes'),
      (3, 'queued', 'running', o.received_at + interval '1 day'),
      (4, 'running', 'processing', o.received_at + interval '1 day 3 hours'),
      (5, 'processing', 'data_out', o.received_at + interval '1 day' + ((s.id % 4) * 20 + 6 || ' hours')::interval)
    ) m(step, from_state, to_state, at)
    where m.step <= 2 or s.state = 'data_out'`);
  // the row keeps its last 上机 and 出数据, as a move at the desk writes them
  await db.execute(sql`
    update order_samples s set ran_at = e.ran, data_out_at = e.out
    from (select sample_id, max(created_at) filter (where to_state = 'running') as ran, max(created_at) filter (where to_state = 'data_out') as out
          from sample_events group by sample_id) e
    where e.sample_id = s.id and e.out is not null`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_lines`);
  await db.execute(sql`vacuum analyze order_samples`);
  await db.execute(sql`vacuum analyze sample_events`);
  return itemId;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/** autocannon in a process of its own, so the app's event loop serves only the requests. */
function autocannon(url: string, headers: Record<string, string>, body: string): Promise<Load> {
  const bin = path.resolve(here, '../../../node_modules/.bin/autocannon');
  const args = ['-c', String(connections), '-d', String(seconds), '-m', 'POST', '-b', body, '-j'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...args, url], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        const r = JSON.parse(out) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number };
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts, requests: r.requests.total });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

async function run(label: string, database: Database) {
  const { db } = database;
  const started = Date.now();
  const itemId = await seed(db);
  const seeded = (Date.now() - started) / 1000;
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), SEED_DEMO: '0' });
  const app = await buildApp({ db, config, clock: new FixedClock(now), logger: false, rateLimit: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const person = await createStaff(db, { account: `bench_queue_${process.pid}`, name: '压测实验员', role: 'lab', password: 'Bench@2026!' });
  const staff = (await issueSession(db, 'staff', person.id, { now })).token;

  // the member's order at the back of the queue (3 samples), and one of a single sample
  const orderOf = async (samples: number) => {
    const [row] = await queryRows<{ order_no: string; member_id: number; last: number }>(
      db,
      sql`select o.order_no, o.member_id, max(s.queue_pos)::int as last from orders o join order_samples s on s.order_id = o.id
          where o.progress = 'testing' and o.sample_count = ${samples} group by o.id order by last desc limit 1`,
    );
    return { orderNo: row!.order_no, token: (await issueSession(db, 'member', Number(row!.member_id), { now })).token, last: Number(row!.last) };
  };
  const back = await orderOf(3);
  const single = await orderOf(1);
  const [counts] = await queryRows<{ queued: number; orders: number; samples: number; events: number; history: number }>(
    db,
    sql`select (select count(*)::int from order_samples where state = 'queued' and item_id = ${itemId}) as queued,
      (select count(*)::int from orders) as orders, (select count(*)::int from order_samples) as samples, (select count(*)::int from sample_events) as events,
      (select count(*)::int from sample_events e join order_samples s on s.id = e.sample_id where e.to_state = 'data_out' and s.item_id = ${itemId} and e.created_at >= ${now.toISOString()}::timestamptz - interval '60 days') as history`,
  );
  console.log(
    `\n${label}: ${counts!.orders.toLocaleString('en-US')} orders, ${counts!.samples.toLocaleString('en-US')} samples, ${counts!.events.toLocaleString('en-US')} sample moves; ` +
      `${counts!.queued} queued on one instrument (${counts!.history} of its samples' data out in the last 60 days); seeded in ${seeded.toFixed(1)} s; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );

  const json = { 'content-type': 'application/json' };
  const detail = async (order: { orderNo: string; token: string }) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/order/detail', headers: { ...json, token: order.token }, payload: JSON.stringify({ order_no: order.orderNo }) });
    if (res.statusCode !== 200) throw new Error(`order/detail: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as { data: { lines: { samples: { code: string; estimate: { ahead: number; minDays: number; maxDays: number; basis: string } | null }[] }[] } };
  };
  const shown = (await detail(back)).data.lines.flatMap((l) => l.samples);
  if (shown.some((s) => !s.estimate)) throw new Error('order/detail: a queued sample without its estimate');
  console.log(`  the member's order ${back.orderNo}: ${shown.map((s) => `${s.code.slice(-3)} 前面 ${s.estimate!.ahead} 个, ${s.estimate!.minDays}–${s.estimate!.maxDays} 个工作日 (${s.estimate!.basis})`).join('; ')}`);

  // statements: each call's count must not depend on how many samples it concerns
  const statementsOf = async (work: () => Promise<unknown>) => {
    counter.reset();
    await work();
    return counter.count;
  };
  const reorder = async (code: string, direction: 'up' | 'down') => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/queue/reorder', headers: { ...json, token: staff }, payload: JSON.stringify({ code, direction, reason: '压测：加急样品' }) });
    if (res.statusCode !== 200) throw new Error(`queue/reorder: ${res.statusCode} ${res.body}`);
  };
  const recompute = () => slippingSamples(db, now, (ids) => promisedDaysOfItems(db, ids));
  const [front] = await queryRows<{ code: string }>(db, sql`select code from order_samples where state = 'queued' and item_id = ${itemId} order by queue_pos, id offset 1 limit 1`);
  const [last] = await queryRows<{ code: string }>(db, sql`select code from order_samples where state = 'queued' and item_id = ${itemId} order by queue_pos desc, id desc limit 1`);
  const figures = {
    detailOne: await statementsOf(() => detail(single)),
    detailThree: await statementsOf(() => detail(back)),
    reorderFront: await statementsOf(() => reorder(front!.code, 'up')),
    reorderBack: await statementsOf(() => reorder(last!.code, 'up')),
    recompute: await statementsOf(recompute),
  };
  console.log(
    `  statements: order page ${figures.detailOne} (1 queued sample) / ${figures.detailThree} (3); reorder ${figures.reorderFront} (2nd of ${counts!.queued}) / ${figures.reorderBack} (last); every estimate ${figures.recompute}`,
  );
  if (figures.detailOne !== figures.detailThree || figures.reorderFront !== figures.reorderBack) throw new Error('a call sends a statement per sample');

  // BENCH_EXPLAIN=1: each statement of the order page with its plan and time (while tuning)
  if (process.env.BENCH_EXPLAIN === '1') {
    const kept: [string, unknown[]][] = [];
    const logQuery = counter.logQuery;
    counter.logQuery = (query: string, params?: unknown[]) => void kept.push([query, params ?? []]);
    await detail(back);
    counter.logQuery = logQuery;
    const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> } }).$client;
    for (const [query, params] of kept) {
      const plan = await client.query(`explain (analyze, costs off) ${query}`, params);
      console.log(`\n  ${query.slice(0, 160)}\n${plan.rows.map((r) => `    ${Object.values(r)[0]}`).join('\n')}`);
    }
  }

  // the member's order page under load
  // one at a time first (the call's own latency), then under load; the app's CPU per request beside
  const alone: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const t0 = process.hrtime.bigint();
    await detail(back);
    alone.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  alone.sort((a, b) => a - b);
  const cpu0 = process.cpuUsage();
  const loaded = await autocannon(`${url}/api/auth/order/detail`, { ...json, token: back.token }, JSON.stringify({ order_no: back.orderNo }));
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `  order page with estimates, one at a time: p50 ${percentile(alone, 50).toFixed(1)} ms, p99 ${percentile(alone, 99).toFixed(1)} ms\n` +
      `  order page with estimates, ${connections} connections, ${seconds} s: ${Math.round(loaded.rps)} req/s, p50 ${loaded.p50} ms, p99 ${loaded.p99} ms, ${loaded.errors} errors (${loaded.requests} requests), ` +
      `app CPU ${Math.round((cpu.user + cpu.system) / Math.max(1, loaded.requests))} µs per request; load ${os.loadavg()[0]!.toFixed(2)}`,
  );

  // reorder + every estimate, one after another (the last sample moves up and down by turns)
  for (let i = 0; i < 3; i += 1) await recompute();
  const times: number[] = [];
  const parts = { reorder: [] as number[], recompute: [] as number[] };
  const [{ n: estimates } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from order_samples where state = 'queued'`);
  for (let i = 0; i < rounds; i += 1) {
    const t0 = process.hrtime.bigint();
    await reorder(last!.code, i % 2 === 0 ? 'down' : 'up');
    const t1 = process.hrtime.bigint();
    await recompute();
    const t2 = process.hrtime.bigint();
    times.push(Number(t2 - t0) / 1e6);
    parts.reorder.push(Number(t1 - t0) / 1e6);
    parts.recompute.push(Number(t2 - t1) / 1e6);
  }
  times.sort((a, b) => a - b);
  parts.reorder.sort((a, b) => a - b);
  parts.recompute.sort((a, b) => a - b);
  console.log(
    `  reorder + recompute ${estimates} estimates, ${rounds} rounds: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms ` +
      `(the reorder p50 ${percentile(parts.reorder, 50).toFixed(1)} ms, the estimates p50 ${percentile(parts.recompute, 50).toFixed(1)} ms); load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  await app.close();
}

await onEachDatabase('queue', run, { logger: counter });
