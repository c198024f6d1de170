import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations, type Logger, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { GENERIC_PLAN, withPreparedStatements } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service that works inside or outside a transaction takes this. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
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
}

/** Databases that live inside this process (PGlite): no other process can open or change them. */
const embedded = new WeakSet<Db>();
export const isEmbedded = (db: Db): boolean => embedded.has(db);

/**
 * On PGlite: how many committed changes that can end a login (a session revoked, replaced or
 * removed; a member disabled or removed) there have been, as migration 0012's triggers announce
 * them on `auth_changed`. PGlite calls its listeners before the committing statement returns, and
 * only this process can change its database, so the count is exact. Null on PostgreSQL, where
 * another instance may change them and nobody listens.
 */
const authChanges = new WeakMap<Db, { count: number }>();
export const embeddedAuthChanges = (db: Db): number | null => authChanges.get(db)?.count ?? null;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // A pool's idle client can error when PostgreSQL restarts; without a listener that kills the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, casing: 'snake_case', ...(options.logger ? { logger: options.logger } : {}) }) as unknown as Db;
    if (options.migrate !== false) await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the catalogue search's trigram index (created by a migration, as on PostgreSQL)
  const client = new PGlite({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), extensions: { pg_trgm } });
  await client.waitReady;
  // drizzle sees PGlite through named prepared statements (pglite-statements.ts): planning was two thirds of a statement's cost
  const db = drizzlePglite({ client: withPreparedStatements(client) as unknown as PGlite, schema, casing: 'snake_case', ...(options.logger ? { logger: options.logger } : {}) }) as unknown as Db;
  if (options.migrate !== false) await migratePglite(drizzlePglite(client), { migrationsFolder });
  const changes = { count: 0 };
  await client.listen('auth_changed', () => {
    changes.count += 1;
  });
  authChanges.set(db, changes);
  embedded.add(db);
  return { db, kind: 'pglite', close: () => client.close() };
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

/**
 * Written anywhere in a hot statement whose plan does not depend on its values: on PGlite it runs
 * on PostgreSQL's generic plan, made once, instead of being planned again for every call on the
 * event loop (db/pglite-statements.ts). To PostgreSQL it is a comment: there the server plans
 * in its own process, and forcing the plan would cost a statement per call.
 */
export const genericPlan = sql.raw(GENERIC_PLAN);

/** Raw SQL rows; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
