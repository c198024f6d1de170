import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { loadConfig } from '../src/platform/config';
import { DISK_FULL_MESSAGE } from '../src/platform/disk';
import { localFileStore } from '../src/platform/providers/file-store';
import { call, openTestDatabase, testDbKind } from './harness';
import { makeLoggedInMember } from './factories';
import { startServer, stopAll, type ServerProcess } from './server-process';
import { migrationsHash, pgliteTemplateDir, tmpRoot } from './template';

/**
 * Issue 28, fault 16: a full disk gave a generic 500 while /api/ready stayed 200, and a stopped
 * server could not start with 15 MB free (PGlite "failed to initialize properly", nothing more).
 * Now a write without space answers 503 with a Chinese sentence and Retry-After, readiness fails
 * while DATA_DIR's disk has less than DISK_MIN_FREE_MB free, and the start says what is missing.
 *
 * Everywhere: readiness against the real free space (a threshold above it), and an upload whose
 * write fails with ENOSPC. As root (here and in CI), on a small tmpfs of its own that the test
 * fills: a server on PGlite, its uploads and database writes, the recovery once space is freed,
 * and a start on the full disk.
 */

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64 * 1024)]);
const requirement = { title: 'XRD 物相分析', samples: '粉末 3 个', contact: '张老师', phone: '13800138000' };
/** 2,000 random CJK characters: a requirement row that does not compress, so each one takes new pages */
const bulkyContent = () => Array.from({ length: 2000 }, () => String.fromCodePoint(0x4e00 + randomInt(20_000))).join('');

