import { sql, type SQL } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Job, type JobResult, type QueueOptions } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client';

/**
 * Background jobs on pg-boss (docs/decisions/0023-background-jobs-pg-boss.md), in the database the shop
 * already has: PostgreSQL through pg-boss's own pool, or the embedded PGlite through pg-boss's
 * `db` adapter (`fromPglite`, `backend: 'pglite'`: the same single connection the app uses, so
 * a job's statements queue behind an open transaction like any request's). A job sent with a
 * transaction (`send(name, data, tx)`) goes through `fromDrizzle(tx)` and exists exactly when
 * the change that asked for it commits.
 *
 * Every process that sends opens the queue; only a process that works (`work: true`: the server
 * by default, `npm run worker` when JOBS_IN_PROCESS=0) runs handlers, keeps pg-boss's
 * maintenance and evaluates the cron schedules. pg-boss sends a schedule's job once per tick
 * however many instances evaluate it, so a scheduled job runs once across the cluster.
 */

/** The lab's time zone: "nightly" and "the day before" are Shanghai's. */
export const JOB_TIME_ZONE = 'Asia/Shanghai';

export interface JobSpec<T extends object = object> {
  /** the queue's name (letters, digits, dashes) */
  name: string;
  /** a cron expression in the lab's time zone: pg-boss sends one job per tick, across every instance */
  cron?: string;
  /** retries, back-off, expiry (pg-boss QueueOptions); defaults: pg-boss's */
  queue?: QueueOptions;
  /**
   * how often an idle worker looks for jobs when no database notification can wake it; default
   * 2 s. With the notifications (the normal case, both databases) a new job wakes its worker at
   * once and the look is only a backstop, every NOTIFIED_POLL_SECONDS.
   */
  pollSeconds?: number;
  /**
   * how often an idle worker looks for jobs that became due without an announcement (a retry
   * after its back-off, a job sent ahead); default the cron interval (NOTIFIED_POLL_SECONDS). The
   * outbox looks every 10 s so a dead worker's messages go out within a minute.
   */
  duePollSeconds?: number;
  /**
   * jobs taken at once (default 1); while a fetch comes back full the worker fetches again
   * without waiting for the poll (a backlog drains at the handler's speed, not one per poll)
   */
  batchSize?: number;
  run: (job: Job<T>) => Promise<void>;
}

export interface JobQueue {
  /** queue one job; pass the caller's transaction so it commits (or not) with the change */
  send(name: string, data: object, tx?: DbOrTx): Promise<void>;
  /** start handlers and schedules for these jobs (a working process only) */
  work(specs: JobSpec<never>[]): Promise<void>;
  /** sends the job of a scheduled queue now, as its cron tick would (tests, the back office) */
  runNow(name: string): Promise<void>;
  /** finishes the jobs in hand (up to `timeoutMs`), then stops; the database stays open */
  stop(timeoutMs?: number): Promise<void>;
  readonly boss: PgBoss;
}

export interface JobQueueOptions {
  database: Database;
  /** run handlers, maintenance and schedules in this process */
  work: boolean;
  log: FastifyBaseLogger;
  /** every queue this process may send to, created (or brought up to date) at start */
  queues: Pick<JobSpec, 'name' | 'queue'>[];
  /**
   * how often the cron schedules are evaluated (pg-boss default 30 s; the tests make it short), and
   * so how soon a job due later is looked for (NOTIFIED_POLL_SECONDS by default)
   */
  cronSeconds?: number;
}

/**
 * A job sent is announced with NOTIFY (pg-boss `useListenNotify`, every queue `notify: true`), and
 * the workers of this process LISTEN (PostgreSQL: one connection of pg-boss's own; PGlite: the
 * instance itself), so a new job runs at once instead of at the next poll. The idle workers then
 * look for jobs only every NOTIFIED_POLL_SECONDS, for what is announced before it is due: a
 * schedule's job (sent ahead of its tick), a retry whose back-off has passed (30 s and more). On the
 * embedded PGlite every look is a statement on the one connection the requests use; polling four
 * queues every 1–2 s cost an idle server 1.7–2.3% of a core (1.0% now), and each look made a request that came
 * at the same moment wait (docs/performance.md "CI time").
 */
