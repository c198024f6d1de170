import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { members } from '../src/db/schema';
import { startServer, stopAll, type ServerProcess } from './server-process';
import { migrationsHash, pgliteTemplateDir, runSuffix, tmpRoot } from './template';
import { builtEntry, nodeFlags } from './built-server';

/**
 * Issue 28, fault 15: `npm run backup` on the PGlite folder of a running server opened the
 * folder in a second process beside the server, and after a crash the folder no longer opened
 * (4 of 4 rounds). Now the backup refuses while a server holds the folder (its lock file, with
 * a liveness check), changing nothing; any other opening is refused too; and once the server is
 * gone — even by kill -9, leaving its lock behind — the backup runs and the folder opens.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const dataDir = path.join(tmpRoot, `pglite-run-${runSuffix(randomBytes(6).toString('hex'))}`);
let server: ServerProcess | undefined;

function backup(out: string) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
  return promisify(execFile)(process.execPath, [...nodeFlags, builtEntry('cli/backup'), '--out', out], { cwd: serverDir, env });
}

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(pgliteTemplateDir(inject('templateHash') ?? migrationsHash()), path.join(dataDir, 'pglite'), { recursive: true });
  server = await startServer({ name: 'holder', dataDir });
}, 120_000);

afterAll(async () => {
  await stopAll(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('one process per PGlite folder', () => {
  it('npm run backup refuses while the server runs, and backs up once it is gone', async () => {
    const out = path.join(dataDir, 'live.tar.gz');
    const refused = await backup(out).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(refused, 'the backup must refuse').not.toBeNull();
    expect(refused!.code).toBe(1);
    expect(refused!.stderr).toContain(`不能备份：PGlite 数据目录 ${path.join(dataDir, 'pglite')} 正被运行中的进程使用（服务器，pid ${server!.pid}）`);
    expect(refused!.stderr).toContain('stop the server first');
    expect(fs.existsSync(out)).toBe(false);

    // so is any other opening of the folder (a second server, this test), and the server keeps serving
    await expect(openDatabase({ dataDir: path.join(dataDir, 'pglite'), migrate: false })).rejects.toThrow(`正被另一个进程使用（服务器，pid ${server!.pid}`);
    expect((await fetch(`${server!.url}/api/ready`)).status).toBe(200);

    // kill -9 leaves the lock behind: its process is gone, so the backup takes it over
    await server!.kill9();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    const done = await backup(out);
    expect(done.stdout).toContain('备份完成');
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    const reopened = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), migrate: false });
    try {
      const [row] = await reopened.db.select({ n: count() }).from(members);
      expect(row!.n).toBeGreaterThanOrEqual(0);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
