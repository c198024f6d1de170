import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import type { AppDeps } from './platform/deps';
import { startJobQueue, type JobQueue, type JobSpec } from './platform/job-queue';
import { OUTBOX_QUEUE, outboxJob } from './platform/outbox';

/**
 * Every background job of the shop, in one list: the queue (name, retries) and, for a
 * scheduled one, its cron in the lab's time zone. The server runs them in its own process unless
 * JOBS_IN_PROCESS=0, when `npm run worker` does (src/worker.ts).
 */
export const jobQueues: Pick<JobSpec, 'name' | 'queue'>[] = [OUTBOX_QUEUE];

/** The handlers, given what the modules are given. */
export function jobSpecs(deps: AppDeps, log: FastifyBaseLogger): JobSpec<never>[] {
  return [outboxJob(deps.db, deps.deliverers, deps.clock, log)] as JobSpec<never>[];
}

/** Opens the queue for a process: `work` runs handlers, schedules and pg-boss's upkeep here. */
export function openJobQueue(database: Database, log: FastifyBaseLogger, work: boolean, cronSeconds?: number): Promise<JobQueue> {
  return startJobQueue({ database, work, log, queues: jobQueues, ...(cronSeconds ? { cronSeconds } : {}) });
}