function multipart(fields: Record<string, string>, file: { content: Buffer; filename: string }) {
  const boundary = '----disk-full';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: image/png\r\n\r\n`), file.content, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('a full disk, wherever the test runs', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  const dataDir = path.join(tmpRoot, `disk-${process.pid}-${randomBytes(4).toString('hex')}`);
  const appWith = async (settings: Record<string, string>, files?: ReturnType<typeof localFileStore>) => {
    const app = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: '0', ...settings }), logger: false, rateLimit: false, ...(files ? { files } : {}) });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('readiness is 503 while DATA_DIR\'s disk has less free than DISK_MIN_FREE_MB', async () => {
    const free = fs.statfsSync(tmpRoot);
    const freeMb = Math.floor((free.bavail * free.bsize) / 1024 / 1024);
    const short = await appWith({ DISK_MIN_FREE_MB: String(freeMb + 1024) });
    const ready = await call(short, 'GET', '/api/ready');
    expect(ready).toMatchObject({ status: 503, code: 0, msg: DISK_FULL_MESSAGE });
    expect(ready.headers['retry-after']).toBeDefined();
    expect(await call(short, 'GET', '/api/health')).toMatchObject({ status: 200 });
    expect(await call(await appWith({ DISK_MIN_FREE_MB: '1' }), 'GET', '/api/ready')).toMatchObject({ status: 200 });
  });

  it('an upload whose write finds no space answers 503 in Chinese with Retry-After, not 500', async () => {
    const store = localFileStore(dataDir);
    const full: typeof store = { ...store, put: async () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 })) };
    const app = await appWith({}, full);
    const { token } = await makeLoggedInMember(database.db);
    const added = await call<{ rid: string }>(app, 'POST', '/api/auth/demand/add', { token, form: { ...requirement, content: '需要确认杂相' } });
    const { body, contentType } = multipart({ rid: added.data.rid }, { content: png, filename: 'a.png' });
    const res = await app.inject({ method: 'POST', url: '/api/auth/demand/file', headers: { token, 'content-type': contentType }, payload: body });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toMatchObject({ code: 0, msg: DISK_FULL_MESSAGE });
  });
});

/** A tmpfs of the test's own (root only: mount needs CAP_SYS_ADMIN); null where it cannot be made. */
function smallDisk(megabytes: number): string | null {
  if (testDbKind !== 'pglite' || process.getuid?.() !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/** Fills the disk holding `dir` to the last byte: 1 MB at a time, then 4 KB. */
function fill(file: string) {
  const fd = fs.openSync(file, 'a');
  try {
    for (const size of [1024 * 1024, 4096, 512]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          if (fs.writeSync(fd, chunk) < size) break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

const disk = smallDisk(80);

describe.runIf(disk)('a PGlite server on a disk that fills up (a tmpfs of 80 MB)', () => {
  const dataDir = path.join(disk ?? '', 'data');
  const filler = path.join(disk ?? '', 'filler');
  let server: ServerProcess | undefined;
  let token = '';

  beforeAll(async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.cpSync(pgliteTemplateDir(inject('templateHash') ?? migrationsHash()), path.join(dataDir, 'pglite'), { recursive: true });
    const folder = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), migrate: false });
    try {
      token = (await makeLoggedInMember(folder.db)).token;
    } finally {
      await folder.close();
    }
    server = await startServer({ name: 'small disk', dataDir, env: { DISK_MIN_FREE_MB: '8' } });
  }, 120_000);

  afterAll(async () => {
    await stopAll(server);
    try {
      execFileSync('umount', ['-l', disk!], { stdio: 'ignore' });
    } finally {
      fs.rmSync(disk!, { recursive: true, force: true });
    }
  }, 30_000);

  const post = (url: string, form: Record<string, string>) =>
    fetch(`${server!.url}${url}`, { method: 'POST', headers: { token, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });

  it('answers 503 with the sentence while full (readiness, uploads, database writes), serves again once space is freed, and a start on the full disk says what is missing', async (context) => {
    expect((await fetch(`${server!.url}/api/ready`)).status).toBe(200);
    const added = (await (await post('/api/auth/demand/add', { ...requirement, content: '需要确认杂相' })).json()) as { code: number; data: { rid: string } };
    expect(added.code).toBe(1);

    fill(filler);
    const ready = await fetch(`${server!.url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { msg: string }).msg).toBe(DISK_FULL_MESSAGE);

    const { body, contentType } = multipart({ rid: added.data.rid }, { content: png, filename: 'a.png' });
    const uploaded = await fetch(`${server!.url}/api/auth/demand/file`, { method: 'POST', headers: { token, 'content-type': contentType }, body });
    expect(uploaded.status).toBe(503);
    expect(uploaded.headers.get('retry-after')).toBe('60');
    expect(((await uploaded.json()) as { msg: string }).msg).toBe(DISK_FULL_MESSAGE);
    const uploads = path.join(dataDir, 'files', 'requirements');
    expect(fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true }).filter((f) => String(f).endsWith('.png')) : [], 'no half-written file left').toEqual([]);

    // the database's own files: rows that need new pages, until one finds none (PGlite's 53100)
    const answers: string[] = [];
    for (let i = 0; i < 400 && !answers.some((a) => a.startsWith('503')); i++) {
      const res = await post('/api/auth/demand/add', { ...requirement, content: bulkyContent() });
      const { msg } = (await res.json()) as { msg: string };
      if (res.status !== 200) answers.push(`${res.status} ${msg} ${res.headers.get('retry-after')}`);
    }
    expect(answers, 'the first failed write is a 503 with the sentence, and nothing before it failed otherwise').toEqual([`503 ${DISK_FULL_MESSAGE} 60`]);
    expect(server!.running).toBe(true);

    fs.rmSync(filler);
    expect((await fetch(`${server!.url}/api/ready`)).status).toBe(200);
    expect(((await (await post('/api/auth/demand/add', { ...requirement, content: bulkyContent() })).json()) as { code: number }).code).toBe(1);

    // stopped, the disk filled again: the start says what is missing and exits 1
    await server!.stop();
    fill(filler);
    const refused = await startServer({ name: 'full disk start', dataDir, env: { DISK_MIN_FREE_MB: '8' } }).then(
      async (started) => (await started.kill9(), null),
      (error: Error) => error.message,
    );
    expect(refused, 'the server must not start on a full disk').not.toBeNull();
    expect(refused).toMatch(/服务器无法启动：磁盘空间不足：DATA_DIR（.*）所在磁盘只剩 0\.\d MB 可用，启动至少要 32 MB/);
    context.annotate(refused!.split('\n').find((line) => line.startsWith('服务器无法启动')) ?? '');
  }, 240_000);
});
