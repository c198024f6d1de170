/**
 * npm run bench:finance -w @lab/server
 *
 * Seeds a busy lab's money tables — 20,000 members, 100,000 top-up applications over a year,
 * 20,000 invoice applications, 20,000 prestore accounts, one account with 5,000 ledger
 * entries — and times the finance back office's calls through the app (auth guard,
 * validation and serialisation included) with a finance token: the queues with each filter
 * and sort, the accounts, a ledger, the counts and an export. p50 / p99 per call, on PGlite
 * in a temp folder and on PostgreSQL when BENCH_DATABASE_URL (or the tests' local server)
 * answers.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { queryRows, type Database } from '../src/db/client';
import { onEachDatabase } from './databases';
import { createStaff } from '../src/areas/accounts/staff.service';
import { issueSession } from '../src/areas/accounts/sessions.service';
import { seedFundsDemo } from '../src/areas/funds/funds.seed';

const membersCount = Number(process.env.BENCH_MEMBERS ?? 20_000);
const prestoreCount = Number(process.env.BENCH_PRESTORES ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 20);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function seed(database: Database) {
  const db = database.db;
  await seedFundsDemo(db);
  const surnames = "'王','李','张','刘','陈','杨','赵','黄','周','吴','徐','孙','胡','朱','高','林','何','郭','马','罗'";
  await db.execute(sql.raw(`
    insert into members (rid, phone, nickname, name, company, invite_code, organization, created_at)
    select 'm' || lpad(g::text, 9, '0'), '138' || lpad(g::text, 8, '0'), '用户' || g,
           (array[${surnames}])[1 + g % 20] || '老师' || g, '大学' || (g % 300) || ' 学院', 'I' || lpad(g::text, 9, '0'), g % 4,
           now() - (g % 365) * interval '1 day'
    from generate_series(1, ${membersCount}) g`));
  // a year of top-ups, one in twenty still waiting, most confirmed
  await db.execute(sql.raw(`
    insert into prestore_applications (rid, apply_no, member_id, amount_fen, bonus_fen, payer, status, created_at, updated_at, decided_at)
    select 'p' || lpad(g::text, 9, '0'), 'YC' || to_char(now() - (g % 365) * interval '1 day', 'YYYYMMDD') || lpad(g::text, 8, '0'),
           (select min(id) from members) + (g % ${membersCount}), 100000 + (g % 97) * 10000, 0, '付款单位' || (g % 500),
           (array['pending','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','refused','cancelled'])[1 + g % 20],
           now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute', now(), now()
    from generate_series(1, ${prestoreCount}) g`));
  await db.execute(sql.raw(`
    insert into invoice_applications (rid, member_id, type, title, amount_fen, email, status, created_at, updated_at)
    select 'i' || lpad(g::text, 9, '0'), (select min(id) from members) + (g % ${membersCount}), 1 + g % 4,
           jsonb_build_object('kind', 'unit', 'title', '大学' || (g % 300), 'tax_no', '12100000425006117P', 'bank', null, 'bank_account', null, 'address', null, 'phone', null, 'email', null),
           100000 + (g % 50) * 1000, 'inv' || g || '@example.com', (array['pending','issued','issued','issued','rejected'])[1 + g % 5],
           now() - (g % 365) * interval '1 day', now()
    from generate_series(1, ${Math.floor(prestoreCount / 5)}) g`));
  await db.execute(sql.raw(`
    insert into accounts (owner_kind, owner_id, kind, balance_fen, updated_at)
    select 'member', id, 'prestore', (id * 7919) % 5000000, now() - (id % 365) * interval '1 day' from members`));
  // one account with years of activity: the ledger pages newest first on (account_id, id)
  await db.execute(sql.raw(`
    insert into ledger_entries (account_id, amount_fen, balance_after_fen, type, reference, note, actor_kind, created_at)
    select (select min(id) from accounts), 1000, 1000 * g, 'adjustment', 'bench:' || g, '压测', 'system', now() - (5000 - g) * interval '1 hour'
    from generate_series(1, 5000) g`));
  for (const table of ['members', 'prestore_applications', 'invoice_applications', 'accounts', 'ledger_entries']) await db.execute(sql.raw(`vacuum analyze ${table}`));
}

async function run(label: string, database: Database) {
  const started = Date.now();
  await seed(database);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), SEED_DEMO: '0' });
  const app = await buildApp({ db: database.db, config, logger: false, rateLimit: false });
  await app.ready();
  const person = await createStaff(database.db, { account: 'bench.finance', name: '压测财务', role: 'finance', password: 'Bench@2026' });
  const { token } = await issueSession(database.db, 'staff', person.id, { now: new Date() });
  const [ledgerAccount] = await queryRows<{ id: number }>(database.db, sql`select min(id)::int as id from accounts`);
  const day = (daysAgo: number) => new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  console.log(`\n${label}: ${membersCount} members, ${prestoreCount} top-ups, ${prestoreCount / 5} invoices seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const calls: [string, 'POST' | 'GET', string, Record<string, string | number>][] = [
    ['prestore pending, newest first', 'POST', '/api/admin/funds/prestore/list', { status: 'pending' }],
    ['prestore pending, oldest first', 'POST', '/api/admin/funds/prestore/list', { status: 'pending', sort: 'createdAt', order: 'ascend' }],
    ['prestore all, page 200', 'POST', '/api/admin/funds/prestore/list', { page: 200 }],
    ['prestore by phone prefix', 'POST', '/api/admin/funds/prestore/list', { keyword: '138000123' }],
    ['prestore by name', 'POST', '/api/admin/funds/prestore/list', { keyword: '王老师12' }],
    ['prestore by number', 'POST', '/api/admin/funds/prestore/list', { keyword: `YC${day(5).replace(/-/g, '')}00000005` }],
    ['prestore confirmed, last 7 days', 'POST', '/api/admin/funds/prestore/list', { status: 'confirmed', from: day(7), to: day(0) }],
    ['invoice pending', 'POST', '/api/admin/funds/invoice/list', { status: 'pending' }],
    ['invoice by member', 'POST', '/api/admin/funds/invoice/list', { keyword: '13800012345' }],
    ['accounts, largest balance', 'POST', '/api/admin/funds/account/list', { sort: 'balanceFen', order: 'descend' }],
    ['accounts, recent, nonzero', 'POST', '/api/admin/funds/account/list', { nonzero: '1' }],
    ['accounts by name', 'POST', '/api/admin/funds/account/list', { keyword: '李老师' }],
    ['ledger of a busy account', 'POST', '/api/admin/funds/account/ledger', { account_id: ledgerAccount!.id }],
    ['ledger, page 100', 'POST', '/api/admin/funds/account/ledger', { account_id: ledgerAccount!.id, page: 100 }],
    ['queue counts', 'POST', '/api/admin/funds/counts', {}],
    ['export pending top-ups (xlsx)', 'GET', '/api/admin/funds/prestore/export', { status: 'pending' }],
  ];
  const all: number[] = [];
  console.log(`  ${'call'.padEnd(34)}${'rows'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
  for (const [name, method, url, body] of calls) {
    const inject = () =>
      method === 'GET'
        ? app.inject({ method, url, query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])), headers: { token } })
        : app.inject({ method, url, payload: body, headers: { token } });
    for (let i = 0; i < 2; i += 1) await inject();
    const times: number[] = [];
    let rows = '';
    const repeat = method === 'GET' ? Math.max(3, Math.floor(rounds / 4)) : rounds;
    for (let i = 0; i < repeat; i += 1) {
      const t0 = process.hrtime.bigint();
      const res = await inject();
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      rows = method === 'GET' ? `${Math.round(res.rawPayload.length / 1024)}KB` : String((JSON.parse(res.body) as { data: { total?: number } }).data.total ?? '-');
    }
    times.sort((a, b) => a - b);
    if (method === 'POST') all.push(...times);
    console.log(`  ${name.padEnd(34)}${rows.padStart(8)}${percentile(times, 50).toFixed(1).padStart(9)}${percentile(times, 99).toFixed(1).padStart(9)}`);
  }
  all.sort((a, b) => a - b);
  console.log(`  all ${all.length} list calls: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${all[all.length - 1]!.toFixed(1)} ms`);
  await app.close();
}

await onEachDatabase('finance', run);
