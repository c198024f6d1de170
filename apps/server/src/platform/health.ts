import { sql } from 'drizzle-orm';
import { calls } from '@lab/contract/calls';
import { serve } from './calls';
import { AppError } from './errors';
import { unavailableMessage } from './error-handler';

/** How long readiness waits for the database's answer before it says "not ready". */
export const READY_TIMEOUT_MS = 2000;

/**
 * Liveness and readiness, for a load balancer or an orchestrator:
 * - `/api/health`: the process answers (restart it when this fails); never touches the database;
 * - `/api/ready`: the database answers `select 1` within READY_TIMEOUT_MS (send no traffic while
 *   it does not): 503 with Retry-After otherwise.
 */
export const healthRoutes = serve(calls.health, {
  live: () => ({ status: 'up' as const }),
  ready: async ({ db, request }) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new AppError('SERVICE_UNAVAILABLE', unavailableMessage)), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([db.execute(sql`select 1`), late]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      request.log.warn({ err: error }, 'not ready: the database did not answer');
      throw new AppError('SERVICE_UNAVAILABLE', unavailableMessage);
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ready' as const, database: 'up' as const };
  },
});
