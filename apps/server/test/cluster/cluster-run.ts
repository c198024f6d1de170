import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { systemClock } from '../../src/platform/clock';
import { LEDGER_CHECK_JOB } from '../../src/jobs';
import type { DataContext } from '../../src/areas/payments/payment.test-helpers';
import { startS3Peer } from '../s3-peer';
import { freePort, startServer, stopAll, type ServerProcess } from '../server-process';
import { pidOfRun, processAlive, tmpRoot } from '../template';
import { startNginx, type Nginx } from './nginx';
/**
 * The cluster the suites of cluster.test.ts share: its processes and the test's own view of
 * them (the database, what the workers logged), started once for all of them.
 */

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
const databaseName = `lab_cluster_run_${suffix}`;
export const runDir = path.join(tmpRoot, `cluster-${suffix}`);
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
// one key for every process (docs/deploy.md): each would make its own under its DATA_DIR otherwise
const secretKey = randomBytes(32).toString('hex');

export let database: Database;
export let t: DataContext;
export let s3: Awaited<ReturnType<typeof startS3Peer>>;
export let a: ServerProcess;
export let b: ServerProcess;
let workers: ServerProcess[] = [];
export let nginx: Nginx;
export const asset = { name: `app-${randomBytes(4).toString('hex')}.js`, body: `/* the web build's script */\n${'export const line = "科研检测服务商城";\n'.repeat(400)}` };
/** the ledger check's runs, as each worker logs them */
export const ledgerRuns: { worker: string; line: string }[] = [];
/** SMS the workers handed to the (local) provider, as each logs them */
export const smsDeliveries: { worker: string; phone: string }[] = [];
export let ledgerOccurrence: Date;

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** a script only instance A's build has: A runs the next release, B the one before (a rolling deploy) */
export const newerAsset = { name: `next-${randomBytes(4).toString('hex')}.js`, body: 'export const release = "next";\n' };

/** A web build of our own (the real one is made by test:e2e): its shell and hashed scripts. */
function writeWebDist(dir: string, assets: { name: string; body: string }[]) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>科研检测</title><script type="module" src="/assets/${asset.name}"></script></head><body><div id="root"></div></body></html>\n`);
  for (const file of assets) fs.writeFileSync(path.join(dir, 'assets', file.name), file.body);
}

/** pg-boss from the test's side: the same public API the workers use, without running anything. */
export async function withBoss<T>(work: (boss: PgBoss) => Promise<T>): Promise<T> {
  const boss = new PgBoss({ connectionString: databaseUrl, supervise: false, schedule: false, max: 2 });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    return await work(boss);
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/** Starts the cluster before the suites (cluster.test.ts) and takes it down after them. */
export function setUpCluster() {
  beforeAll(async () => {
    await withAdmin(async (admin) => {
      // runs that died before their afterAll leave their database: drop those whose process is gone
      const stale = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'lab_cluster_run_%'");
      for (const row of stale.rows) if (!processAlive(pidOfRun(row.datname))) await admin.query(`drop database if exists "${row.datname}" with (force)`);
      // empty: the instances and workers starting together migrate it (one at a time, db/client.ts)
      await admin.query(`create database "${databaseName}"`);
    });
    s3 = await startS3Peer();
    writeWebDist(path.join(runDir, 'web-A'), [asset, newerAsset]);
    writeWebDist(path.join(runDir, 'web-B'), [asset]);
    const shared = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SECRET_KEY: secretKey,
      ...s3.env,
      WEB_SSR: path.join(runDir, 'no-server-build.js'),
    };
    const instance = (name: string) =>
      startServer({ name, databaseUrl, dataDir: path.join(runDir, name), readyPath: '/api/ready', timeoutMs: 120_000, env: { ...shared, JOBS_IN_PROCESS: '0', WEB_DIST: path.join(runDir, `web-${name}`) } });
    const worker = async (name: string) => {
      const started = await startServer({ name, entry: 'worker', dataDir: path.join(runDir, name), logLevel: 'info', timeoutMs: 120_000, env: { ...shared, JOBS_CRON_SECONDS: '1' } });
      started.onLine((line) => {
        if (/"msg":"ledger check: /.test(line)) ledgerRuns.push({ worker: name, line });
        if (/"msg":"sms sent \(local outbox\)"/.test(line)) smsDeliveries.push({ worker: name, phone: String((JSON.parse(line) as { sms?: { phone?: string } }).sms?.phone) });
      });
      return started;
    };
    const workersUp = Promise.all([worker('worker 1'), worker('worker 2')]).then(async (started) => {
      workers = started;
      // An occurrence of the ledger check 45 s ago, in place of its nightly 02:30: still inside
      // pg-boss's 60-second due window, so every schedule pass of either worker (one a second)
      // for the next 15 s finds it due and sends it. One job must come of it.
      ledgerOccurrence = new Date(Math.floor(Date.now() / 1000) * 1000 - 45_000);
      const o = ledgerOccurrence;
      const cron = `${o.getUTCSeconds()} ${o.getUTCMinutes()} ${o.getUTCHours()} ${o.getUTCDate()} ${o.getUTCMonth() + 1} *`;
      await withBoss((boss) => boss.schedule(LEDGER_CHECK_JOB, cron, null, { tz: 'UTC' }));
    });
    [a, b] = await Promise.all([instance('A'), instance('B'), workersUp]);
    // the test's own connection, for making data and reading the outcome (migrations are done)
    database = await openDatabase({ url: databaseUrl, poolSize: 10 });
    t = { db: database.db, clock: systemClock };
    nginx = await startNginx({ listenPort: await freePort(), upstreams: [Number(new URL(a.url).port), Number(new URL(b.url).port)], dir: path.join(runDir, 'nginx') });
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    await stopAll(a, b, ...workers);
    await database?.close();
    await withAdmin((admin) => admin.query(`drop database if exists "${databaseName}" with (force)`));
    await s3?.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }, 60_000);
}

/** Which instance (host:port as nginx names it) answered the request with this id. */
export const upstreamOf = async (requestId: string) => (await nginx.line(requestId)).upstream;
export const upstreamsOf = async (requestIds: string[]) => new Set(await Promise.all(requestIds.map(upstreamOf)));
export const addressOf = (server: ServerProcess) => new URL(server.url).host;
let clientCounter = 0;
/** A client address of its own (a loopback address: this machine answers every 127.x.y.z). */
export const newClient = () => {
  clientCounter += 1;
  return `127.0.${1 + Math.floor(clientCounter / 250)}.${1 + (clientCounter % 250)}`;
};
