import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, Logger, SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { lockFolder } from './folder-lock';
import { serverPaths } from '../platform/paths';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service that works inside or outside a transaction takes this. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = serverPaths.migrations;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite's own client (kind 'pglite'): the job queue's adapter runs on the same single connection */
  pglite?: PGlite;
  /** PostgreSQL's connection string (kind 'postgres'): the job queue keeps a small pool of its own */
  url?: string;
  /** the app's connection pool (kind 'postgres'): its sizes are reported as metrics */
  pool?: pg.Pool;
}

export interface OpenOptions {
  /** a PostgreSQL connection string; without it PGlite is used */
  url?: string | undefined;
  /** PGlite's folder; without it PGlite runs in memory */
  dataDir?: string | undefined;
  migrate?: boolean;
  poolSize?: number;
  /** sees every statement drizzle sends (the query-count test and the API bench count them) */
  logger?: Logger;
  /** who opens a PGlite folder, as its lock file names it to anyone else who tries (db/folder-lock.ts) */
  holder?: string;
}

/**
 * PGlite has one connection: a statement sent on the database itself (not on the transaction's
 * handle) from inside a transaction waits for that transaction to end, which waits for the
 * statement — the request hangs for ever. Such a statement fails at once instead, naming the
 * mistake, so every test on PGlite catches it (an audited staff route that passes the app's `db`
 * to a service rather than `request.db`, docs/security.md "The audit row and its change commit
 * together"). A statement started inside but sent after the transaction ended is allowed.
 */
export const OUTSIDE_TRANSACTION = 'a statement on the database itself inside a transaction: PGlite would wait for that transaction for ever (use the transaction handle, e.g. request.db)';
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * What the PGlite wrapper knows of its one connection: statements waiting or running, and when the
 * last one answered. Readiness reads it (db/client.ts recentlyAnswered) instead of queueing a
 * `select 1` behind a backlog.
 */
interface Activity {
  waiting: number;
  lastAnswerAt: number;
  closed: boolean;
}
const activities = new WeakMap<object, Activity>();

/**
 * PGlite runs each statement synchronously on this thread and hands its one connection from one
 * waiting statement to the next in promise continuations, so a backlog of statements ran back to
 * back without the event loop coming round: a request that needs no database (/api/health)
 * waited behind all of them (477 ms measured by issue 28, fault 18; over a second at load 20).
 * The app's statements and transactions go through this queue instead, one at a time, each one
 * that waited behind another started in an event-loop turn of its own (setImmediate): between two
 * of them the loop reads the sockets and answers whatever needs no database.
 */
function turnByTurn(activity: Activity) {
  let tail: Promise<unknown> = Promise.resolve();
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return <T>(work: () => Promise<T>): Promise<T> => {
    // alone (nothing running or waiting) a statement starts at once: a job's statements one after
    // another pay nothing (bench:jobs); behind others it waits for its turn of the loop
    const alone = activity.waiting === 0;
    activity.waiting += 1;
    const run = alone ? tail.then(work) : tail.then(nextTurn).then(work);
    tail = run.catch(() => undefined);
    return run.then(
      (value) => {
        activity.waiting -= 1;
        activity.lastAnswerAt = Date.now();
        return value;
      },
      (error: unknown) => {
        activity.waiting -= 1;
        throw error;
      },
    );
  };
}

/**
 * The PGlite client as drizzle's PGlite driver sees it: its own public `query` and `transaction`
 * with the check above in front, each taking its turn (turnByTurn), everything else PGlite's
 * (bound to the client itself).
 */
