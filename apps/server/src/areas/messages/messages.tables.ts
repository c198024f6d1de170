import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members, staff } from '../accounts/accounts.tables';

/**
 * 站内公告 as staff sent them: one row per announcement (to every member, or to one), so the
 * back office can show what went out, to how many and by whom. Each recipient's copy is a
 * `member_messages` row of kind 'notice'.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    title: text().notNull(),
    content: text().notNull(),
    /** null: every active member */
    memberId: integer().references(() => members.id),
    sentCount: integer().notNull(),
    staffId: integer()
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_created_idx').on(t.createdAt.desc())],
);
