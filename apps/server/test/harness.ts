import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { desc, eq, and, type Logger } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { outbox } from '../src/db/schema';
import { FixedClock } from '../src/platform/clock';
import type { SmsProvider } from '../src/platform/messaging';
import type { FileStore } from '../src/platform/providers/file-store';
import { secretBox, type SecretBox } from '../src/platform/secret-box';
import { pino } from 'pino';
import type { Deliverers } from '../src/platform/outbox';
import type { JobQueue } from '../src/platform/job-queue';
import { jobSpecs, openJobQueue } from '../src/jobs';

const silentLog = pino({ level: 'silent' });
import { migrationsHash, pgliteTemplateDir, postgresTemplateName, runSuffix, tmpRoot } from './template';

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** A fresh database for one test file, copied from the migrated template. */
export async function openTestDatabase(options: { logger?: Logger } = {}): Promise<Database> {
  const hash = inject('templateHash') ?? migrationsHash();
  const suffix = runSuffix(randomBytes(6).toString('hex'));
  if (testDbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `lab_test_run_${suffix}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${postgresTemplateName(hash)}"`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString(), migrate: false, poolSize: 60, ...options });
    return {
      ...database,
      close: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists "${name}" with (force)`);
        await cleanup.end();
      },
    };
  }
  const dir = path.join(tmpRoot, `pglite-run-${suffix}`);
  fs.cpSync(pgliteTemplateDir(hash), dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir, migrate: false, ...options });
  return {
    ...database,
    close: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  clock: FixedClock;
  kind: 'pglite' | 'postgres';
  /** the app's secret box (a key of this test file's own) */
  secrets: SecretBox;
  /** the job queue, when the test asked for one (`jobs`): handlers and schedules run as in the server */
  jobs: JobQueue | null;
  close: () => Promise<void>;
}

/**
 * The real app on its own database with a clock the test moves. Rate limits are on unless
 * a test turns them off; the local SMS provider writes the outbox as in production; `sqlLogger`
 * sees every SQL statement the app sends (the statement-count tests).
 */
export async function createTestContext(
  options: {
    rateLimit?: boolean;
    now?: Date | string;
    sms?: SmsProvider;
    files?: FileStore;
    dataDir?: string;
    logger?: FastifyServerOptions['logger'];
    sqlLogger?: Logger;
    /** run the background jobs through pg-boss as the server does (`deliverers`: who delivers the outbox) */
    jobs?: { deliverers?: Deliverers; cronSeconds?: number; crons?: Record<string, string> };
    /** online payment providers of the test's own (default: the local gateway, docs/payments.md) */
    payments?: BuildOptions['payments'];
    /** the database as the app sees it (a fault of the test's own, test/fail-after-commit.ts); `t.db` stays the real one */
    appDb?: (db: Db) => Db;
    /** more environment for loadConfig (a real provider pointed at a local peer) */
    env?: Record<string, string>;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase(options.sqlLogger ? { logger: options.sqlLogger } : {});
  const clock = new FixedClock(options.now ?? Date.now());
  // the local payment gateway serves (asked for: outside demo mode it would not, docs/payments.md)
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: options.dataDir ?? path.join(tmpRoot, 'files'), SEED_DEMO: '0', PAY_LOCAL_GATEWAY: '1', ...options.env });
  const secrets = secretBox(randomBytes(32));
  const jobs = options.jobs ? await openJobQueue(database, silentLog, true, options.jobs.cronSeconds) : null;
  const app = await buildApp({
    db: options.appDb ? options.appDb(database.db) : database.db,
    config,
    clock,
    secrets,
    logger: options.logger ?? false,
    rateLimit: options.rateLimit ?? false,
    ...(options.sms ? { sms: options.sms } : {}),
    ...(options.files ? { files: options.files } : {}),
    ...(jobs ? { jobs } : {}),
    ...(options.jobs?.deliverers ? { deliverers: options.jobs.deliverers } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
  });
  await app.ready();
  if (jobs) await jobs.work(jobSpecs(app.deps, app.log, options.jobs?.crons));
  return {
    app,
    db: database.db,
    clock,
    kind: database.kind,
    secrets,
    jobs,
    close: async () => {
      await jobs?.stop(2000);
      await app.close();
      await database.close();
    },
  };
}

/**
 * The real app serving a built site: `files` (paths under dist, with their contents) written to a
 * temporary folder as the web build leaves it. `close` stops the app and removes the folder.
 */
export async function createSiteApp(files: Record<string, string | Buffer>) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-web-dist-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), content);
  }
  const database = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(dist, 'data'), SEED_DEMO: '0', WEB_DIST: dist });
  const app = await buildApp({ db: database.db, config, logger: false, rateLimit: false });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}

export interface CallResult<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

/** Calls the API as the web client does: a form body, the token header, the envelope back. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { form?: Record<string, string | number | undefined>; json?: unknown; token?: string; query?: Record<string, string>; ip?: string } = {},
): Promise<CallResult<T>> {
  const inject: InjectOptions = { method, url, headers: {}, query: options.query ?? {} };
  if (options.ip) inject.remoteAddress = options.ip;
  if (options.token) inject.headers!.token = options.token;
  if (options.form) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(options.form)) if (v !== undefined) form.set(k, String(v));
    inject.payload = form.toString();
    inject.headers!['content-type'] = 'application/x-www-form-urlencoded';
  } else if (options.json !== undefined) {
    inject.payload = JSON.stringify(options.json);
    inject.headers!['content-type'] = 'application/json';
  }
  const response = await app.inject(inject);
  // a download (an xlsx export, a file) has no envelope: its status and headers tell
  const body = (String(response.headers['content-type'] ?? '').includes('json') ? response.json() : {}) as { code: number; msg: string; data: T };
  return { status: response.statusCode, code: body.code, msg: body.msg, data: body.data, headers: response.headers };
}

/** The last SMS code the local provider "sent" to a phone, read from the outbox. */
export async function lastSmsCode(db: Db, phone: string): Promise<string> {
  const [row] = await db
    .select({ params: outbox.params })
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = row?.params.code;
  if (!code) throw new Error(`no SMS was sent to ${phone}`);
  return String(code);
}

let phoneCounter = 0;
/** A phone number no other test in this file uses. */
export const uniquePhone = () => `139${String(process.pid % 10_000).padStart(4, '0')}${String(++phoneCounter).padStart(4, '0')}`;
