import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import type { AppDeps } from './platform/deps';
import { startJobQueue, type JobQueue, type JobSpec } from './platform/job-queue';
import { OUTBOX_QUEUE, outboxJob } from './platform/outbox';
import { checkLedger } from './modules/35-funds/ledger-check.service';
import { sweepUnpaidOrders } from './modules/50-ordering/unpaid-orders.service';
import { releaseExpiredHolds } from './modules/50-ordering/holds.service';
import { sendReminders } from './modules/52-labdesk/reminders.service';
import { checkPromises } from './modules/52-labdesk/promise-alerts.service';

/**
 * Every background job of the shop, in one list: the queue (name, retries) and, for a
 * scheduled one, its cron in the lab's time zone (Asia/Shanghai). The server runs them in its own
 * process unless JOBS_IN_PROCESS=0, when `npm run worker` does (src/worker.ts).
 */

export const LEDGER_CHECK_JOB = 'ledger-check';
export const UNPAID_ORDERS_JOB = 'unpaid-orders';
export const RELEASE_HOLDS_JOB = 'release-holds';
export const REMINDERS_JOB = 'reminders';
export const PROMISES_JOB = 'promise-alerts';

/** Scheduled jobs: their cron (lab time). Tests may give their own (a per-second one, to see a tick run). */
export const jobCrons: Record<string, string> = {
  // every night at 02:30, when nobody pays
  [LEDGER_CHECK_JOB]: '30 2 * * *',
  // the day-before notices and the cancels, at the top of every hour
  [UNPAID_ORDERS_JOB]: '0 * * * *',
  // every read already treats an expired hold as released (holds.service.ts); this brings the rows and their orders up to date
  [RELEASE_HOLDS_JOB]: '*/5 * * * *',
  // pickups tomorrow, coupons and raw data about to expire: hourly, sent only in the day (任务设置's hour to 21:00)
  [REMINDERS_JOB]: '10 * * * *',
  // a promise reads 即将超时 30 minutes before it is due: looked at every minute
  [PROMISES_JOB]: '* * * * *',
};

const scheduled = (name: string) => ({ name, queue: { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 } });

/** the every-minute job: a run that fails is not retried (the next minute's run looks again) and does not outlive its minute */
const everyMinute = (name: string) => ({ name, queue: { retryLimit: 0, expireInSeconds: 60 } });

export const jobQueues: Pick<JobSpec, 'name' | 'queue'>[] = [
  OUTBOX_QUEUE,
  scheduled(LEDGER_CHECK_JOB),
  scheduled(UNPAID_ORDERS_JOB),
  scheduled(RELEASE_HOLDS_JOB),
  scheduled(REMINDERS_JOB),
  everyMinute(PROMISES_JOB),
];

/** The handlers, given what the modules are given. */
export function jobSpecs(deps: AppDeps, log: FastifyBaseLogger, crons: Record<string, string> = jobCrons): JobSpec<never>[] {
  const specs: JobSpec<{ id: number }>[] = [
    outboxJob(deps.db, deps.deliverers, deps.clock, log),
    {
      ...scheduled(LEDGER_CHECK_JOB),
      async run() {
        const mismatches = await checkLedger(deps.db, deps.clock.now());
        if (mismatches.length) log.error({ accounts: mismatches.map((m) => m.accountId) }, 'ledger check: balances differ from their entries, administrators alerted');
        else log.info('ledger check: every balance equals the sum of its entries');
      },
    },
    {
      ...scheduled(UNPAID_ORDERS_JOB),
      async run() {
        const outcome = await sweepUnpaidOrders(deps.db, { sms: deps.sms, email: deps.email }, log, deps.clock.now());
        if (outcome.noticed.length || outcome.cancelled.length) log.info(outcome, 'unpaid orders: members told, overdue orders cancelled');
      },
    },
    {
      ...scheduled(RELEASE_HOLDS_JOB),
      async run() {
        const released = await deps.db.transaction((tx) => releaseExpiredHolds(tx, deps.clock.now()));
        if (released.length) log.info({ orders: released.length }, 'expired booking holds released');
      },
    },
    {
      ...scheduled(REMINDERS_JOB),
      async run() {
        const sent = await sendReminders(deps.db, { sms: deps.sms, email: deps.email, siteUrl: deps.config.PUBLIC_URL }, deps.clock.now());
        if (sent.pickups.length || sent.coupons.length || sent.retention.length) log.info(sent, 'reminders sent: pickups tomorrow, coupons and raw data about to expire');
      },
    },
    {
      ...everyMinute(PROMISES_JOB),
      pollSeconds: 1,
      async run() {
        const found = await checkPromises(deps.db, deps.sms, deps.clock.now());
        if (found.alerted.length || found.missed.length) log.info(found, 'service promises: staff alerted, missed promises recorded');
      },
    },
  ];
  return specs.map((spec) => ({ ...spec, ...(crons[spec.name] ? { cron: crons[spec.name] } : {}) })) as JobSpec<never>[];
}

/** Opens the queue for a process: `work` runs handlers, schedules and pg-boss's upkeep here. */
export function openJobQueue(database: Database, log: FastifyBaseLogger, work: boolean, cronSeconds?: number): Promise<JobQueue> {
  return startJobQueue({ database, work, log, queues: jobQueues, ...(cronSeconds ? { cronSeconds } : {}) });
}
