import { and, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { OutboxEntry, OutboxListBody, Page } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { outbox } from '../../db/schema';
import { labDayEnd, labDayStart } from '@lab/contract';
import { auditEntity } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import type { JobQueue } from '../../platform/job-queue';
import { requeueOutboxRow } from '../../platform/outbox';
import { escapeLike } from '../../platform/sql-filters';

/**
 * A verification code is the key to an account for five minutes: nobody in the back office
 * needs to read it, so codes are masked in what staff see (the provider still sent them).
 */
export function maskCodes(body: string, params: Record<string, string | number>): string {
  const code = params.code;
  if (code === undefined || code === '') return body;
  return body.split(String(code)).join('******');
}


/** The SMS and e-mail outbox, newest first, by channel, recipient and day. */
export async function listOutbox(db: DbOrTx, query: OutboxListBody): Promise<Page<OutboxEntry>> {
  const filters: SQL[] = [];
  if (query.channel) filters.push(eq(outbox.channel, query.channel));
  if (query.status) filters.push(eq(outbox.status, query.status));
  if (query.recipient) filters.push(ilike(outbox.recipient, `%${escapeLike(query.recipient)}%`));
  if (query.from) filters.push(gte(outbox.createdAt, labDayStart(query.from)));
  if (query.to) filters.push(lt(outbox.createdAt, labDayEnd(query.to)));
  const where = filters.length ? and(...filters) : undefined;
  return paginate(
    query,
    (w) => db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(w.limit).offset(w.offset),
    () => db.$count(outbox, where),
    (rows) => rows.map(toEntry),
  );
}

type OutboxRow = typeof outbox.$inferSelect;

const toEntry = (row: OutboxRow): OutboxEntry => ({
  id: row.id,
  channel: row.channel,
  recipient: row.recipient,
  template: row.template,
  body: maskCodes(row.body, row.params),
  provider: row.provider,
  createdAt: row.createdAt.toISOString(),
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  triedAt: row.triedAt?.toISOString() ?? null,
});

/** The audit trail's view of a row: its delivery state (the text stays in the outbox). */
export const outboxAudit = auditEntity<number>('outbox', async (db, id) => {
  const [row] = await db
    .select({ id: outbox.id, channel: outbox.channel, recipient: outbox.recipient, status: outbox.status, attempts: outbox.attempts, lastError: outbox.lastError })
    .from(outbox)
    .where(eq(outbox.id, id))
    .limit(1);
  return row ?? null;
});

/** 重新发送: a failed row (a dead letter) queued again, in the staff call's transaction. */
export async function resendOutbox(tx: DbOrTx, jobs: JobQueue | null, id: number): Promise<OutboxEntry> {
  const row = await requeueOutboxRow(tx, jobs, id);
  if (row) return toEntry(row);
  const [exists] = await tx.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)).limit(1);
  if (!exists) throw notFound('发送记录');
  throw conflict(exists.status === 'sent' ? '该消息已发送成功，无需重新发送' : '该消息正在排队发送，请稍后刷新');
}
