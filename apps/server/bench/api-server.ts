/**
 * The server half of `npm run bench:api` (bench/api.ts forks it): seeds a database, starts the
 * real app as production builds it (logger at LOG_LEVEL, default info, to this process's
 * stdout; rate limits on) and a bare node:http server answering whatever bytes the bench
 * sets, each on its own port, in this one process so the load generator has the other core.
 * Every SQL statement the app sends is counted; the bench reads the counters (statements,
 * requests each server received, this process's CPU time) around each run.
 *
 * The site is served from the web's build (apps/web/dist and dist-ssr, `npm run build`) when
 * there is one, so the pages the server draws are measured too.
 *
 * Messages from the parent: { type: 'bare', body (base64), headers (the app's raw response
 * headers, name and value in turn) } → { type: 'bare-set' }; { type: 'stats' } → { type:
 * 'stats', statements, received, bareReceived, cpuMicros }; profile-start / profile-stop (name)
 * around a run; { type: 'stop' }.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import inspector from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { serverPaths } from '../src/platform/paths';
import { openDatabase, queryRows, statementCounter, type Database } from '../src/db/client';
import { seedBusyMember, seedPayers } from '../test/bulk-orders';
import { analyseOrders, seedBigCatalog } from './api-seed';

const send = (message: unknown) => process.send!(message);

const items = Number(process.env.BENCH_ITEMS ?? 10_000);
const memberOrders = Number(process.env.BENCH_MEMBER_ORDERS ?? 10_000);
const payers = Number(process.env.BENCH_PAYERS ?? 64);
const payOrders = Number(process.env.BENCH_PAY_ORDERS ?? 1_500);
const now = new Date();

const counter = statementCounter();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
let database: Database;
let cleanup = async () => undefined as void;
if (databaseUrl) {
  // a database of our own next to whatever the URL points at, dropped at the end
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const name = `lab_bench_api_${process.pid}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  database = await openDatabase({ url: url.toString(), logger: counter });
  cleanup = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-api-'));
  database = await openDatabase({ dataDir: dir, logger: counter });
  cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
}
const { db } = database;

const started = Date.now();
await seedBigCatalog(db, items);
const busy = await seedBusyMember(db, memberOrders, now);
const payments = await seedPayers(db, payers, Math.ceil(payOrders / payers), now);
await analyseOrders(db);
const [detail] = await queryRows<{ rid: string }>(db, sql`select rid from service_items where published order by order_count desc, id limit 1`);
const seedSeconds = (Date.now() - started) / 1000;

// the site as production serves it: the web build and its server build, which draws the public pages
const pages = fs.existsSync(serverPaths.webSsr) && fs.existsSync(path.join(serverPaths.webDist, 'index.html'));
const config = loadConfig({ LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', DATA_DIR: os.tmpdir(), SEED_DEMO: '0', WEB_DIST: serverPaths.webDist, WEB_SSR: serverPaths.webSsr });
const app = await buildApp({ db, config });
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
// requests the app received, so statements per request count the ones a run left in flight too
let received = 0;
app.server.on('request', () => {
  received += 1;
});

// the bare server answers with the app's own status line, headers and body (the sample's
// request id included, so even that header has its length), written the cheapest way node:http
// allows: one writeHead with the raw header list
let bare = { body: Buffer.alloc(0), headers: [] as string[] };
let bareReceived = 0;
const bareServer = http.createServer((_req, res) => {
  bareReceived += 1;
  res.writeHead(200, bare.headers);
  res.end(bare.body);
});
// fastify's keep-alive timeout (72 s), so node writes the same Keep-Alive header for both
bareServer.keepAliveTimeout = app.server.keepAliveTimeout;
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;

// BENCH_CPU_PROF=1: a CPU profile of each app run (not the seeding), for chrome://inspect or speedscope
const profiler = new inspector.Session();
const profileDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/bench-profiles');

process.on('message', (message: { type: string; body?: string; headers?: string[]; name?: string }) => {
  void (async () => {
    switch (message.type) {
      case 'profile-start':
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
        send({ type: 'profile-started' });
        break;
      case 'profile-stop': {
        const { profile } = await profiler.post('Profiler.stop');
        profiler.disconnect();
        fs.mkdirSync(profileDir, { recursive: true });
        const file = path.join(profileDir, `${message.name}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
        send({ type: 'profile-stopped', file });
        break;
      }
      case 'bare':
        bare = { body: Buffer.from(message.body!, 'base64'), headers: message.headers! };
        send({ type: 'bare-set' });
        break;
      case 'stats': {
        const cpu = process.cpuUsage();
        send({ type: 'stats', statements: counter.count, received, bareReceived, cpuMicros: cpu.user + cpu.system });
        break;
      }
      case 'stop':
        await app.close();
        await new Promise((resolve) => bareServer.close(resolve));
        await database.close();
        await cleanup();
        process.exit(0);
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});

send({
  type: 'ready',
  appUrl,
  bareUrl,
  database: database.kind,
  seedSeconds,
  detailRid: detail!.rid,
  pages,
  memberToken: busy.token,
  payments: payments.slice(0, payOrders),
});
