import fs from 'node:fs';
import path from 'node:path';

/**
 * A full disk (issue 28, fault 16): it answered a generic 500 while /api/ready said 200, and a
 * stopped server with 15 MB free could not start, saying only that PGlite failed to initialise.
 * Now a write that fails for want of space (node's ENOSPC or EDQUOT on an upload, PostgreSQL's and
 * PGlite's 53100 disk_full: "could not extend file", "could not write to file pg_wal/…") answers
 * 503 with DISK_FULL_MESSAGE; readiness fails while the disk of DATA_DIR has less than
 * DISK_MIN_FREE_MB free; and a start that fails on a nearly full disk says so, with the figures.
 */

export const DISK_FULL_MESSAGE = '服务器存储空间不足，请稍后再试';
/** a disk does not empty itself in seconds: a client is told to come back in a minute */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;
export const MB = 1024 * 1024;

const diskFullCodes = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** Whether an error says a write found no space, through drizzle's wrapping (`cause`) and AggregateError. */
export function isDiskFull(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const current = pending.pop();
    if (!current || typeof current !== 'object') continue;
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && diskFullCodes.has(code)) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/** The folder itself, or its nearest parent that exists (DATA_DIR before the first start). */
function existing(dir: string): string {
  let current = path.resolve(dir);
  while (!fs.existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/** Bytes an unprivileged writer may still use on the disk holding `dir`; null when it cannot be read. */
export async function freeBytes(dir: string): Promise<number | null> {
  try {
    const stats = await fs.promises.statfs(existing(dir));
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

export function freeBytesSync(dir: string): number | null {
  try {
    const stats = fs.statfsSync(existing(dir));
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/** "15 MB", rounded down; "0.4 MB" under one */
export const megabytes = (bytes: number) => (bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${(bytes / MB).toFixed(1)} MB`);

/** PGlite writes its WAL in 16 MB segments: a start that needs a new one fails with less free (measured: 15 MB). */
export const PGLITE_START_MB = 32;

/** The free space of DATA_DIR's disk when it is under `minFreeMb` (0: not checked), else null. */
export function diskShortfall(dataDir: string, minFreeMb: number): number | null {
  if (minFreeMb <= 0) return null;
  const free = freeBytesSync(dataDir);
  return free !== null && free < minFreeMb * MB ? free : null;
}

/** What the start says about a disk with `free` bytes left. */
export const lowDiskLine = (dataDir: string, free: number, needMb: number, why: string) =>
  `磁盘空间不足：DATA_DIR（${dataDir}）所在磁盘只剩 ${megabytes(free)} 可用，${why}至少要 ${needMb} MB（内置数据库 PGlite 每新建一个 WAL 段就要 16 MB，上传的文件也写在这里）。请清理磁盘或扩容。` +
  ` / The disk of DATA_DIR has ${megabytes(free)} free; ${needMb} MB needed.`;