export const NOTIFIED_POLL_SECONDS = 30;

/**
 * How often a working process's pg-boss supervisor fails the jobs of a dead worker: those whose
 * heartbeat is late (a queue with heartbeatSeconds, the outbox) or whose expiry has passed
 * (pg-boss's default pass: 60 s). Each pass is a few statements (on PGlite, on the one connection).
 */
export const JOB_MONITOR_SECONDS = 10;

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { database, log } = options;
  const connection =
    database.kind === 'pglite'
      ? { db: fromPglite(database.pglite!), backend: 'pglite' as const }
      : { connectionString: database.url!, max: 4, application_name: 'lab-shop-jobs' };
  const boss = new PgBoss({
    ...connection,
    supervise: options.work,
    superviseIntervalSeconds: JOB_MONITOR_SECONDS,
    monitorIntervalSeconds: JOB_MONITOR_SECONDS,
    schedule: options.work,
    useListenNotify: options.work,
    // the schedules are 5-minutely at the finest: their sends are picked up within 30 s (pg-boss: 5 s);
    // job flows (dependencies) are not used here, so their pass runs once a minute (pg-boss: 5 s)
    flowIntervalSeconds: 60,
    ...(options.cronSeconds ? { cronWorkerIntervalSeconds: options.cronSeconds, cronMonitorIntervalSeconds: options.cronSeconds } : { cronWorkerIntervalSeconds: 30 }),
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const queue of options.queues) {
    const queueOptions = { notify: true, ...queue.queue };
    if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queueOptions);
    else await boss.createQueue(queue.name, queueOptions);
  }

  // a job due later (a schedule's tick, sent ahead; a retry after its back-off) announces itself
  // when it is sent, not when it is due: the backstop look finds it, as often as schedules are evaluated
  const dueLaterSeconds = options.cronSeconds ?? NOTIFIED_POLL_SECONDS;
  const known = new Set(options.queues.map((q) => q.name));
  return {
    boss,
    async send(name, data, tx) {
      if (!known.has(name)) throw new Error(`job queue ${name} was not declared to startJobQueue`);
      // both drivers answer execute with { rows } (db/client.ts queryRows); the Db type leaves it unknown
      const inTransaction = tx && fromDrizzle({ execute: (query: SQL) => tx.execute(query) as Promise<{ rows: unknown[] }> }, sql);
      await boss.send(name, data, inTransaction ? { db: inTransaction } : {});
    },
    async work(specs) {
      if (!options.work) throw new Error('this process only sends jobs (JOBS_IN_PROCESS=0): npm run worker runs them');
      for (const spec of specs) {
        // each job of a batch settles on its own: one that throws is failed (and retried) alone
        const options = {
          pollingIntervalSeconds: spec.pollSeconds ?? 2,
          notifyPollingIntervalSeconds: Math.max(Math.min(spec.duePollSeconds ?? dueLaterSeconds, dueLaterSeconds), spec.pollSeconds ?? 2),
          batchSize: spec.batchSize ?? 1,
          burstWhenBatchFull: true,
          perJobResults: true,
        } as const;
        await boss.work<never, unknown, typeof options>(spec.name, options, async (jobs) => {
          const results: JobResult[] = [];
          for (const job of jobs) {
            try {
              await spec.run(job);
              results.push({ id: job.id, status: 'completed' });
            } catch (error) {
              results.push({ id: job.id, status: 'failed', output: { message: error instanceof Error ? error.message : String(error) } });
            }
          }
          return results;
        });
        if (spec.cron) await boss.schedule(spec.name, spec.cron, null, { tz: JOB_TIME_ZONE });
        log.info({ job: spec.name, cron: spec.cron ?? null }, 'job started');
      }
    },
    async runNow(name) {
      await boss.send(name, {});
    },
    async stop(timeoutMs = 8000) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: database.kind !== 'pglite' });
    },
  };
}
