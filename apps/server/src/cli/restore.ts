/**
 * npm run restore -- <backup file>
 *
 * Restores a file of `npm run backup` into a NEW database (docs/deploy.md "Backups"): never over
 * a database that holds tables, so a mistyped setting cannot overwrite the shop.
 * - a pg_dump file (.dump) into DATABASE_URL: the database is created when it does not exist,
 *   then `pg_restore --no-owner --exit-on-error` (pg_restore of the server's major version or newer);
 * - a PGlite file (.tar.gz) into DATA_DIR/pglite, which must not exist or be empty
 *   (PGlite's `loadDataDir`), holding the folder's lock meanwhile (db/folder-lock.ts).
 * Then start the server with the same settings.
 */
import fs from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockFolder } from '../db/folder-lock';
import { backupConfig, fail, typedPath, matchingTool, pgliteFolder, runTool, say, splitPassword } from './backup-tools';

/** Creates the database DATABASE_URL names when missing; refuses one that already holds tables. */
async function emptyDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new Error('DATABASE_URL 须指明数据库名');
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) {
      await admin.query(`create database "${name.replaceAll('"', '""')}"`);
      say(`已创建数据库 ${name}`);
      return;
    }
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query("select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
    if ((tables.rows[0] as { n: number }).n > 0) throw new Error(`数据库 ${name} 已有数据表：请恢复到一个新的数据库（改 DATABASE_URL 的库名）`);
  } finally {
    await client.end();
  }
}

async function main() {
  const config = backupConfig();
  const file = process.argv[2] && typedPath(process.argv[2]);
  if (!file || !fs.existsSync(file)) throw new Error('用法：npm run restore -- <备份文件>');
  const head = Buffer.alloc(5);
  const handle = fs.openSync(file, 'r');
  fs.readSync(handle, head, 0, 5, 0);
  fs.closeSync(handle);
  const started = Date.now();

  if (head.toString('latin1') === 'PGDMP') {
    if (!config.DATABASE_URL) throw new Error('这是 PostgreSQL 的备份（pg_dump）：请设置 DATABASE_URL 为要恢复到的新数据库');
    await emptyDatabase(config.DATABASE_URL);
    const bin = await matchingTool('pg_restore', config.DATABASE_URL);
    const { url, env } = splitPassword(config.DATABASE_URL);
    await runTool(bin, ['--no-owner', '--exit-on-error', '--dbname', url, file], env);
    say(`已恢复到 ${new URL(url).pathname.slice(1)}（${((Date.now() - started) / 1000).toFixed(1)} s）`);
    return;
  }
  if (head[0] === 0x1f && head[1] === 0x8b) {
    if (config.DATABASE_URL) throw new Error('这是 PGlite 的备份（.tar.gz）：请去掉 DATABASE_URL，用 DATA_DIR 指定新的数据目录');
    const folder = pgliteFolder(config);
    // a server starting on the new folder meanwhile must wait for the restore (db/folder-lock.ts)
    const lock = lockFolder(folder, 'npm run restore');
    try {
      if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) throw new Error(`${folder} 不是空目录：请恢复到一个新的 DATA_DIR`);
      fs.mkdirSync(folder, { recursive: true });
      const db = new PGlite({ dataDir: folder, extensions: { pg_trgm }, loadDataDir: new Blob([fs.readFileSync(file)]) });
      try {
        await db.waitReady;
        await db.query('select 1');
      } finally {
        await db.close();
      }
    } finally {
      lock.release();
    }
    say(`已恢复到 ${folder}（${((Date.now() - started) / 1000).toFixed(1)} s）`);
    return;
  }
  throw new Error(`${file} 不是 npm run backup 的备份文件（pg_dump 自定义格式或 PGlite 的 .tar.gz）`);
}

main().catch(fail);