function guardedPglite(client: PGlite, activity: Activity): PGlite {
  const inTurn = turnByTurn(activity);
  const query: PGlite['query'] = async (...args) => {
    if (openTransaction.getStore()?.open) throw new Error(OUTSIDE_TRANSACTION);
    return inTurn(() => client.query(...args));
  };
  const transaction: PGlite['transaction'] = async (callback) => {
    if (openTransaction.getStore()?.open) throw new Error(OUTSIDE_TRANSACTION);
    return inTurn(() =>
      client.transaction((tx) => {
        const scope = { open: true };
        return openTransaction.run(scope, () => callback(tx)).finally(() => {
          scope.open = false;
        });
      }),
    );
  };
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Whether the database is busy and answered a statement within `withinMs`: PGlite's one
 * connection with statements waiting, the last of them answered lately. Readiness then needs no
 * `select 1` of its own (it would wait its turn behind the backlog). False on PostgreSQL (a pool:
 * the check does not wait behind other requests) and for a closed database.
 */
export function recentlyAnswered(db: Db, withinMs: number): boolean {
  const activity = activities.get(db);
  return Boolean(activity && !activity.closed && activity.waiting > 0 && Date.now() - activity.lastAnswerAt < withinMs);
}

/** The advisory lock key migrations hold on PostgreSQL (any bigint no other lock of the shop uses). */
export const MIGRATION_LOCK_KEY = 7_204_551_019;

/**
 * Several instances (and `npm run worker`) starting together on a database that lacks a
 * migration: drizzle's migrator reads what is applied and then applies the rest without a lock,
 * so the second process fails on a table the first just made (measured: 3 of 4 processes starting
 * on an empty database at once died). Each process takes a session advisory lock first and
 * migrates on that same connection: the first applies, the others wait and find nothing to do.
 */
async function migrateOneAtATime(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failed = true;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    failed = false;
  } finally {
    // a connection that failed half-way is closed, not pooled: closing it drops the lock too
    client.release(failed);
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // When PostgreSQL restarts or ends a session, the client emits 'error'; unheard, that is an
    // uncaught exception and the process dies. The pool listens on its idle clients only (and takes
    // its listener off a client it hands out), so a connection checked out for a transaction that
    // gets the shutdown between two statements killed the server (issue 28, fault 11): every
    // client gets a listener of its own for its whole life. The statement in hand, or the next one,
    // fails with the same error (a 503, platform/error-handler.ts), and the pool drops the client
    // when it comes back, as it is no longer queryable.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema, casing: 'snake_case', ...(options.logger ? { logger: options.logger } : {}) }) as unknown as Db;
    if (options.migrate !== false) await migrateOneAtATime(pool);
    return { db, kind: 'postgres', close: () => pool.end(), url: options.url, pool };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // one process per folder: a second opening beside a live one damages it (issue 28, fault 15)
  const lock = options.dataDir ? lockFolder(options.dataDir, options.holder ?? `lab-shop (${path.basename(process.argv[1] ?? 'node')})`) : null;
  let client: PGlite | undefined;
  const activity: Activity = { waiting: 0, lastAnswerAt: 0, closed: false };
  const close = async () => {
    activity.closed = true;
    try {
      await client?.close();
    } finally {
      lock?.release();
    }
  };
  try {
    // pg_trgm: the catalogue search's trigram index (created by a migration, as on PostgreSQL)
    client = new PGlite({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), extensions: { pg_trgm } });
    await client.waitReady;
    const db = drizzlePglite({ client: guardedPglite(client, activity), schema, casing: 'snake_case', ...(options.logger ? { logger: options.logger } : {}) }) as unknown as Db;
    if (options.migrate !== false) await migratePglite(drizzlePglite(client), { migrationsFolder });
    activities.set(db, activity);
    return { db, kind: 'pglite', close, pglite: client };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** Counts the statements sent through a Db opened with `logger: counter` (tests and benches). */
export function statementCounter() {
  const counter = {
    count: 0,
    statements: [] as string[],
    /** keep the text of each statement, for a test that says which one repeats */
    keepText: false,
    logQuery(query: string) {
      counter.count += 1;
      if (counter.keepText) counter.statements.push(query);
    },
    reset() {
      counter.count = 0;
      counter.statements = [];
    },
  };
  return counter;
}

/**
 * A query for the calls on every request, built once per database with placeholders and then
 * only run: drizzle builds its SQL text again on every call otherwise (47 µs for the token
 * lookup, 70 µs for the order page), and on PostgreSQL it becomes a named statement, parsed
 * once per connection. `name` must belong to one SQL text.
 */
export function preparedQuery<P>(name: string, build: (db: Db) => { prepare(name: string): P }): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db).prepare(name)));
    return query;
  };
}

/** Raw SQL rows; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
