import fs from 'node:fs';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { outbox } from './platform.tables';
import type { Clock } from './clock';
import type { JobQueue, JobSpec } from './job-queue';
import { sent, type EmailMessage, type EmailProvider, type SendResult, type SmsMessage, type SmsProvider, type WechatNotice, type WechatProvider } from './messaging';

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
/** retries after the first try; with back-off from 5 s the last is 5–10 minutes later */
export const OUTBOX_RETRY_LIMIT = 6;
export const OUTBOX_RETRY_DELAY_SECONDS = 5;
/** rows a worker takes at once; each settles (or is retried) on its own */
export const OUTBOX_BATCH = 50;
/**
 * A worker holding a batch says it is alive every OUTBOX_HEARTBEAT_SECONDS / 2 (pg-boss's
 * heartbeat); when it dies (kill -9, a lost machine) its batch is failed at the next monitor pass
 * after the heartbeat is this late, and retried by any worker. Before, a dead worker's batch waited
 * for the job's expiry (120 s) and the next pass: 184 s measured (issue 28, fault 13). Now at most
 * the heartbeat (10 s) + a monitor pass (JOB_MONITOR_SECONDS, 10) + the first back-off (5–10 s) +
 * a look for due retries (OUTBOX_RETRY_POLL_SECONDS, 10): under 40 s. The expiry still bounds a
 * send that hangs in a live worker.
 */
export const OUTBOX_HEARTBEAT_SECONDS = 10;
export const OUTBOX_RETRY_POLL_SECONDS = 10;

export const OUTBOX_QUEUE = {
  name: OUTBOX_JOB,
  queue: { retryLimit: OUTBOX_RETRY_LIMIT, retryDelay: OUTBOX_RETRY_DELAY_SECONDS, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120, heartbeatSeconds: OUTBOX_HEARTBEAT_SECONDS },
};

export interface Deliverers {
  sms: SmsProvider;
  email: EmailProvider;
  /** WeChat rows; without it they go by SMS (their fallback) */
  wechat?: WechatProvider;
}

/** WeChat's answers that the person cannot receive it (left the account; 订阅通知 not accepted): the notice goes by SMS. */
export const WECHAT_NOT_RECEIVING: Record<string, string> = { '43004': '未关注公众号', '43101': '未订阅该通知' };

