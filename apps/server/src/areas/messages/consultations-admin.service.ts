import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminConsultation, AdminConsultationThread, ConsultationCounts, ConsultationStatus, Page } from '@lab/contract';
import { paginate } from '../../db/paginate';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../platform/errors';
import { memberContacts, staffNames } from '../accounts';
import { consultationMessages, consultations } from './consultations.tables';
import { postMessage, sendNotice } from './messages.service';
import { escapeLike } from '../../platform/sql-filters';
import { type ConsultationDeps, type Row, STAFF_FALLBACK_NAME, threadMessages, status, lastMessages } from './consultations.service';

/** Consultations in the back office (decisions/0062): sales list, read, reply to and close the threads. */

/** consultation/list: waiting ones first (the longest waiting on top), then the rest by their last message, newest first. */
export async function listConsultations(
  db: DbOrTx,
  query: { page: number; pageSize: number; status?: ConsultationStatus | undefined; keyword?: string | undefined },
): Promise<Page<AdminConsultation>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(consultations.status, query.status));
  if (query.keyword) {
    const like = `%${escapeLike(query.keyword)}%`;
    filters.push(
      or(
        ilike(consultations.name, like),
        ilike(consultations.phone, like),
        ilike(consultations.company, like),
        ilike(consultations.content, like),
        sql`exists (select 1 from ${consultationMessages} where ${consultationMessages.consultationId} = ${consultations.id} and ${consultationMessages.content} ilike ${like})`,
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const waiting = sql`(${consultations.status} = 'pending')`;
  return paginate(
    query,
    (w) =>
      db
        .select()
        .from(consultations)
        .where(where)
        .orderBy(desc(waiting), sql`case when ${waiting} then ${consultations.lastMessageAt} end asc`, desc(consultations.lastMessageAt), desc(consultations.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(consultations, where),
    (rows) => toAdminRows(db, rows),
  );
}

async function toAdminRows(db: DbOrTx, rows: Row[]): Promise<AdminConsultation[]> {
  const [summaries, owners] = await Promise.all([lastMessages(db, rows), memberContacts(db, rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId])))]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    phone: r.phone,
    company: r.company,
    content: r.content,
    createdAt: r.createdAt.toISOString(),
    status: status(r),
    lastMessageAt: r.lastMessageAt.toISOString(),
    messageCount: summaries.get(r.id)!.count,
    lastMessage: summaries.get(r.id)!.last,
    memberRid: r.memberId === null ? null : (owners.get(r.memberId)?.rid ?? null),
  }));
}

/** consultation/counts: how many wait for an answer (the back-office menu's badge). */
export async function consultationCounts(db: DbOrTx): Promise<ConsultationCounts> {
  return { pending: await db.$count(consultations, eq(consultations.status, 'pending')) };
}

async function adminThread(db: DbOrTx, row: Row): Promise<AdminConsultationThread> {
  const [[view], messages, closer] = await Promise.all([
    toAdminRows(db, [row]),
    threadMessages(db, row),
    row.closedBy === null ? Promise.resolve(null) : staffNames(db, [row.closedBy]).then((names) => names.get(row.closedBy!) ?? STAFF_FALLBACK_NAME),
  ]);
  return { ...view!, messages, closedAt: row.closedAt?.toISOString() ?? null, closedBy: closer };
}

async function staffThread(db: DbOrTx, id: number, lock = false): Promise<Row> {
  const query = db.select().from(consultations).where(eq(consultations.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('咨询');
  return row;
}

/** consultation/detail: the thread as sales reads it. */
export async function consultationDetail(db: DbOrTx, id: number): Promise<AdminConsultationThread> {
  return adminThread(db, await staffThread(db, id));
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Where a member reads their thread. */
export const consultationPath = (rid: string) => `/member/consult/${rid}`;

/**
 * consultation/reply: one more message from the lab (any number of them); the thread is 已回复.
 * A closed thread takes no reply (409) until the customer writes again. The customer is told
 * every time: a member in-site (in the same transaction) and by their channels, a visitor by SMS.
 */
export async function replyConsultation(db: Db, deps: ConsultationDeps, staffId: number, input: { id: number; reply: string }, now: Date): Promise<AdminConsultationThread> {
  const run = async (tx: DbOrTx) => {
    const current = await staffThread(tx, input.id, true);
    if (current.status === 'closed') throw conflict('该咨询已关闭，不能回复；客户再次留言后可继续回复');
    await tx.insert(consultationMessages).values({ consultationId: current.id, author: 'staff', staffId, content: input.reply, createdAt: now });
    const [updated] = await tx.update(consultations).set({ status: 'replied', lastMessageAt: now }).where(eq(consultations.id, current.id)).returning();
    if (current.memberId !== null) {
      await postMessage(
        tx,
        current.memberId,
        { kind: 'consult', title: '您的咨询已回复', content: `您咨询的「${clip(current.content, 60)}」已有回复：${input.reply}`, link: consultationPath(current.rid) },
        now,
      );
    }
    return updated!;
  };
  // inside the audit hook's transaction this is a savepoint
  const row = await db.transaction(run);

  // after the change: a failing provider is logged and never undoes the reply
  try {
    if (row.memberId !== null) {
      await sendNotice(db, deps, row.memberId, {
        template: 'consult_reply',
        params: { name: clip(row.name, 10) },
        subject: '您的咨询已回复',
        body: `${row.name}您好，您的咨询已回复：${clip(input.reply, 200)} 详情请登录后在「我的咨询」中查看。`,
      });
    } else {
      await deps.sms.send({ phone: row.phone, template: 'consult_reply', params: { name: clip(row.name, 10) }, body: `【科研检测】${row.name}您好，您的咨询已回复：${input.reply}` }, db);
    }
  } catch (error) {
    deps.log?.error({ err: error, consultation: row.id }, 'consultation reply notice failed');
  }
  return adminThread(db, row);
}

/** consultation/close: staff close the thread (nothing to add); the customer's next message opens it again. */
export async function closeConsultation(db: DbOrTx, staffId: number, id: number, now: Date): Promise<AdminConsultationThread> {
  const current = await staffThread(db, id, true);
  if (current.status === 'closed') throw conflict('该咨询已关闭');
  const [row] = await db.update(consultations).set({ status: 'closed', closedAt: now, closedBy: staffId }).where(eq(consultations.id, current.id)).returning();
  return adminThread(db, row!);
}
