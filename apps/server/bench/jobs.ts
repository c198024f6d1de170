/**
 * npm run bench:jobs (root or -w @lab/server)
 *
 * The background jobs as the server runs them (pg-boss in this process, the app's own
 * services), on PGlite in a temp folder and on PostgreSQL when BENCH_DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/postgres, answers (a new database, dropped after):
 *
 * 1. The outbox: BENCH_MESSAGES (default 10,000) SMS queued the way a service queues one
 *    (`deps.sms.send` in a transaction: the outbox row and its `outbox-send` job), 100 to a
 *    transaction, then dispatched by the outbox job through the local provider (a log line, the
 *    default deliverer). Times: queueing, and from the first queued to the last row 'sent'; rate.
 * 2. A service promise falling due: BENCH_ORDERS orders (default 20,000; one in ten in the lab,
 *    the call made) and, each round, 10 orders whose manager call enters its last 30 minutes at
 *    the instant the test clock (platform/clock.ts FixedClock) is moved to. The clock moves, the
 *    promise job is sent as its per-minute cron tick sends it, and the time until the 10 alerts
 *    (staff_alerts, each with its SMS queued) are in the database is the latency; BENCH_ROUNDS
 *    rounds (default 10), p50 and max. In the server the tick comes every minute (pg-boss
 *    evaluates cron schedules every 30 s), so add up to a minute and a half of waiting for the tick.
 */
import os from 'node:os';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import type { Database } from '../src/db/client';
import { onEachDatabase } from './databases';
import { FixedClock } from '../src/platform/clock';
import { localDeliverers } from '../src/platform/outbox';
import { jobSpecs, openJobQueue, PROMISES_JOB } from '../src/jobs';
import { outbox, staff, staffAlerts } from '../src/db/schema';
import { createStaff } from '../src/areas/accounts/staff.service';

const messageCount = Number(process.env.BENCH_MESSAGES ?? 10_000);
const orderCount = Number(process.env.BENCH_ORDERS ?? 20_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const PER_ROUND = 10;
const MINUTE = 60_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function run(label: string, database: Database) {
  const db = database.db;
  const silent = pino({ level: 'silent' });
  const clock = new FixedClock('2026-06-01T02:00:00Z');
  const jobs = await openJobQueue(database, silent, true);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), SEED_DEMO: '0' });
  const app = await buildApp({ db, config, clock, jobs, deliverers: localDeliverers(silent), logger: false, rateLimit: false });
  await app.ready();
  // the handlers without their schedules: the bench sends the promise job itself, as a tick would
  await jobs.work(jobSpecs(app.deps, app.log, {}));
  console.log(`\n${label}`);

  // ---- 1. the outbox ----
  const started = Date.now();
  for (let i = 0; i < messageCount; i += 100) {
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(messageCount, i + 100); j += 1) {
        await app.deps.sms.send({ phone: `139${String(j).padStart(8, '0')}`, template: 'bench', params: { n: j }, body: `【科研检测】压测短信 ${j}` }, tx);
      }
    });
  }
  const queuedMs = Date.now() - started;
  const sentCount = async () => (await db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'sent')))[0]!.n;
  await waitFor(async () => (await sentCount()) >= messageCount, 30 * 60_000, 'the outbox to be dispatched');
  const allSentMs = Date.now() - started;
  const [failed] = await db.select({ n: count() }).from(outbox).where(inArray(outbox.status, ['queued', 'failed']));
  console.log(`  outbox: ${messageCount} SMS queued in ${seconds(queuedMs)} (${Math.round(messageCount / (queuedMs / 1000))}/s); all sent ${seconds(allSentMs)} after the first was queued: ${Math.round(messageCount / (allSentMs / 1000))} messages/s end to end; left queued or failed: ${failed!.n}`);

  // ---- 2. a promise falling due → its alert ----
  await createStaff(db, { account: 'bench.sales', name: '压测销售', role: 'sales', password: 'Bench@2026' });
  await db.update(staff).set({ phone: '13700000001' }).where(eq(staff.account, 'bench.sales'));
  await db.execute(sql.raw(`insert into members (rid, phone, nickname, invite_code) values ('benchjobsmember1', '13600000001', '压测会员', 'BJ000001')`));
  const now = clock.now().getTime();
  // the background: orders in every state, one in ten in the lab with the manager's call made
  await db.execute(sql.raw(`
    insert into orders (order_no, member_id, progress, payment, title, line_count, sample_count, total_fen, created_at, received_at, manager_called_at)
    select 'BG' || lpad(g::text, 10, '0'), (select min(id) from members),
           (array['submitted','awaiting_sample','received','testing','delivered','completed','cancelled','completed','completed','completed'])[1 + g % 10],
           'paid', '压测订单', 1, 2, 10000, to_timestamp(${now / 1000}) - interval '10 days',
           case when g % 10 in (2, 3, 4, 5, 7, 8, 9, 0) then to_timestamp(${now / 1000}) - interval '5 days' end,
           case when g % 10 in (2, 3, 4, 5, 7, 8, 9, 0) then to_timestamp(${now / 1000}) - interval '5 days' + interval '1 hour' end
    from generate_series(1, ${orderCount}) g`));
  await db.execute(sql.raw('vacuum analyze orders'));

  const latencies: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    // this round's orders: received so that their call enters its last 30 minutes at `dueSoonAt`
    const dueSoonAt = now + (round + 1) * 10 * MINUTE;
    const receivedAt = new Date(dueSoonAt - 90 * MINUTE).toISOString();
    await db.execute(sql.raw(`
      insert into orders (order_no, member_id, progress, payment, title, line_count, sample_count, total_fen, received_at)
      select 'PR' || lpad((${round * PER_ROUND} + g)::text, 10, '0'), (select min(id) from members), 'received', 'paid', '承诺压测', 1, 1, 10000, '${receivedAt}'::timestamptz
      from generate_series(1, ${PER_ROUND}) g`));
    const orderNos = Array.from({ length: PER_ROUND }, (_, g) => `PR${String(round * PER_ROUND + g + 1).padStart(10, '0')}`);
    const links = orderNos.map((no) => `/admin/orders/${no}`);
    clock.set(dueSoonAt);
    const t0 = process.hrtime.bigint();
    await jobs.runNow(PROMISES_JOB);
    await waitFor(async () => (await db.select({ n: count() }).from(staffAlerts).where(inArray(staffAlerts.link, links)))[0]!.n === PER_ROUND, 120_000, 'the promise alerts');
    latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  latencies.sort((a, b) => a - b);
  const [sms] = await db.select({ n: count() }).from(outbox).where(eq(outbox.template, 'staff_promise_due'));
  console.log(
    `  promise due → alert (${orderCount} orders, ${PER_ROUND} promises falling due per round, ${rounds} rounds): p50 ${percentile(latencies, 50).toFixed(0)} ms, max ${latencies[latencies.length - 1]!.toFixed(0)} ms; staff SMS queued: ${sms!.n}`,
  );

  await jobs.stop(5000);
  await app.close();
}

await onEachDatabase('jobs', run);
process.exit(0);
