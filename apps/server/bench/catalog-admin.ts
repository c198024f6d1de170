/**
 * npx tsx bench/catalog-admin.ts (from apps/server)
 *
 * Seeds 10,000 service items (the search bench's variations of the demo catalogue) and times
 * the back office's catalogue reads through the app as an admin: the items table with its
 * filters and sorts (POST /api/admin/catalog/item/list) and the groups with their counts
 * (POST /api/admin/catalog/group/list). p50 / p99 per call, on PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/postgres) answers.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import type { Database } from '../src/db/client';
import { onEachDatabase } from './databases';
import { createStaff } from '../src/areas/accounts/staff.service';
import { issueSession } from '../src/areas/accounts/sessions.service';
import { seedCatalog, seedItemInput } from '../src/areas/catalog/catalog.seed';
import { createServiceItems, type ServiceItemInput } from '../src/areas/catalog/catalog.service';
import { seedItems } from '../src/areas/catalog/seed-items';

const total = Number(process.env.BENCH_ITEMS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 30);
const sites = ['上海徐汇', '苏州园区', '南京江北', '杭州滨江', '合肥高新', '武汉光谷', '成都天府', '西安高新', '广州黄埔', '深圳南山'];

function manyItems(count: number): ServiceItemInput[] {
  const out: ServiceItemInput[] = [];
  for (let i = 0; out.length < count; i += 1) {
    const base = seedItems[i % seedItems.length]!;
    const site = sites[Math.floor(i / seedItems.length) % sites.length]!;
    out.push({ ...seedItemInput(base, i), name: `${base.name} · ${site}平台 ${Math.floor(i / seedItems.length)}`, orderCount: (i * 7919) % 20_000, hot: i % 97 === 0, reservable: i % 5 === 0 });
  }
  return out;
}

const calls: [string, Record<string, unknown>][] = [
  ['item/list', {}],
  ['item/list', { page: 200 }],
  ['item/list', { keyword: '电镜' }],
  ['item/list', { keyword: 'SU8010' }],
  ['item/list', { keyword: '扫描电镜 苏州' }],
  ['item/list', { keyword: '不存在的项目' }],
  ['item/list', { typeId: 1, sort: 'priceFen', order: 'ascend' }],
  ['item/list', { sort: 'updatedAt', order: 'descend', page: 50 }],
  ['item/list', { sort: 'orderCount', order: 'descend' }],
  ['item/list', { groupId: 32, childId: 3201, sort: 'sort', order: 'ascend' }],
  ['item/list', { published: '0' }],
  ['item/list', { hot: '1', reservable: '1' }],
  ['group/list', {}],
  ['group/list', { typeId: 2 }],
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(label: string, database: Database) {
  const started = Date.now();
  await seedCatalog(database.db);
  await createServiceItems(database.db, manyItems(total - seedItems.length));
  await database.db.execute(sql`update service_items set published = false where id % 50 = 0`);
  await database.db.execute(sql`vacuum analyze service_items`);
  const person = await createStaff(database.db, { account: 'bench_admin', name: '基准管理员', role: 'admin', password: 'Bench@2026' });
  const { token } = await issueSession(database.db, 'staff', person.id, { now: new Date() });
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), SEED_DEMO: '0' });
  const app = await buildApp({ db: database.db, config, logger: false, rateLimit: false });
  await app.ready();
  console.log(`\n${label}: ${total} items seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const all: number[] = [];
  console.log(`  ${'call'.padEnd(70)}${'total'.padStart(7)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
  for (const [path, body] of calls) {
    const url = `/api/admin/catalog/${path}`;
    const send = () => app.inject({ method: 'POST', url, headers: { token, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    for (let i = 0; i < 3; i += 1) await send();
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < rounds; i += 1) {
      const t0 = process.hrtime.bigint();
      const res = await send();
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      const data = (JSON.parse(res.body) as { data: { total?: number; length?: number } }).data;
      count = data.total ?? data.length ?? 0;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(`  ${`${path} ${JSON.stringify(body)}`.padEnd(70)}${String(count).padStart(7)}${percentile(times, 50).toFixed(1).padStart(9)}${percentile(times, 99).toFixed(1).padStart(9)}`);
  }
  all.sort((a, b) => a - b);
  console.log(`  all ${all.length} calls: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${all[all.length - 1]!.toFixed(1)} ms`);
  await app.close();
}

// BENCH_PGLITE=0 measures PostgreSQL only
await onEachDatabase('catalog', run, { only: process.env.BENCH_PGLITE === '0' ? 'PostgreSQL' : undefined });
