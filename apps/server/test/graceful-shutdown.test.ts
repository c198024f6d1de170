import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './harness';
import { freePort, startServer, type ServerProcess } from './server-process';
import { queryRows, type Database } from '../src/db/client';
import { outbox } from '../src/db/schema';
import { openJobQueue } from '../src/jobs';
import { OUTBOX_JOB } from '../src/platform/outbox';
import type { JobQueue } from '../src/platform/job-queue';
import { runSuffix, tmpRoot } from './template';
import { builtEntry, nodeFlags } from './built-server';

/**
 * SIGTERM to a real server (and a real worker) with work in hand: a request and a job held up by
 * a table lock this test takes, so both are in flight when the signal arrives and stay so until
 * the test lets them go. The server must stop accepting, answer the request 200, let the job
 * finish, and exit 0 (docs/deploy.md "Stopping"). PostgreSQL only (vitest.config.ts): the test
 * needs a second connection to the server's database to hold the lock.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
let database: Database;
let sender: JobQueue;
let lock: pg.Client | undefined;
const children: ChildProcess[] = [];
const dataDir = path.join(tmpRoot, `shutdown-run-${runSuffix(randomBytes(6).toString('hex'))}`);

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  database = await openTestDatabase();
  // queues jobs for the server's (or the worker's) handlers, as another instance would
  sender = await openJobQueue(database, pino({ level: 'silent' }), false);
}, 60_000);

afterEach(async () => {
  await lock?.end().catch(() => undefined);
  lock = undefined;
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await sender?.stop();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** A queued SMS in the outbox and its job, as a service would leave them. */
async function queuedMessage(): Promise<number> {
  const [row] = await database.db
    .insert(outbox)
    .values({ channel: 'sms', recipient: `139${String(Date.now()).slice(-8)}`, template: 'order_paid', params: { orderNo: 'KY1' }, body: '订单已支付', provider: 'local', status: 'queued' })
    .returning({ id: outbox.id });
  return row!.id;
}

/** Holds an exclusive lock on these tables until `release`: every statement touching them waits. */
async function holdTables(...tables: string[]) {
  lock = new pg.Client({ connectionString: database.url! });
  await lock.connect();
  await lock.query('begin');
  await lock.query(`lock table ${tables.join(', ')} in access exclusive mode`);
  const client = lock;
  return { release: () => client.query('commit') };
}

/** The statements of this database waiting for a lock (the ones held up by holdTables). */
const waiting = async () =>
  (await queryRows<{ query: string }>(database.db, sql`select query from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).map((r) => r.query);

const statusOf = async (id: number) => (await database.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)))[0]?.status;

describe('graceful shutdown', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => server?.kill9());

  it('the server, on SIGTERM, stops accepting, answers the request in flight and lets the job in hand finish, then exits 0', async () => {
    server = await startServer({ name: 'shutdown', dataDir: dataDir, databaseUrl: database.url! });
    const id = await queuedMessage();
    const held = await holdTables('service_items', 'outbox');
    await sender.send(OUTBOX_JOB, { id });
    const request = fetch(`${server.url}/api/open/web/device/search?keyword=${randomBytes(3).toString('hex')}`);
    // both in flight: the search waits for service_items, the job's read for outbox
    await expect.poll(async () => (await waiting()).join('\n'), { timeout: 30_000, interval: 100 }).toMatch(/service_items[\s\S]*outbox|outbox[\s\S]*service_items/);

    const exited = server.stop();
    // closing: the listener is gone, a new connection is refused (or answered 503)
    await expect
      .poll(
        () =>
          fetch(`${server!.url}/api/health`).then(
            (r) => r.status,
            () => 'refused',
          ),
        { timeout: 10_000, interval: 50 },
      )
      .toMatch(/refused|503/);
    // (the row is not read here: the lock holds this test's reads too)
    expect(server.running, 'still finishing the request and the job').toBe(true);

    await held.release();
    const answer = await request;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ code: 1, data: { total: 0, list: [] } });
    expect(await exited, server.output()).toEqual({ code: 0, signal: null });
    expect(await statusOf(id)).toBe('sent');
  }, 120_000);

  it('the worker, on SIGTERM, lets the job in hand finish, then exits 0 (and serves its own metrics meanwhile)', async () => {
    const metricsPort = await freePort();
    const metricsToken = randomBytes(16).toString('hex');
    const worker = spawn(process.execPath, [...nodeFlags, '--import', path.join(here, 'exit-with-parent.ts'), builtEntry('worker')], {
      cwd: path.resolve(here, '..'),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: database.url!, DATA_DIR: dataDir, LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort), METRICS_TOKEN: metricsToken },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.push(worker);
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => worker.once('exit', (code, signal) => resolve({ code, signal })));
    await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toContain('worker running the jobs');

    const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
    expect((await fetch(metrics)).status).toBe(401);
    const scraped = await fetch(metrics, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toMatch(/^lab_job_queue_jobs\{.*process="worker".*\} \d+$/m);

    const id = await queuedMessage();
    const held = await holdTables('outbox');
    await sender.send(OUTBOX_JOB, { id });
    await expect.poll(async () => (await waiting()).join('\n'), { timeout: 30_000, interval: 100 }).toContain('outbox');

    worker.kill('SIGTERM');
    await expect.poll(() => output, { timeout: 10_000, interval: 50 }).toContain('shutting down');
    expect(worker.exitCode, 'still finishing the job').toBeNull();

    await held.release();
    expect(await exited, output).toEqual({ code: 0, signal: null });
    expect(await statusOf(id)).toBe('sent');
  }, 120_000);
});
