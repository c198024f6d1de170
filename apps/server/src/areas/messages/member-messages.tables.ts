import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts.tables';

/** 站内信: in-site messages to a member (order progress, approvals, announcements). */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    kind: text().notNull().default('order'),
    title: text().notNull(),
    content: text().notNull(),
    /** a site path to open, e.g. /member/order?no=… */
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_messages_member_idx').on(t.memberId, t.createdAt.desc()),
    index('member_messages_unread_idx').on(t.memberId).where(sql`read_at IS NULL`),
  ],
);
