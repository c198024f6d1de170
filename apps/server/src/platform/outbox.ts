import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { outbox } from '../db/tables/platform.tables';
import type { Clock } from './clock';
import type { JobQueue, JobSpec } from './job-queue';
import { sent, type EmailMessage, type EmailProvider, type SendResult, type SmsMessage, type SmsProvider } from './messaging';

/**
 * The outbox (PRODUCT.md "Outside services"): what the services call to send an SMS or an
 * e-mail writes a row, status 'queued', in the caller's transaction, and queues the job
 * `outbox-send` for it in the same transaction; the job hands the message to the provider
 * that delivers it (the local one by default, which only logs; a real one chosen by the
 * environment), retried with back-off. After the last try the row is 'failed': a dead letter the
 * back office lists (消息 → 发送记录) and may send again.
 *
 * Without a job queue (the tests' apps) rows stay 'queued': nothing leaves, the row says what
 * would have.
 */

export const OUTBOX_JOB = 'outbox-send';
/** retries after the first try; with back-off from 30 s the last is about 8 minutes later */
export const OUTBOX_RETRY_LIMIT = 4;
export const OUTBOX_RETRY_DELAY_SECONDS = 30;
/** rows a worker takes at once; each settles (or is retried) on its own */
export const OUTBOX_BATCH = 50;

