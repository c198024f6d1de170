/**
 * npm run bench:search -w @lab/server
 *
 * Seeds 10,000 service items (variations of the demo catalogue) and times the search call
 * (GET /api/open/web/device/search through the app, validation and serialisation included)
 * for a mix of Chinese and Latin keywords, synonyms, filters and sorts: p50 / p99 / max per
 * database, one call at a time; then the search and the suggestions (device/suggest) with 32
 * calls in flight (BENCH_CONCURRENCY).
 * Runs on PGlite in a temp folder, and on PostgreSQL as well when BENCH_DATABASE_URL (or
 * the tests' postgres://postgres@127.0.0.1:5432/postgres) answers.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import type { Database } from '../src/db/client';
import { onEachDatabase } from './databases';
import { seedCatalog } from '../src/areas/catalog/catalog.seed';
import { createServiceItems } from '../src/areas/catalog/catalog.service';
import { seedItems } from '../src/areas/catalog/seed-items';
import { manyItems } from './api-seed';

const total = Number(process.env.BENCH_ITEMS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 30);
const queries: Record<string, string>[] = [
  { keyword: '衍射' },
  { keyword: 'XPS' },
  { keyword: '扫描电镜' },
  { keyword: 'SU8010' },
  { keyword: '核磁 400' },
  { keyword: '比表面积' },
  { keyword: '拉曼 mapping' },
  { keyword: '氧空位' },
  { keyword: '钛' },
  { keyword: '不存在的项目名称' },
  { keyword: '扫描电子显微镜' },
  { keyword: 'SEM测试' },
  { keyword: 'ＸＲＤ精修' },
  { keyword: 'XPS分峰拟合' },
  { keyword: '氮气吸附比表面分析' },
  { keyword: '电镜', typeId: '2' },
  { keyword: '测试', sort: 'priceAsc' },
  { childId: '3201' },
  { typeId: '1', sort: 'hot', page: '20' },
  {},
];

const suggestions = ['扫', '扫描', 'x', 'xp', '比表', '核磁', 'sem', '拉曼', '电镜', 'd8'];
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(label: string, database: Database) {
  const started = Date.now();
  await seedCatalog(database.db);
  await createServiceItems(database.db, manyItems(total - seedItems.length));
  // the steady state of a catalogue this size: vacuumed and analysed (autovacuum on PostgreSQL)
  await database.db.execute(sql`vacuum analyze service_items`);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), SEED_DEMO: '0' });
  const app = await buildApp({ db: database.db, config, logger: false, rateLimit: false });
  await app.ready();
  console.log(`\n${label}: ${total} items seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const all: number[] = [];
  const rows: string[] = [];
  for (const query of queries) {
    const url = `/api/open/web/device/search?${new URLSearchParams(query).toString()}`;
    for (let i = 0; i < 3; i += 1) await app.inject({ method: 'GET', url }); // warm-up
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < rounds; i += 1) {
      const t0 = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url });
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      hits = (JSON.parse(res.body) as { data: { total: number } }).data.total;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push(`  ${JSON.stringify(query).padEnd(44)}${String(hits).padStart(7)}${percentile(times, 50).toFixed(1).padStart(9)}${percentile(times, 99).toFixed(1).padStart(9)}`);
  }
  all.sort((a, b) => a - b);
  console.log(`  ${'query'.padEnd(44)}${'hits'.padStart(7)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
  for (const row of rows) console.log(row);
  console.log(`  all ${all.length} calls: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${all[all.length - 1]!.toFixed(1)} ms (target < 50 ms)`);
  // many visitors at once: `concurrency` calls in flight, each timed from its start
  const inFlight = async (urls: string[], calls: number) => {
    const times: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < calls) {
        const url = urls[next++ % urls.length]!;
        const t0 = process.hrtime.bigint();
        const res = await app.inject({ method: 'GET', url });
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return times.sort((a, b) => a - b);
  };
  const searchUrls = queries.map((q) => `/api/open/web/device/search?${new URLSearchParams(q).toString()}`);
  const suggestUrls = suggestions.map((q) => `/api/open/web/device/suggest?${new URLSearchParams({ q }).toString()}`);
  for (const [name, urls, target] of [['search', searchUrls, 50], ['suggest', suggestUrls, 20]] as const) {
    const started2 = Date.now();
    const times = await inFlight(urls, rounds * urls.length);
    const rate = (times.length / ((Date.now() - started2) / 1000)).toFixed(0);
    console.log(`  ${name}, ${concurrency} in flight: ${times.length} calls, ${rate}/s, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (target < ${target} ms)`);
  }
  await app.close();
}

await onEachDatabase('search', run);
