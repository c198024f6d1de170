import fs from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { buildServerIfStale } from './built-server';
import { migrationsHash, pgliteTemplateDir, pidOfRun, postgresTemplateName, processAlive, tmpRoot } from './template';

/**
 * Migrates once per run into a template (about 6 s on PGlite); each test file then copies
 * it (PGlite: the data folder; PostgreSQL: CREATE DATABASE … TEMPLATE) in well under a second.
 */
export default async function setup(project: TestProject) {
  // the suites of real processes start the built server (test/built-server.ts)
  buildServerIfStale();
  const hash = migrationsHash();
  // Workers copy exactly this template, even if someone adds a migration while the run goes on.
  project.provide('templateHash', hash);
  fs.mkdirSync(tmpRoot, { recursive: true });
  if (project.name === 'postgres') {
    const url = String(project.config.env.TEST_DATABASE_URL);
    const name = postgresTemplateName(hash);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        // Built under a private name and renamed when complete, so two runs starting together
        // never use (or break) a half-migrated template.
        const building = `${name}_b${process.pid}`;
        await admin.query(`drop database if exists "${building}" with (force)`);
        await admin.query(`create database "${building}"`);
        const target = new URL(url);
        target.pathname = `/${building}`;
        const database = await openDatabase({ url: target.toString(), poolSize: 1 });
        await database.close();
        try {
          await admin.query(`alter database "${building}" rename to "${name}"`);
        } catch {
          await admin.query(`drop database if exists "${building}" with (force)`);
        }
      }
      // Leftover databases of interrupted runs; another run going on at the same time keeps its own.
      const stale = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'lab_test_run_%'");
      for (const row of stale.rows) {
        if (processAlive(pidOfRun(row.datname))) continue;
        await admin.query(`drop database if exists "${row.datname}" with (force)`).catch(() => undefined);
      }
    } finally {
      await admin.end();
    }
    return;
  }
  const dir = pgliteTemplateDir(hash);
  if (!fs.existsSync(`${dir}/.complete`)) {
    // Built in a private folder and renamed when complete (see above).
    const building = `${dir}.building-${process.pid}`;
    fs.rmSync(building, { recursive: true, force: true });
    const database = await openDatabase({ dataDir: building });
    await database.close();
    fs.writeFileSync(`${building}/.complete`, new Date().toISOString());
    if (fs.existsSync(`${dir}/.complete`)) {
      fs.rmSync(building, { recursive: true, force: true });
    } else {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(building, dir);
    }
  }
  // Folders of interrupted runs; a run going on at the same time keeps its own.
  for (const entry of fs.readdirSync(tmpRoot)) {
    if (entry.startsWith('pglite-run-') && !processAlive(pidOfRun(entry))) {
      fs.rmSync(`${tmpRoot}/${entry}`, { recursive: true, force: true });
    }
  }
}
