import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per PGlite folder (issue 28, fault 15). PGlite is PostgreSQL inside the process
 * with no postmaster to keep a second one out: `npm run backup` on the folder of a running server
 * opened it beside the server, and after a crash the folder no longer opened (4 of 4 rounds).
 * Whoever opens a folder — the server, a worker of the tests, `npm run backup`, `npm run
 * restore` — first takes its lock file, `<folder>.lock` beside it (not inside: a backup of the
 * folder must not carry it), holding the owner's pid, host, start time and role. A lock whose
 * process is gone (a crash, kill -9) is taken over; one whose process lives is refused with a
 * sentence saying who holds it.
 */

export interface LockHolder {
  pid: number;
  host: string;
  /** what holds it: 服务器, npm run backup… */
  role: string;
  since: string;
  /** the process's start time in clock ticks since boot (Linux /proc), so a reused pid is not taken for the owner */
  startTicks: string | null;
}

export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.host === os.hostname() ? '' : `，主机 ${holder.host}`;
    super(
      `PGlite 数据目录 ${folder} 正被另一个进程使用（${holder.role}，pid ${holder.pid}${where}，自 ${holder.since} 起）：同一目录同时只能由一个进程打开。` +
        `请先停止该进程；若确认它已不在运行，删除 ${folder}.lock 后重试。` +
        ` / The PGlite folder is held by another process (${holder.role}, pid ${holder.pid}); stop it first.`,
    );
    this.name = 'FolderInUseError';
  }
}

export interface FolderLock {
  /** removes the lock file if it is still ours */
  release(): void;
}

export const lockPathOf = (folder: string) => `${folder.replace(/[/\\]+$/, '')}.lock`;

/** A process's start time (field 22 of /proc/<pid>/stat), or null where there is no /proc. */
function startTicksOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may hold spaces: count from after it
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote the lock still runs (on this host; another host's lock counts as live). */
function holderAlive(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // the pid is taken; by the same process only if it started when the lock says
  const ticks = startTicksOf(holder.pid);
  return holder.startTicks === null || ticks === null || ticks === holder.startTicks;
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return { pid: parsed.pid, host: parsed.host, role: parsed.role ?? '?', since: parsed.since ?? '?', startTicks: parsed.startTicks ?? null };
  } catch {
    return null;
  }
}

/**
 * Takes the folder's lock for this process, or throws FolderInUseError. A stale lock (its process
 * gone, or an unreadable file) is moved aside and taken; two processes racing for it both try to
 * create the file exclusively, and one of them loses.
 */
export function lockFolder(folder: string, role: string): FolderLock {
  const file = lockPathOf(folder);
  const mine: LockHolder = { pid: process.pid, host: os.hostname(), role, since: new Date().toISOString(), startTicks: startTicksOf(process.pid) };
  const text = `${JSON.stringify(mine)}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, text, { flag: 'wx' });
      return {
        release() {
          // only our own: a lock another process took over after us is theirs
          if (readHolder(file)?.pid === mine.pid && fs.readFileSync(file, 'utf8') === text) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && holderAlive(holder)) throw new FolderInUseError(folder, holder);
    // stale: moved aside under a name of our own, so two processes cannot both remove it
    const aside = `${file}.stale-${process.pid}`;
    try {
      fs.renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      continue;
    }
    // another process may have taken the stale lock between our read and the move: put its live lock back
    const moved = readHolder(aside);
    if (moved && holderAlive(moved)) {
      try {
        fs.linkSync(aside, file);
      } catch {
        // a third process holds the name now: it is in use either way
      }
      fs.rmSync(aside, { force: true });
      throw new FolderInUseError(folder, moved);
    }
    fs.rmSync(aside, { force: true });
  }
  const holder = readHolder(file);
  if (holder) throw new FolderInUseError(folder, holder);
  throw new Error(`无法取得 ${file}`);
}
