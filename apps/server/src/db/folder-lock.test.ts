import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FolderInUseError, lockFolder, lockPathOf } from './folder-lock';

/** The PGlite folder's lock (issue 28, fault 15): who holds it, and when a lock is stale. */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-folder-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => path.join(root, `pglite-${++n}`);
const writeLock = (dir: string, holder: object) => fs.writeFileSync(lockPathOf(dir), JSON.stringify({ host: os.hostname(), role: '服务器', since: '2026-12-01T00:00:00Z', startTicks: null, ...holder }));

describe('lockFolder', () => {
  it('refuses a folder a live process holds, naming it, and frees it on release', () => {
    const dir = folder();
    const lock = lockFolder(dir, '服务器');
    let refused: unknown;
    try {
      lockFolder(dir, 'npm run backup');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(FolderInUseError);
    expect((refused as Error).message).toContain(`服务器，pid ${process.pid}`);
    lock.release();
    expect(fs.existsSync(lockPathOf(dir))).toBe(false);
    lockFolder(dir, 'npm run backup').release();
  });

  it('takes over the lock of a process that is gone (a crash, kill -9)', () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeLock(dir, { pid: gone });
    const lock = lockFolder(dir, '服务器');
    expect(JSON.parse(fs.readFileSync(lockPathOf(dir), 'utf8'))).toMatchObject({ pid: process.pid, role: '服务器' });
    lock.release();
  });

  it.runIf(fs.existsSync('/proc/self/stat'))('takes over a lock whose pid now belongs to another process', () => {
    const dir = folder();
    writeLock(dir, { pid: process.pid, startTicks: '1' });
    lockFolder(dir, '服务器').release();
  });

  it('counts a lock from another host as held, and an unreadable one as stale', () => {
    const dir = folder();
    writeLock(dir, { pid: 1, host: 'another-host' });
    expect(() => lockFolder(dir, '服务器')).toThrow(/主机 another-host/);
    fs.writeFileSync(lockPathOf(dir), 'half a lo');
    lockFolder(dir, '服务器').release();
  });
});
