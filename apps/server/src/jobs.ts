import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import type { AppDeps } from './platform/deps';
import { startJobQueue, type JobQueue, type JobSpec } from './platform/job-queue';
import { OUTBOX_QUEUE, outboxJob } from './platform/outbox';
import { checkLedger } from './areas/funds/ledger-check.service';
import { sweepUnpaidOrders } from './areas/orders/unpaid-orders.service';
import { releaseExpiredHolds } from './areas/orders/holds.service';
import { sendReminders } from './areas/orders/desk/reminders.service';
import { checkPromises, checkSlippingEstimates } from './areas/orders/desk/promise-alerts.service';
import { sweepDeliveredOrders } from './areas/orders/desk/auto-confirm.service';
import { sweepOpenPayments } from './areas/payments/check-payments';
import { sweepRefunds } from './areas/payments/online-refunds';
import { siteOrigin } from './areas/payments/online-pay.routes';
import { reconcileYesterday } from './areas/payments/reconcile.service';
import { runBookingJobs } from './areas/orders/reservations/booking-jobs.service';
import { expireRequests } from './areas/grants/grant-requests';
import { VAULT_VERIFY_JOB, verifyUploaded } from './areas/vault/upload.service';
import { VAULT_INTEGRITY_JOB, VAULT_RETENTION_JOB, checkIntegrity, deleteExpiredFiles } from './areas/vault/retention.service';

/**
 * Every background job of the shop, in one list: the queue (name, retries) and, for a
 * scheduled one, its cron in the lab's time zone (Asia/Shanghai). The server runs them in its own
 * process unless JOBS_IN_PROCESS=0, when `npm run worker` does (src/worker.ts).
 */

export const LEDGER_CHECK_JOB = 'ledger-check';
export const UNPAID_ORDERS_JOB = 'unpaid-orders';
export const AUTO_CONFIRM_JOB = 'auto-confirm';
export const RELEASE_HOLDS_JOB = 'release-holds';
export const REMINDERS_JOB = 'reminders';
export const PROMISES_JOB = 'promise-alerts';
export const ONLINE_PAY_JOB = 'online-payments';
export const RECONCILE_JOB = 'payment-reconcile';
export const BOOKINGS_JOB = 'bookings';
export const GRANT_REQUESTS_JOB = 'grant-requests';

/** Scheduled jobs: their cron (lab time). Tests may give their own (a per-second one, to see a tick run). */
export const jobCrons: Record<string, string> = {
  // every night at 02:30, when nobody pays
  [LEDGER_CHECK_JOB]: '30 2 * * *',
  // the day-before notices and the cancels, at the top of every hour
  [UNPAID_ORDERS_JOB]: '0 * * * *',
  // delivered orders nobody answered: the day-before notices and the completions, at a quarter past every hour
  [AUTO_CONFIRM_JOB]: '15 * * * *',
  // every read already treats an expired hold as released (holds.service.ts); this brings the rows and their orders up to date
  [RELEASE_HOLDS_JOB]: '*/5 * * * *',
  // pickups tomorrow, coupons and raw data about to expire: hourly, sent only in the day (任务设置's hour to 21:00)
  [REMINDERS_JOB]: '10 * * * *',
  // a promise reads 即将超时 30 minutes before it is due: looked at every minute
  [PROMISES_JOB]: '* * * * *',
  // open payments whose notice never came are asked about, expired ones closed; refunds sent and asked about (docs/payments.md)
  [ONLINE_PAY_JOB]: '* * * * *',
  // yesterday's bills against our records, from 任务设置's hour on (a day reconciled is not read again; a failed download is tried the next hour)
  [RECONCILE_JOB]: '20 * * * *',
  // instrument bookings (0051): confirmations, the day-before and hour-before reminders, no-shows 30 minutes in, the wait list's hand-over and expiry
  [BOOKINGS_JOB]: '* * * * *',
  // grant-card payments the PI left unanswered for 7 days are refused and the members told
  [GRANT_REQUESTS_JOB]: '25 * * * *',
  // the data vault: files past their retention deleted (with a certificate) every night at 03:40
  [VAULT_RETENTION_JOB]: '40 3 * * *',
  // a sample of the vault's files hashed again, on the 1st of every month at 04:10
  [VAULT_INTEGRITY_JOB]: '10 4 1 * *',
};

const scheduled = (name: string) => ({ name, queue: { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 } });

/** the every-minute job: a run that fails is not retried (the next minute's run looks again) and does not outlive its minute */
const everyMinute = (name: string) => ({ name, queue: { retryLimit: 0, expireInSeconds: 60 } });

