import { desc, eq, sql } from 'drizzle-orm';
import type { AnnouncementView, Page } from '@lab/contract';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { randomId } from '../../platform/crypto';
import { notFound } from '../../platform/errors';
import { activeMemberIds, memberByRid, memberContact, memberContacts, staffNames } from '../accounts';
import { memberMessages } from './member-messages.tables';
import { announcements } from './messages.tables';
import { postMessage } from './messages.service';

type AnnouncementRow = typeof announcements.$inferSelect;

/** Announcements with the names of their recipient (one member) and sender, two queries for any number. */
async function announcementViews(db: DbOrTx, rows: AnnouncementRow[]): Promise<AnnouncementView[]> {
  const memberIds = rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId]));
  const [person, sender] = await Promise.all([memberContacts(db, memberIds), staffNames(db, rows.map((r) => r.staffId))]);
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
      const member = input.member_rid ? await memberByRid(tx, input.member_rid) : await memberContact(tx, { phone: input.member_phone! });
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
        select replace(gen_random_uuid()::text, '-', ''), active.id, 'notice', ${input.title}, ${input.content}, ${now.toISOString()}::timestamptz
        from (${activeMemberIds(tx)}) as active
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

