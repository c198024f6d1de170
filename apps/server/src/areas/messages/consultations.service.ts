import { and, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { AdminConsultation, IndexMessageBody, IndexMessageResult, Page } from '@lab/contract';
import { auditEntity } from '../../platform/audit';
import { paginate } from '../../db/paginate';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { memberContact, membersByPhone, staffNames } from '../accounts';
import { consultations } from './consultations.tables';
import { postMessage, sendNotice, type NoticeChannels } from './messages.service';
import { escapeLike } from '../../platform/sql-filters';

/**
 * Visitors' consultations (indexMsg/add) as sales sees and answers them. A reply is written
 * once; when a member has the visitor's phone it also becomes an in-site message (kind
 * 'consult') with an SMS, otherwise the SMS alone carries it to the phone.
 */
export interface ConsultationDeps extends NoticeChannels {
  log?: { error: (obj: unknown, msg?: string) => void };
}

export type ConsultationStatus = 'pending' | 'replied';

type Row = typeof consultations.$inferSelect;

const toView = (row: Row, memberRid: string | null, repliedBy: string | null = null): AdminConsultation => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  company: row.company,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  replied: row.repliedAt !== null,
  reply: row.reply,
  repliedAt: row.repliedAt?.toISOString() ?? null,
  repliedBy,
  memberRid,
});

/** A consultation in the audit log: whether and how it was answered. */
export const consultationAudit = auditEntity<number>('consultation', async (db, id) => {
  const [row] = await db.select().from(consultations).where(eq(consultations.id, Number(id))).limit(1);
  return row ? { id: row.id, name: row.name, phone: row.phone, content: row.content, reply: row.reply, repliedAt: row.repliedAt, handledBy: row.handledBy } : null;
});


/** consultation/list: newest first, optionally only those waiting for a reply or already replied. */
export async function listConsultations(
  db: DbOrTx,
  query: { page: number; pageSize: number; status?: ConsultationStatus | undefined; keyword?: string | undefined },
): Promise<Page<AdminConsultation>> {
  const filters: SQL[] = [];
  if (query.status === 'pending') filters.push(isNull(consultations.repliedAt));
  if (query.status === 'replied') filters.push(isNotNull(consultations.repliedAt));
  if (query.keyword) {
    const like = `%${escapeLike(query.keyword)}%`;
    filters.push(or(ilike(consultations.name, like), ilike(consultations.phone, like), ilike(consultations.company, like), ilike(consultations.content, like))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  return paginate(
    query,
    (w) =>
      db
        .select()
        .from(consultations)
        .where(where)
        .orderBy(desc(consultations.createdAt), desc(consultations.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(consultations, where),
    async (rows) => {
      const [byPhone, names] = await Promise.all([membersByPhone(db, rows.map((r) => r.phone)), staffNames(db, rows.map((r) => r.handledBy))]);
      return rows.map((r) => toView(r, byPhone.get(r.phone)?.rid ?? null, r.handledBy === null ? null : (names.get(r.handledBy) ?? null)));
    },
  );
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** consultation/reply: saves the answer (once), then tells the visitor — in-site + SMS for a member, SMS otherwise. */
export async function replyConsultation(db: Db, deps: ConsultationDeps, staffId: number, input: { id: number; reply: string }, now: Date): Promise<AdminConsultation> {
  const { row, memberId, memberRid } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(consultations).where(eq(consultations.id, input.id)).for('update').limit(1);
    if (!current) throw notFound('咨询');
    if (current.repliedAt) throw new AppError('CONSULTATION_REPLIED', '该咨询已回复，不能重复回复', { status: 409 });
    const [updated] = await tx
      .update(consultations)
      .set({ reply: input.reply, repliedAt: now, handledAt: now, handledBy: staffId })
      .where(eq(consultations.id, current.id))
      .returning();
    const member = await memberContact(tx, { phone: current.phone });
    if (member) {
      await postMessage(
        tx,
        member.id,
        { kind: 'consult', title: '您的咨询已回复', content: `您咨询的「${clip(current.content, 60)}」已有回复：${input.reply}`, link: null },
        now,
      );
    }
    return { row: updated!, memberId: member?.id ?? null, memberRid: member?.rid ?? null };
  });

  // after the commit: a failing provider is logged and never undoes the reply
  try {
    if (memberId !== null) {
      await sendNotice(db, deps, memberId, {
        template: 'consult_reply',
        params: { name: clip(row.name, 10) },
        subject: '您的咨询已回复',
        body: `${row.name}您好，您的咨询已回复：${clip(input.reply, 200)} 详情请登录后在「站内消息」中查看。`,
      });
    } else {
      await deps.sms.send({
        phone: row.phone,
        template: 'consult_reply',
        params: { name: clip(row.name, 10) },
        body: `【科研检测】${row.name}您好，您的咨询已回复：${input.reply}`,
      }, db);
    }
  } catch (error) {
    deps.log?.error({ err: error, consultation: row.id }, 'consultation reply notice failed');
  }
  return toView(row, memberRid, (await staffNames(db, [staffId])).get(staffId) ?? null);
}

/** A visitor's question from the site's 在线咨询 form (content's contact call), waiting for a reply. */
export async function submitConsultation(db: DbOrTx, input: IndexMessageBody, meta: { ip: string; now: Date }): Promise<IndexMessageResult> {
  const [row] = await db
    .insert(consultations)
    .values({ name: input.name, phone: input.phone, company: input.company ?? null, content: input.content, ip: meta.ip, createdAt: meta.now })
    .returning({ id: consultations.id });
  return { id: row!.id };
}
