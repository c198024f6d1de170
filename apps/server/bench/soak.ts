/**
 * npm run bench:soak -w @lab/server (docs/performance.md "PGlite under load")
 *
 * The server as production starts it (the built `node dist/server.js`, jobs in process, log at
 * info to a pipe read and dropped) on a seeded PGlite folder (or DATABASE_URL / BENCH_DATABASE_URL),
 * under a mixed read load from autocannon on 127.0.0.1 for SOAK_SECONDS (120) at SOAK_CONNECTIONS
 * (32): the home data, a search (one of twelve words in turn), an item's detail, the member's
 * order list, the member's user/info. Meanwhile, every second, one `/api/health` and one
 * `/api/ready` of its own (their latency is what a load balancer sees), and the server's memory
 * from its metrics port (RSS, V8 heap, external and array buffers: PGlite's WebAssembly memory is
 * an ArrayBuffer). Then SOAK_IDLE_SECONDS (30) without load, to see whether memory comes back.
 *
 * SOAK_WRITES=1 adds writes to the mix: an SMS code for a new phone from a new address each time
 * (an sms_codes row, an outbox row and its job, which the server's own worker delivers, and the
 * rate-limit counters), as a crowd signing up would.
 *
 * SOAK_HEAP_SNAPSHOTS=1 writes V8 heap snapshots (`--heapsnapshot-signal=SIGUSR2`) after the
 * warm-up, at the end of the load and after the idle time into .tmp/bench-profiles, to compare in
 * Chrome's DevTools (what the end of the load holds that the warm-up did not, and whether it stays).
 * BENCH_ITEMS (2,000) and BENCH_MEMBER_ORDERS (2,000) size the data.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import { openDatabase, queryRows } from '../src/db/client';
import { seedBusyMember } from '../test/bulk-orders';
import { freePort } from '../test/server-process';
import { buildServerIfStale, builtEntry, nodeFlags } from '../test/built-server';
import { analyseOrders, seedBigCatalog } from './api-seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const seconds = Number(process.env.SOAK_SECONDS ?? 120);
const idleSeconds = Number(process.env.SOAK_IDLE_SECONDS ?? 30);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 32);
const items = Number(process.env.BENCH_ITEMS ?? 2_000);
const memberOrders = Number(process.env.BENCH_MEMBER_ORDERS ?? 2_000);
const snapshots = process.env.SOAK_HEAP_SNAPSHOTS === '1';
const writes = process.env.SOAK_WRITES === '1';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const token = 'soak-metrics-token-0123456789';

// ---- the data, then the server on it ----
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-soak-'));
const seedStarted = Date.now();
const seeding = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
await seedBigCatalog(seeding.db, items);
const busy = await seedBusyMember(seeding.db, memberOrders, new Date());
await analyseOrders(seeding.db);
const [detail] = await queryRows<{ rid: string }>(seeding.db, sql`select rid from service_items where published order by order_count desc, id limit 1`);
await seeding.close();
const seedSeconds = (Date.now() - seedStarted) / 1000;

const [port, metricsPort] = [await freePort(), await freePort()];
const profileDir = path.resolve(serverDir, '../../.tmp/bench-profiles');
if (snapshots) fs.mkdirSync(profileDir, { recursive: true });
buildServerIfStale();
const server = spawn(process.execPath, [...nodeFlags, ...(snapshots ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${profileDir}`] : []), builtEntry('server')], {
  cwd: serverDir,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SEED_DEMO: '0',
    LOG_LEVEL: 'info',
    METRICS_PORT: String(metricsPort),
    METRICS_TOKEN: token,
    // each write comes from an address of its own (X-Forwarded-For), as a crowd would
    TRUST_PROXY: '1',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// production's log goes to a pipe someone reads; read it here and drop it
server.stdout!.resume();
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (server.exitCode !== null) throw new Error('the server exited while starting');
  if (await fetch(`${base}/api/ready`).then((r) => r.ok, () => false)) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}

// ---- what is sampled every second ----
interface Sample {
  at: number;
  rss: number;
  heap: number;
  external: number;
  healthMs: number;
  readyMs: number;
}
const metric = (text: string, name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? NaN);
const refused = { health: 0, ready: 0 };
async function timed(url: string, probe: keyof typeof refused): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) refused[probe] += 1;
  return performance.now() - started;
}
async function sample(): Promise<Sample> {
  const [healthMs, readyMs] = await Promise.all([timed(`${base}/api/health`, 'health'), timed(`${base}/api/ready`, 'ready')]);
  const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text());
  return {
    at: Date.now(),
    rss: metric(text, 'process_resident_memory_bytes'),
    heap: metric(text, 'nodejs_heap_size_used_bytes'),
    external: metric(text, 'nodejs_external_memory_bytes'),
    healthMs,
    readyMs,
  };
}
const samples: Sample[] = [];
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    samples.push(await sample());
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
})();

// ---- the load ----
const words = ['扫描电镜', 'XRD', '透射', '核磁', '光谱', '热分析', '粒度', '比表面', '质谱', '色谱', '拉曼', '能谱'];
let wordIndex = 0;
let writeIndex = 0;
const json = { 'content-type': 'application/json' };
const snapshot = () => (snapshots ? server.kill('SIGUSR2') : undefined);
const warm = await autocannon({ url: `${base}/api/open/web/index`, connections, duration: 5 });
snapshot();
const loadStarted = Date.now();
const result = await autocannon({
  url: base,
  connections,
  duration: seconds,
  requests: [
    { method: 'GET', path: '/api/open/web/index' },
    { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/open/web/device/search?keyword=${encodeURIComponent(words[wordIndex++ % words.length]!)}` }) },
    { method: 'GET', path: `/api/open/web/device/detail?rid=${detail!.rid}` },
    { method: 'POST', path: '/api/auth/order/list4person', headers: { ...json, token: busy.token }, body: JSON.stringify({ pageSize: 20 }) },
    { method: 'POST', path: '/api/auth/user/info', headers: { ...json, token: busy.token }, body: '{}' },
    ...(writes
      ? [
          {
            method: 'POST' as const,
            path: '/api/open/code4sms',
            setupRequest: (request: autocannon.Request) => {
              writeIndex += 1;
              const phone = `136${String(writeIndex).padStart(8, '0')}`;
              return { ...request, headers: { ...json, 'x-forwarded-for': `10.${(writeIndex >> 16) & 255}.${(writeIndex >> 8) & 255}.${writeIndex & 255}` }, body: JSON.stringify({ phone, useFor: '0' }) };
            },
          },
        ]
      : []),
  ],
});
const loadEnded = Date.now();
snapshot();
await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
sampling = false;
await sampler;
snapshot();

// ---- the report ----
const mb = (bytes: number) => (Number.isFinite(bytes) ? `${Math.round(bytes / 1024 / 1024)}` : '–');
const during = samples.filter((s) => s.at >= loadStarted && s.at <= loadEnded);
const after = samples.filter((s) => s.at > loadEnded);
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};
const row = (label: string, s: Sample | undefined) => (s ? `${label.padEnd(22)} RSS ${mb(s.rss)} MB, V8 heap ${mb(s.heap)} MB, external ${mb(s.external)} MB` : `${label}: –`);
console.log(`\n${databaseUrl ? 'PostgreSQL' : 'PGlite'}${writes ? ` with writes (${writeIndex} SMS codes)` : ''}: ${items} items, ${memberOrders} orders, seeded in ${seedSeconds.toFixed(0)} s; ${connections} connections for ${seconds} s, then ${idleSeconds} s idle; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`load: ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, errors ${result.errors + result.timeouts}, non-2xx ${result.non2xx} (warm-up ${warm.requests.total})`);
console.log(row('before the load', samples.find((s) => s.at >= loadStarted) ?? samples[0]));
console.log(row('end of the load', during[during.length - 1]));
console.log(row('peak during the load', during.reduce<Sample | undefined>((max, s) => (!max || s.rss > max.rss ? s : max), undefined)));
console.log(row(`after ${idleSeconds} s idle`, after[after.length - 1]));
const health = during.map((s) => s.healthMs);
const ready = during.map((s) => s.readyMs);
console.log(`/api/health during the load (${health.length} samples): p50 ${pct(health, 50).toFixed(0)} ms, p99 ${pct(health, 99).toFixed(0)} ms, max ${Math.max(...health).toFixed(0)} ms, not 200: ${refused.health}`);
console.log(`/api/ready  during the load (${ready.length} samples): p50 ${pct(ready, 50).toFixed(0)} ms, p99 ${pct(ready, 99).toFixed(0)} ms, max ${Math.max(...ready).toFixed(0)} ms, not 200: ${refused.ready}`);
if (snapshots) console.log(`heap snapshots: ${profileDir} (Heap.*.heapsnapshot)`);
// every sample, for a chart: .tmp/bench-profiles/soak-<time>.json
fs.mkdirSync(profileDir, { recursive: true });
const samplesFile = path.join(profileDir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(samplesFile, JSON.stringify({ samples, loadStarted, loadEnded }));
console.log(`samples: ${samplesFile}`);

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
fs.rmSync(dataDir, { recursive: true, force: true });
