/**
 * npm run backup [-- --out <file>]
 *
 * One file holding the whole database the server uses (docs/deploy.md "Backups"):
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` (pg_dump of the server's major version
 *   or newer; PG_BIN_DIR names another install), restored with pg_restore;
 * - PGlite (DATA_DIR/pglite): PGlite's own `dumpDataDir('gzip')`, a .tar.gz of its folder.
 *   PGlite is one process per folder: while a server holds it (its lock file, db/folder-lock.ts)
 *   the backup refuses, naming the server's pid, and opens nothing (issue 28, fault 15).
 * Default file: DATA_DIR/backups/lab-<postgres|pglite>-<UTC time>.<dump|tar.gz>. The shop's files
 * (DATA_DIR/files or the S3 bucket) and DATA_DIR/secret.key are not in it: see the docs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { FolderInUseError, lockFolder } from '../db/folder-lock';
import { backupConfig, fail, typedPath, matchingTool, pgliteFolder, runTool, say, splitPassword } from './backup-tools';

async function main() {
  const config = backupConfig();
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const out = typedPath(outAt >= 0 && args[outAt + 1] ? args[outAt + 1]! : path.join(config.dataDir, 'backups', `lab-${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`));
  if (fs.existsSync(out)) throw new Error(`${out} 已存在：不覆盖已有的备份`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const started = Date.now();

  if (config.DATABASE_URL) {
    const bin = await matchingTool('pg_dump', config.DATABASE_URL);
    const { url, env } = splitPassword(config.DATABASE_URL);
    // custom format: compressed, and pg_restore picks what to restore and in what order
    await runTool(bin, ['--format=custom', '--file', out, '--dbname', url], env);
  } else {
    const folder = pgliteFolder(config);
    if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) throw new Error(`${folder} 中没有 PGlite 数据库（DATA_DIR=${config.dataDir}）`);
    let lock;
    try {
      lock = lockFolder(folder, 'npm run backup');
    } catch (error) {
      if (error instanceof FolderInUseError) {
        throw new Error(
          `不能备份：PGlite 数据目录 ${folder} 正被运行中的进程使用（${error.holder.role}，pid ${error.holder.pid}）。请先停止服务器再备份；需要不停机备份时请使用 PostgreSQL（DATABASE_URL）。` +
            ` / Refusing to back up: the PGlite folder is held by a running process (pid ${error.holder.pid}); stop the server first.`,
          { cause: error },
        );
      }
      throw error;
    }
    say(`PGlite ${folder}`);
    try {
      const db = new PGlite({ dataDir: folder, extensions: { pg_trgm } });
      try {
        await db.waitReady;
        const dump = await db.dumpDataDir('gzip');
        // written aside, then renamed: a failed run leaves no half a backup under the name
        fs.writeFileSync(`${out}.part`, Buffer.from(await dump.arrayBuffer()));
        fs.renameSync(`${out}.part`, out);
      } finally {
        await db.close();
      }
    } finally {
      lock.release();
    }
  }
  say(`备份完成：${out}（${(fs.statSync(out).size / 1024 / 1024).toFixed(1)} MB，${((Date.now() - started) / 1000).toFixed(1)} s）`);
}

main().catch(fail);
