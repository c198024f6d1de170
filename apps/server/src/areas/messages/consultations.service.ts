import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ConsultationMessage, ConsultationStatus, ConsultationSummary, ConsultationThread, IndexMessageBody, IndexMessageResult, Page } from '@lab/contract';
import { auditEntity } from '../../platform/audit';
import { paginate } from '../../db/paginate';
import type { Db, DbOrTx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError, notFound } from '../../platform/errors';
import { memberContact, membersByPhone, staffNames } from '../accounts';
import { consultationMessages, consultations } from './consultations.tables';
import { type NoticeChannels } from './messages.service';

/**
 * Consultations as threads (decisions/0062): the customer's question, then any number of
 * messages from the customer (follow-ups, on 我的咨询) and from sales (replies, in the back
 * office), in time order. The state follows the last message — the customer's: 待回复, the lab's:
 * 已回复 — unless staff closed the thread (已关闭); a member writing on it opens it again. Each
 * staff reply tells the customer: a member by an in-site message (kind 'consult', linking to the
 * thread) and their notice channels, a visitor by SMS.
 */
export interface ConsultationDeps extends NoticeChannels {
  log?: { error: (obj: unknown, msg?: string) => void };
}

/** How many threads of one member may wait for an answer at once (a new question beyond is refused). */
export const MAX_PENDING_THREADS = 5;
/** How many messages in a row a customer may leave before the lab answers (the question included). */
export const MAX_UNANSWERED_MESSAGES = 10;

export type Row = typeof consultations.$inferSelect;
type MessageRow = typeof consultationMessages.$inferSelect;

export const STAFF_FALLBACK_NAME = '客服';

const opening = (row: Row): ConsultationMessage => ({ author: 'member', name: row.name, content: row.content, createdAt: row.createdAt.toISOString() });

function toMessage(row: Row, message: MessageRow, names: Map<number, string>): ConsultationMessage {
  return {
    author: message.author === 'staff' ? 'staff' : 'member',
    name: message.author === 'staff' ? ((message.staffId !== null ? names.get(message.staffId) : undefined) ?? STAFF_FALLBACK_NAME) : row.name,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
  };
}

/** The thread's messages, the question first, then in time order. */
export async function threadMessages(db: DbOrTx, row: Row): Promise<ConsultationMessage[]> {
  const rows = await db
    .select()
    .from(consultationMessages)
    .where(eq(consultationMessages.consultationId, row.id))
    .orderBy(asc(consultationMessages.createdAt), asc(consultationMessages.id));
  const names = await staffNames(db, rows.map((m) => m.staffId));
  return [opening(row), ...rows.map((m) => toMessage(row, m, names))];
}

export const status = (row: Row) => row.status as ConsultationStatus;

async function toThread(db: DbOrTx, row: Row): Promise<ConsultationThread> {
  return {
    rid: row.rid,
    status: status(row),
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    messages: await threadMessages(db, row),
  };
}