export const jobQueues: Pick<JobSpec, 'name' | 'queue'>[] = [
  OUTBOX_QUEUE,
  scheduled(LEDGER_CHECK_JOB),
  scheduled(UNPAID_ORDERS_JOB),
  scheduled(AUTO_CONFIRM_JOB),
  scheduled(RELEASE_HOLDS_JOB),
  scheduled(REMINDERS_JOB),
  everyMinute(PROMISES_JOB),
  everyMinute(ONLINE_PAY_JOB),
  scheduled(RECONCILE_JOB),
  everyMinute(BOOKINGS_JOB),
  scheduled(GRANT_REQUESTS_JOB),
  // a 5 GB file takes minutes to read back: an hour before pg-boss gives the job up
  { name: VAULT_VERIFY_JOB, queue: { retryLimit: 3, retryDelay: 60, expireInSeconds: 3600 } },
  scheduled(VAULT_RETENTION_JOB),
  { name: VAULT_INTEGRITY_JOB, queue: { retryLimit: 2, retryDelay: 300, expireInSeconds: 4 * 3600 } },
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
      ...scheduled(AUTO_CONFIRM_JOB),
      async run() {
        const outcome = await sweepDeliveredOrders(deps.db, { sms: deps.sms, email: deps.email, log }, log, deps.clock.now());
        if (outcome.noticed.length || outcome.completed.length) log.info(outcome, 'delivered orders: members told, unanswered orders confirmed');
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
        if (sent.pickups.length || sent.coupons.length || sent.retention.length || sent.certificates.length) log.info(sent, 'reminders sent: pickups tomorrow, coupons and raw data about to expire, certificates ending');
      },
    },
    {
      ...everyMinute(PROMISES_JOB),
      pollSeconds: 1,
      async run() {
        const found = await checkPromises(deps.db, deps.sms, deps.clock.now());
        if (found.alerted.length || found.missed.length) log.info(found, 'service promises: staff alerted, missed promises recorded');
        const slipping = await checkSlippingEstimates(deps.db, deps.sms, deps.clock.now());
        if (slipping.length) log.info({ slipping }, 'estimates past the promised turnaround: the lab alerted');
      },
    },
    {
      ...everyMinute(ONLINE_PAY_JOB),
      pollSeconds: 1,
      async run() {
        const now = deps.clock.now();
        const payments = await sweepOpenPayments(deps.db, deps.payments, { sms: deps.sms, email: deps.email }, now, log);
        const refunds = await sweepRefunds(deps.db, deps.payments, siteOrigin(deps), now, log);
        if (payments.booked || payments.closed || refunds.sent || refunds.moved) log.info({ payments, refunds }, 'online payments: lost notices booked, expired payments closed, refunds sent');
      },
    },
    {
      ...scheduled(RECONCILE_JOB),
      async run() {
        const runs = await reconcileYesterday(deps.db, deps.payments, deps.clock.now());
        for (const run of runs) {
          if (run.state === 'failed') log.warn({ vendor: run.vendor, day: run.day, error: run.error }, 'payment reconciliation: the bill could not be downloaded, tried again next hour');
          else if (run.mismatchCount) log.warn({ vendor: run.vendor, day: run.day, mismatches: run.mismatchCount }, 'payment reconciliation: the bill and our records differ, finance sees it under 对账');
          else log.info({ vendor: run.vendor, day: run.day }, 'payment reconciliation: the bill matches our records');
        }
      },
    },
    {
      ...everyMinute(BOOKINGS_JOB),
      pollSeconds: 1,
      async run() {
        const done = await runBookingJobs(deps.db, { sms: deps.sms, email: deps.email }, deps.clock.now());
        if (Object.values(done).some((list) => list.length)) log.info(done, 'bookings: confirmations and reminders sent, no-shows marked, wait-list slots offered');
      },
    },
    {
      ...scheduled(GRANT_REQUESTS_JOB),
      async run() {
        const expired = await expireRequests(deps.db, { sms: deps.sms, email: deps.email, siteUrl: deps.config.PUBLIC_URL }, deps.clock.now());
        if (expired.length) log.info({ requests: expired.length }, 'grant requests unanswered for 7 days refused, members told');
      },
    },
    {
      name: VAULT_VERIFY_JOB,
      queue: { retryLimit: 3, retryDelay: 60, expireInSeconds: 3600 },
      async run(job) {
        const state = await verifyUploaded(deps.db, deps, job.data.id, deps.clock.now());
        if (state === 'mismatch') log.warn({ vaultFile: job.data.id }, 'data vault: an uploaded file differs from the hash the browser computed, the lab alerted');
      },
    },
    {
      ...scheduled(VAULT_RETENTION_JOB),
      async run() {
        const outcome = await deleteExpiredFiles(deps.db, deps, deps.clock.now());
        if (outcome.files) log.info(outcome, 'data vault: files past their retention deleted, certificates kept');
      },
    },
    {
      name: VAULT_INTEGRITY_JOB,
      queue: { retryLimit: 2, retryDelay: 300, expireInSeconds: 4 * 3600 },
      async run() {
        const outcome = await checkIntegrity(deps.db, deps, deps.clock.now());
        if (outcome.mismatched.length) log.error(outcome, 'data vault: stored files changed since their check, the lab alerted');
        else log.info(outcome, 'data vault: the sampled files are unchanged');
      },
    },
  ];
  return specs.map((spec) => ({ ...spec, ...(crons[spec.name] ? { cron: crons[spec.name] } : {}) })) as JobSpec<never>[];
}

/** Opens the queue for a process: `work` runs handlers, schedules and pg-boss's upkeep here. */
export function openJobQueue(database: Database, log: FastifyBaseLogger, work: boolean, cronSeconds?: number): Promise<JobQueue> {
  return startJobQueue({ database, work, log, queues: jobQueues, ...(cronSeconds ? { cronSeconds } : {}) });
}
