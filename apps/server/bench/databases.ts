import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'drizzle-orm/logger';
import { openDatabase, type Database } from '../src/db/client';

export interface BenchDatabases {
  /** 'PGlite' or 'PostgreSQL' runs one of them; default BENCH_ONLY */
  only?: string;
  /** a PGlite folder to open instead of a temp one, and to keep (a bench seeded once, reused while tuning) */
  pgliteDir?: string;
  /** a statement counter (statementCounter) the databases are opened with */
  logger?: Logger;
}

/**
 * Runs a bench on PGlite in a temp folder, then on PostgreSQL in a new database (dropped after)
 * when BENCH_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres, answers.
 * BENCH_ONLY=PGlite or BENCH_ONLY=PostgreSQL runs one of them.
 */
export async function onEachDatabase(name: string, run: (label: string, database: Database) => Promise<void>, options: BenchDatabases = {}): Promise<void> {
  const only = options.only ?? process.env.BENCH_ONLY;
  if (only !== 'PostgreSQL') {
    const dir = options.pgliteDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `lab-${name}-`));
    const lite = await openDatabase({ dataDir: dir, ...(options.logger ? { logger: options.logger } : {}) });
    try {
      await run('PGlite', lite);
    } finally {
      await lite.close();
      if (!options.pgliteDir) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (only === 'PGlite') return;

  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!reachable) {
    console.log('\nPostgreSQL did not answer; measured on PGlite only');
    return;
  }
  const database = `lab_bench_${name}_${process.pid}`;
  await admin.query(`create database "${database}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const opened = await openDatabase({ url: url.toString(), ...(options.logger ? { logger: options.logger } : {}) });
  try {
    await run('PostgreSQL', opened);
  } finally {
    await opened.close();
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
}
