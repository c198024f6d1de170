import { sql } from 'drizzle-orm';
import { recentlyAnswered } from '../db/client';
import { calls } from '@lab/contract/calls';
import { serve } from './calls';
import { AppError } from './errors';
import { unavailableMessage } from './error-handler';
import { DISK_FULL_MESSAGE, freeBytes, MB, megabytes } from './disk';

/** How long readiness waits for the database's answer before it says "not ready". */
export const READY_TIMEOUT_MS = 2000;
/**
 * A statement answered this recently, with more waiting, counts as the database answering (PGlite
 * under load, where one statement may take a second on a crowded machine).
 */
export const READY_RECENT_MS = 5000;

/**
 * Liveness and readiness, for a load balancer or an orchestrator:
 * - `/api/health`: the process answers (restart it when this fails); never touches the database,
 *   and on PGlite does not wait behind its statements either (db/client.ts turnByTurn);
 * - `/api/ready`: the disk of DATA_DIR has DISK_MIN_FREE_MB free (PGlite's files and local
 *   uploads are written there: a full disk failed every write while readiness said 200, issue 28
 *   fault 16), the database answers `select 1` within READY_TIMEOUT_MS, and, when files are in
 *   S3, the bucket answers too (send no traffic while any does not): 503 with Retry-After otherwise.
 *   PGlite busy answering a backlog counts as answering (recentlyAnswered), so readiness does not
 *   queue behind the requests it reports on.
 */
/** Waits for `work` until `deadline`: 503 (SERVICE_UNAVAILABLE) when it fails or is late. */
async function answersBy(deadline: number, work: Promise<unknown>, logFailure: (error: unknown) => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new AppError('SERVICE_UNAVAILABLE', unavailableMessage)), Math.max(0, deadline - Date.now()));
  });
  try {
    await Promise.race([work, late]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    logFailure(error);
    throw new AppError('SERVICE_UNAVAILABLE', unavailableMessage);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes = serve(calls.health, {
  live: () => ({ status: 'up' as const }),
  ready: async ({ db, deps, request }) => {
    // one deadline for both checks
    const deadline = Date.now() + READY_TIMEOUT_MS;
    const minFree = deps.config.DISK_MIN_FREE_MB * MB;
    if (minFree > 0) {
      const free = await freeBytes(deps.config.dataDir);
      if (free !== null && free < minFree) {
        request.log.warn({ dataDir: deps.config.dataDir, free, minFreeMb: deps.config.DISK_MIN_FREE_MB }, `not ready: the disk of DATA_DIR has ${megabytes(free)} free, under DISK_MIN_FREE_MB`);
        throw new AppError('SERVICE_UNAVAILABLE', DISK_FULL_MESSAGE);
      }
    }
    // PGlite busy with a backlog that it is answering: that is the answer (a select 1 would queue behind it)
    if (!recentlyAnswered(db, READY_RECENT_MS)) await answersBy(deadline, db.execute(sql`select 1`), (error) => request.log.warn({ err: error }, 'not ready: the database did not answer'));
    if (deps.files.name === 'local') return { status: 'ready' as const, database: 'up' as const };
    await answersBy(deadline, deps.files.check(), (error) => request.log.warn({ err: error }, 'not ready: the file storage did not answer'));
    return { status: 'ready' as const, database: 'up' as const, storage: 'up' as const };
  },
});