/** For a page of threads: how many messages each has (the question included) and its last one, in two statements. */
export async function lastMessages(db: DbOrTx, rows: Row[]): Promise<Map<number, { count: number; last: ConsultationMessage }>> {
  const ids = rows.map((r) => r.id);
  const out = new Map<number, { count: number; last: ConsultationMessage }>();
  for (const row of rows) out.set(row.id, { count: 1, last: opening(row) });
  if (!ids.length) return out;
  const [counts, lasts] = await Promise.all([
    db.select({ id: consultationMessages.consultationId, n: count() }).from(consultationMessages).where(inArray(consultationMessages.consultationId, ids)).groupBy(consultationMessages.consultationId),
    db
      .selectDistinctOn([consultationMessages.consultationId])
      .from(consultationMessages)
      .where(inArray(consultationMessages.consultationId, ids))
      .orderBy(consultationMessages.consultationId, desc(consultationMessages.createdAt), desc(consultationMessages.id)),
  ]);
  const names = await staffNames(db, lasts.map((m) => m.staffId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const c of counts) out.set(c.id, { ...out.get(c.id)!, count: c.n + 1 });
  for (const m of lasts) out.set(m.consultationId, { ...out.get(m.consultationId)!, last: toMessage(byId.get(m.consultationId)!, m, names) });
  return out;
}

/** A consultation in the audit log: its state and how many messages it has, the last one. */
export const consultationAudit = auditEntity<number>('consultation', async (db, id) => {
  const [row] = await db.select().from(consultations).where(eq(consultations.id, Number(id))).limit(1);
  if (!row) return null;
  const summary = (await lastMessages(db, [row])).get(row.id)!;
  return { id: row.id, name: row.name, phone: row.phone, content: row.content, status: row.status, messages: summary.count, lastMessage: summary.last, closedAt: row.closedAt, closedBy: row.closedBy };
});

// ---- the customer ----

/**
 * A question from the site's 在线咨询 form (content's contact call), waiting for a reply. It is
 * the member's thread when they asked logged in (`askedBy`), or, as before, when their phone
 * was given; a visitor's otherwise (answered by SMS).
 */
export async function submitConsultation(db: DbOrTx, input: IndexMessageBody, meta: { ip: string; now: Date; askedBy?: number | null }): Promise<IndexMessageResult> {
  const memberId = meta.askedBy ?? (await membersByPhone(db, [input.phone])).get(input.phone)?.id ?? null;
  const [row] = await db
    .insert(consultations)
    .values({ rid: randomId(), memberId, name: input.name, phone: input.phone, company: input.company ?? null, content: input.content, ip: meta.ip, createdAt: meta.now, lastMessageAt: meta.now })
    .returning({ id: consultations.id });
  return { id: row!.id };
}

/** consult/add: a member's new question from 我的咨询; name, phone and unit from their account. */
export async function startConsultation(db: Db, memberId: number, input: { content: string }, meta: { ip: string; now: Date }): Promise<ConsultationThread> {
  return db.transaction(async (tx) => {
    const member = await memberContact(tx, memberId);
    if (!member) throw notFound('会员');
    // one member's questions are taken one at a time: two tabs cannot both pass the count
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('consultations:member'), ${memberId})`);
    const waiting = await tx.$count(consultations, and(eq(consultations.memberId, memberId), eq(consultations.status, 'pending')));
    if (waiting >= MAX_PENDING_THREADS) {
      throw new AppError('CONSULT_TOO_MANY', `您已有${MAX_PENDING_THREADS}条咨询在等待回复，请在已有咨询中继续留言，或等客服回复后再提新问题`, { status: 429 });
    }
    const [row] = await tx
      .insert(consultations)
      .values({
        rid: randomId(),
        memberId,
        name: member.name || member.nickname,
        phone: member.phone,
        company: member.company,
        content: input.content,
        ip: meta.ip,
        createdAt: meta.now,
        lastMessageAt: meta.now,
      })
      .returning();
    return toThread(tx, row!);
  });
}

/** consult/list: the member's threads, the latest word first. */
export async function listMyConsultations(db: DbOrTx, memberId: number, query: { page: number; pageSize: number }): Promise<Page<ConsultationSummary>> {
  const where = eq(consultations.memberId, memberId);
  return paginate(
    query,
    (w) => db.select().from(consultations).where(where).orderBy(desc(consultations.lastMessageAt), desc(consultations.id)).limit(w.limit).offset(w.offset),
    () => db.$count(consultations, where),
    async (rows) => {
      const summaries = await lastMessages(db, rows);
      return rows.map((r) => ({
        rid: r.rid,
        status: status(r),
        content: r.content,
        createdAt: r.createdAt.toISOString(),
        lastMessageAt: r.lastMessageAt.toISOString(),
        messageCount: summaries.get(r.id)!.count,
        lastMessage: summaries.get(r.id)!.last,
      }));
    },
  );
}

async function ownThread(db: DbOrTx, memberId: number, rid: string, lock = false): Promise<Row> {
  const query = db.select().from(consultations).where(and(eq(consultations.rid, rid), eq(consultations.memberId, memberId))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('咨询');
  return row;
}

/** consult/detail: one of the member's threads; another member's (or none) is 404. */
export async function myConsultation(db: DbOrTx, memberId: number, rid: string): Promise<ConsultationThread> {
  return toThread(db, await ownThread(db, memberId, rid));
}

/** consult/reply: the member writes on their thread; it waits for the lab again (a closed one opens again). */
export async function followUpConsultation(db: Db, memberId: number, input: { rid: string; content: string }, now: Date): Promise<ConsultationThread> {
  return db.transaction(async (tx) => {
    const row = await ownThread(tx, memberId, input.rid, true);
    // the customer's messages since the lab's last reply (the question counts when there is none)
    const [lastStaff] = await tx
      .select({ at: consultationMessages.createdAt, id: consultationMessages.id })
      .from(consultationMessages)
      .where(and(eq(consultationMessages.consultationId, row.id), eq(consultationMessages.author, 'staff')))
      .orderBy(desc(consultationMessages.createdAt), desc(consultationMessages.id))
      .limit(1);
    const since = await tx.$count(
      consultationMessages,
      and(eq(consultationMessages.consultationId, row.id), eq(consultationMessages.author, 'member'), lastStaff ? sql`(${consultationMessages.createdAt}, ${consultationMessages.id}) > (${lastStaff.at}, ${lastStaff.id})` : undefined),
    );
    if (since + (lastStaff ? 0 : 1) >= MAX_UNANSWERED_MESSAGES) {
      throw new AppError('CONSULT_TOO_MANY', `客服回复前最多连续留言${MAX_UNANSWERED_MESSAGES}条，请耐心等待回复`, { status: 429 });
    }
    await tx.insert(consultationMessages).values({ consultationId: row.id, author: 'member', content: input.content, createdAt: now });
    const [updated] = await tx
      .update(consultations)
      .set({ status: 'pending', lastMessageAt: now, closedAt: null, closedBy: null })
      .where(eq(consultations.id, row.id))
      .returning();
    return toThread(tx, updated!);
  });
}