export const OUTBOX_QUEUE = {
  name: OUTBOX_JOB,
  queue: { retryLimit: OUTBOX_RETRY_LIMIT, retryDelay: OUTBOX_RETRY_DELAY_SECONDS, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
};

export interface Deliverers {
  sms: SmsProvider;
  email: EmailProvider;
}

/** What the services call: a queued row (and its job), in the caller's transaction when given. */
export function queuedSmsProvider(db: Db, jobs: JobQueue | null, deliverer: { name: string }): SmsProvider {
  return {
    name: deliverer.name,
    async send(message, tx) {
      return queue(tx ?? db, jobs, deliverer.name, { channel: 'sms', recipient: message.phone, template: message.template, params: message.params, body: message.body, provider: deliverer.name });
    },
  };
}

export function queuedEmailProvider(db: Db, jobs: JobQueue | null, deliverer: { name: string }): EmailProvider {
  return {
    name: deliverer.name,
    async send(message, tx) {
      return queue(tx ?? db, jobs, deliverer.name, {
        channel: 'email',
        recipient: message.to,
        template: message.template,
        params: message.params,
        body: `${message.subject}\n\n${message.body}`,
        provider: deliverer.name,
      });
    },
  };
}

/** Queued is all a service learns: whether it went out is the outbox row's (and the back office's) to tell. */
async function queue(db: DbOrTx, jobs: JobQueue | null, provider: string, row: typeof outbox.$inferInsert): Promise<SendResult> {
  const [queued] = await db
    .insert(outbox)
    .values({ ...row, status: 'queued' })
    .returning({ id: outbox.id });
  await jobs?.send(OUTBOX_JOB, { id: queued!.id }, db);
  return sent(provider, String(queued!.id));
}

/** The local provider's name: a row queued for it is delivered by it, whatever the configuration names. */
export const LOCAL_PROVIDER = 'local-outbox';

/** The local deliverers: one JSON log line each, the outbox row being the record (the default). */
export function localDeliverers(log: FastifyBaseLogger): Deliverers {
  return {
    sms: {
      name: LOCAL_PROVIDER,
      async send(message: SmsMessage) {
        log.info({ sms: { phone: message.phone, template: message.template, params: message.params } }, 'sms sent (local outbox)');
        return sent(LOCAL_PROVIDER, null);
      },
    },
    email: {
      name: LOCAL_PROVIDER,
      async send(message: EmailMessage) {
        log.info({ email: { to: message.to, template: message.template } }, 'email sent (local outbox)');
        return sent(LOCAL_PROVIDER, null);
      },
    },
  };
}

/**
 * Queued providers whose rows the local deliverers deliver even where a real vendor is
 * configured: the demo seed's notices (a staging server with real SMS keys and demo data must not
 * text the demo phones).
 */
export function localQueuedProviders(db: Db, jobs: JobQueue | null) {
  return { sms: queuedSmsProvider(db, jobs, { name: LOCAL_PROVIDER }), email: queuedEmailProvider(db, jobs, { name: LOCAL_PROVIDER }) };
}

type OutboxRow = typeof outbox.$inferSelect;

/** The message of a row as its provider takes it. */
function messageOf(row: OutboxRow): { sms: SmsMessage } | { email: EmailMessage } {
  if (row.channel === 'sms') return { sms: { phone: row.recipient, template: row.template, params: row.params, body: row.body } };
  const [subject = '', ...rest] = row.body.split('\n\n');
  return { email: { to: row.recipient, template: row.template, params: row.params, subject, body: rest.join('\n\n') } };
}

/**
 * One try of one row. Answers what became of it; throws (so pg-boss retries with back-off)
 * when the provider failed and tries remain. A row no longer queued (sent already, or a resend
 * of a dead letter that went out meanwhile) is left alone, so a job run twice sends once.
 */
export async function dispatchOutboxRow(
  db: Db,
  configured: Deliverers,
  clock: Clock,
  id: number,
  lastTry: boolean,
  local?: Deliverers,
): Promise<'sent' | 'failed' | 'retry' | 'skipped'> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  if (!row || row.status !== 'queued') return 'skipped';
  const message = messageOf(row);
  // a row queued for the local provider stays local (localQueuedProviders)
  const deliverers = row.provider === LOCAL_PROVIDER && local ? local : configured;
  try {
    // a provider answers a refusal (ok: false, the vendor's code and message) or throws (network)
    const result = 'sms' in message ? await deliverers.sms.send(message.sms) : await deliverers.email.send(message.email);
    if (!result.ok) throw new Error(result.code ? `${result.code}: ${result.error}` : result.error);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const status = lastTry ? 'failed' : 'queued';
    await db
      .update(outbox)
      .set({ status, attempts: sql`${outbox.attempts} + 1`, lastError: reason.slice(0, 500), triedAt: clock.now() })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')));
    if (lastTry) return 'failed';
    throw new Error(`outbox ${id}: ${reason}`, { cause: error });
  }
  await db
    .update(outbox)
    .set({ status: 'sent', attempts: sql`${outbox.attempts} + 1`, triedAt: clock.now() })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')));
  return 'sent';
}

/** The job that hands each queued row to its provider. */
export function outboxJob(db: Db, deliverers: Deliverers, clock: Clock, log: FastifyBaseLogger): JobSpec<{ id: number }> {
  const local = localDeliverers(log);
  return {
    ...OUTBOX_QUEUE,
    pollSeconds: 1,
    // a burst of messages (npm run bench:jobs: 10,000) drains batch after batch instead of one per poll
    batchSize: OUTBOX_BATCH,
    async run(job) {
      const outcome = await dispatchOutboxRow(db, deliverers, clock, job.data.id, job.retryCount >= OUTBOX_RETRY_LIMIT, local);
      if (outcome === 'failed') log.warn({ outbox: job.data.id }, 'message not sent after the last try: listed as failed in the back office');
    },
  };
}

/**
 * 重新发送 (a dead letter): the row is queued again with a new round of tries, in the staff
 * call's transaction with its audit row. Only a failed row can be sent again.
 */
export async function requeueOutboxRow(tx: DbOrTx, jobs: JobQueue | null, id: number): Promise<OutboxRow | null> {
  const [row] = await tx
    .update(outbox)
    .set({ status: 'queued', lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning();
  if (!row) return null;
  await jobs?.send(OUTBOX_JOB, { id }, tx);
  return row;
}