/** What the services call: a queued row (and its job), in the caller's transaction when given. */
export function queuedSmsProvider(db: Db, jobs: JobQueue | null, deliverer: { name: string }): SmsProvider {
  return {
    name: deliverer.name,
    async send(message, tx) {
      if (message.wechat) {
        // a service notice by WeChat first: its row carries the template and the SMS to fall back to
        return queue(tx ?? db, jobs, deliverer.name, {
          channel: 'wechat',
          recipient: message.wechat.openid,
          template: message.template,
          params: message.wechat.data,
          body: message.body,
          provider: deliverer.name,
          vendorTemplate: message.wechat.templateId,
          fallbackPhone: message.phone,
        });
      }
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
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
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

/** Writes one line and resolves once the operating system has taken it (write(2) returned). */
export type LineWriter = (line: string) => Promise<void>;

/**
 * Lines to a file descriptor (stdout by default), one after another, each resolved when written
 * whole. Not the app's logger: pino buffers its lines and writes them later, so a worker killed
 * meanwhile lost lines whose rows were already marked sent (2 of 500, issue 28, fault 13).
 */
export function fdLineWriter(fd = 1): LineWriter {
  let queue = Promise.resolve();
  const writeAll = async (line: string) => {
    let rest = Buffer.from(line);
    while (rest.length > 0) {
      try {
        const { bytesWritten } = await fsWrite(fd, rest);
        rest = rest.subarray(bytesWritten);
      } catch (error) {
        // a non-blocking pipe that is full for the moment
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  };
  return (line) => {
    const written = queue.then(() => writeAll(line));
    queue = written.catch(() => undefined);
    return written;
  };
}
const fsWrite = promisify(fs.write) as (fd: number, buffer: Buffer) => Promise<{ bytesWritten: number; buffer: Buffer }>;
const stdoutLines = fdLineWriter(1);

/**
 * The local deliverers (the default): the message is delivered when its JSON line (pino's shape,
 * at the app logger's level: none when that is above info) has been written, and only then does
 * the outbox row become sent. A worker killed at any moment leaves either a line and a row still
 * queued (the row is sent again: at least once) or both.
 */
export function localDeliverers(log: FastifyBaseLogger, write: LineWriter = stdoutLines): Deliverers {
  // pino formats the line and hands it to write() at once; the promise of that write is awaited
  let written: Promise<void> | undefined;
  // a logger without a level (fastify's when logging is off) writes nothing
  const level = typeof log.level === 'string' && (log.level === 'silent' || log.level in pino.levels.values) ? log.level : 'silent';
  const lines = pino({ level }, { write: (line: string) => void (written = write(line)) });
  const deliver = async (entry: object, message: string) => {
    written = undefined;
    lines.info(entry, message);
    const done = written;
    written = undefined;
    await done;
  };
  return {
    sms: {
      name: LOCAL_PROVIDER,
      async send(message: SmsMessage) {
        await deliver({ sms: { phone: message.phone, template: message.template, params: message.params } }, 'sms sent (local outbox)');
        return sent(LOCAL_PROVIDER, null);
      },
    },
    email: {
      name: LOCAL_PROVIDER,
      async send(message: EmailMessage) {
        await deliver({ email: { to: message.to, template: message.template, ...(message.attachments?.length ? { attachments: message.attachments.map((a) => a.filename) } : {}) } }, 'email sent (local outbox)');
        return sent(LOCAL_PROVIDER, null);
      },
    },
    wechat: {
      name: LOCAL_PROVIDER,
      async send(message: WechatNotice) {
        await deliver({ wechat: { openid: message.openid, templateId: message.templateId } }, 'wechat template message sent (local outbox)');
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
function messageOf(row: OutboxRow): { sms: SmsMessage } | { email: EmailMessage } | { wechat: WechatNotice; fallback: SmsMessage | null } {
  if (row.channel === 'sms') return { sms: { phone: row.recipient, template: row.template, params: row.params, body: row.body } };
  if (row.channel === 'wechat') {
    const data = Object.fromEntries(Object.entries(row.params).map(([key, value]) => [key, String(value)]));
    return {
      wechat: { openid: row.recipient, templateId: row.vendorTemplate ?? '', data },
      fallback: row.fallbackPhone ? { phone: row.fallbackPhone, template: row.template, params: row.params, body: row.body } : null,
    };
  }
  const [subject = '', ...rest] = row.body.split('\n\n');
  return { email: { to: row.recipient, template: row.template, params: row.params, subject, body: rest.join('\n\n'), ...(row.attachments?.length ? { attachments: row.attachments } : {}) } };
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
    if ('wechat' in message) return await dispatchWechat(db, deliverers, clock, row, message.wechat, message.fallback);
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

/**
 * A WeChat row: the template (or subscription) message; when the person cannot receive it
 * (WECHAT_NOT_RECEIVING: left the account, 43004; not subscribed, 43101), or no
 * WeChat deliverer is configured, the row becomes its SMS — same row, so it is never lost and a
 * failing SMS is retried as any other. Other refusals (45009 rate limit, a token WeChat kept
 * refusing) throw: retried with back-off, a dead letter after the last try.
 */
async function dispatchWechat(db: Db, deliverers: Deliverers, clock: Clock, row: OutboxRow, notice: WechatNotice, fallback: SmsMessage | null): Promise<'sent'> {
  const result = deliverers.wechat ? await deliverers.wechat.send(notice) : null;
  if (result?.ok) {
    await db
      .update(outbox)
      .set({ status: 'sent', attempts: sql`${outbox.attempts} + 1`, triedAt: clock.now() })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'queued')));
    return 'sent';
  }
  const notReceiving = result?.code ? WECHAT_NOT_RECEIVING[result.code] : undefined;
  if (result && !notReceiving) throw new Error(result.code ? `${result.code}: ${result.error}` : result.error);
  if (!fallback) throw new Error(result ? `${result.code}: ${result.error}` : 'no WeChat deliverer and no phone to fall back to');
  // the row becomes its SMS first: a failing SMS is then retried as an SMS
  const why = result ? `微信 ${result.code}（${notReceiving}），已改发短信` : '未配置微信发送，已改发短信';
  await db
    .update(outbox)
    .set({ channel: 'sms', recipient: fallback.phone, provider: deliverers.sms.name, lastError: why })
    .where(and(eq(outbox.id, row.id), eq(outbox.status, 'queued')));
  const sms = await deliverers.sms.send(fallback);
  if (!sms.ok) throw new Error(sms.code ? `${sms.code}: ${sms.error}` : sms.error);
  await db
    .update(outbox)
    .set({ status: 'sent', attempts: sql`${outbox.attempts} + 1`, triedAt: clock.now() })
    .where(and(eq(outbox.id, row.id), eq(outbox.status, 'queued')));
  return 'sent';
}

/** The job that hands each queued row to its provider. */
export function outboxJob(db: Db, deliverers: Deliverers, clock: Clock, log: FastifyBaseLogger): JobSpec<{ id: number }> {
  const local = localDeliverers(log);
  return {
    ...OUTBOX_QUEUE,
    pollSeconds: 1,
    duePollSeconds: OUTBOX_RETRY_POLL_SECONDS,
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
