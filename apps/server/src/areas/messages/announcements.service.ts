import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnnouncementView, Page } from '@lab/contract';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { randomId } from '../../platform/crypto';
import { notFound } from '../../platform/errors';
import { members, staff } from '../accounts/accounts.tables';
import { memberMessages } from './member-messages.tables';
import { announcements } from './messages.tables';
import { postMessage } from './messages.service';

type AnnouncementRow = typeof announcements.$inferSelect;

/** Announcements with the names of their recipient (one member) and sender, two queries for any number. */
async function announcementViews(db: DbOrTx, rows: AnnouncementRow[]): Promise<AnnouncementView[]> {
  const memberIds = [...new Set(rows.map((r) => r.memberId).filter((id): id is number => id !== null))];
  const staffIds = [...new Set(rows.map((r) => r.staffId))];
  const [people, senders] = await Promise.all([
    memberIds.length
      ? db.select({ id: members.id, rid: members.rid, name: members.name, nickname: members.nickname, phone: members.phone }).from(members).where(inArray(members.id, memberIds))
      : Promise.resolve([]),
    staffIds.length ? db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, staffIds)) : Promise.resolve([]),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const sender = new Map(senders.map((p) => [p.id, p.name]));
  return rows.map((row) => {
    const to = row.memberId === null ? null : person.get(row.memberId);
    return {
      rid: row.rid,
      title: row.title,
      content: row.content,
      audience: row.memberId === null ? 'all' : 'member',
      member: to ? { rid: to.rid, name: to.name ?? to.nickname, phone: to.phone } : null,
      sent: row.sentCount,
      staffName: sender.get(row.staffId) ?? '',
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/**
 * An announcement (站内公告): to one member, or to every active member in one INSERT … SELECT,
 * recorded with its sender and the number of members it reached, all in one transaction.
 */
export async function announce(
  db: Db,
  staffId: number,
  input: { title: string; content: string; member_rid?: string | undefined; member_phone?: string | undefined },
  now: Date,
): Promise<AnnouncementView> {
  return db.transaction(async (tx) => {
    let memberId: number | null = null;
    let sent: number;
    if (input.member_rid || input.member_phone) {
      const which = input.member_rid ? eq(members.rid, input.member_rid) : eq(members.phone, input.member_phone!);
      const [member] = await tx.select({ id: members.id }).from(members).where(which).limit(1);
      if (!member) throw notFound('会员');
      memberId = member.id;
      await postMessage(tx, member.id, { kind: 'notice', title: input.title, content: input.content }, now);
      sent = 1;
    } else {
      // every active member in one statement, however many there are
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`
        insert into ${memberMessages} (rid, member_id, kind, title, content, created_at)
        select replace(gen_random_uuid()::text, '-', ''), ${members.id}, 'notice', ${input.title}, ${input.content}, ${now.toISOString()}::timestamptz
        from ${members}
        where ${members.disabled} = false
        returning id`,
      );
      sent = inserted.length;
    }
    const [row] = await tx
      .insert(announcements)
      .values({ rid: randomId(), title: input.title, content: input.content, memberId, sentCount: sent, staffId, createdAt: now })
      .returning();
    return (await announcementViews(tx, [row!]))[0]!;
  });
}

export async function listAnnouncements(db: DbOrTx, query: { page: number; pageSize: number }): Promise<Page<AnnouncementView>> {
  return paginate(
    query,
    (w) => db.select().from(announcements).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(w.limit).offset(w.offset),
    () => db.$count(announcements),
    (rows) => announcementViews(db, rows),
  );
}

export async function getAnnouncement(db: DbOrTx, rid: string): Promise<AnnouncementView | null> {
  const [row] = await db.select().from(announcements).where(eq(announcements.rid, rid)).limit(1);
  return row ? ((await announcementViews(db, [row]))[0] ?? null) : null;
}

