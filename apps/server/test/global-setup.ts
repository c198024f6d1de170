import fs from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrationsHash, pgliteTemplateDir, postgresTemplateName, tmpRoot } from './template';

/**
 * Migrates once per run into a template (about 6 s on PGlite); each test file then copies
 * it (PGlite: the data folder; PostgreSQL: CREATE DATABASE … TEMPLATE) in well under a second.
 */
export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  fs.mkdirSync(tmpRoot, { recursive: true });
  if (project.name === 'postgres') {
    const url = String(project.config.env.TEST_DATABASE_URL);
    const name = postgresTemplateName(hash);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        await admin.query(`create database "${name}"`);
        const target = new URL(url);
        target.pathname = `/${name}`;
        const database = await openDatabase({ url: target.toString(), poolSize: 1 });
        await database.close();
      }
      // Leftover databases of interrupted runs.
      const stale = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'lab_test_run_%'");
      for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`).catch(() => undefined);
    } finally {
      await admin.end();
    }
    return;
  }
  const dir = pgliteTemplateDir(hash);
  if (!fs.existsSync(`${dir}/.complete`)) {
    fs.rmSync(dir, { recursive: true, force: true });
    const database = await openDatabase({ dataDir: dir });
    await database.close();
    fs.writeFileSync(`${dir}/.complete`, new Date().toISOString());
  }
  for (const entry of fs.readdirSync(tmpRoot)) {
    if (entry.startsWith('pglite-run-')) fs.rmSync(`${tmpRoot}/${entry}`, { recursive: true, force: true });
  }
}
