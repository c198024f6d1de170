import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../src/db/client';
import { testDbKind } from './harness';
import { freePort } from './server-process';
import { builtEntry, nodeFlags } from './built-server';
import { tmpRoot } from './template';

/**
 * A wrong DATABASE_URL at start (issue 16, item 10) printed a raw stack. The server now tries a
 * few times with a clear line each, then exits non-zero with a final line; the password never
 * shows. The real server process (the built one, as `npm start` runs it) against a closed port.
 * It needs no database of its own, so it runs once, in the pglite project.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, builtEntry('server')], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: path.join(tmpRoot, `startup-${process.pid}`), LOG_LEVEL: 'info', SEED_DEMO: '0', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.runIf(testDbKind === 'pglite')('a database that does not answer at start', () => {
  it('is tried again with one clear line each time, then the server exits 1 without a stack or the password', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const run = await startServer({ DATABASE_URL: `postgres://lab:s3cret-pw@127.0.0.1:${port}/lab`, DB_CONNECT_ATTEMPTS: '3', DB_CONNECT_RETRY_MS: '20' });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([
      `无法连接数据库 postgres://lab@127.0.0.1:${port}/lab：connection refused，20 毫秒后重试（第 1/3 次）`,
      `无法连接数据库 postgres://lab@127.0.0.1:${port}/lab：connection refused，40 毫秒后重试（第 2/3 次）`,
      `无法连接数据库 postgres://lab@127.0.0.1:${port}/lab：connection refused，已尝试 3 次，服务器退出。请检查 DATABASE_URL 与数据库是否已启动。`,
    ]);
    expect(run.stdout + run.stderr).not.toMatch(/s3cret-pw|\n\s+at |Error:/);
  });
});

describe.runIf(testDbKind === 'postgres')('several processes starting together on a database that lacks migrations', () => {
  it('all start: one migrates, the others wait for it (3 of 4 died on a duplicate table before)', { timeout: 120_000 }, async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `lab_test_run_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // as two instances and two workers started at once by a deployment
      const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ url: url.toString(), poolSize: 2 })));
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      expect(opened.map((r) => (r.status === 'fulfilled' ? 'started' : String(r.reason)))).toEqual(['started', 'started', 'started', 'started']);
      const target = new pg.Client({ connectionString: url.toString() });
      await target.connect();
      const { rows } = await target.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      await target.end();
      expect(rows[0]?.n).toBe(fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
