import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts.tables';
import { randomId } from '../../platform/crypto';

/**
 * Consultations (在线咨询, 我的咨询): a question and the thread that follows it between the
 * customer and the lab's sales. The question itself is `content`; every later message is a row of
 * `consultation_messages`. `status` follows the last message (the customer's: pending, the lab's:
 * replied) unless staff closed it; the member reopens it by writing (decisions/0062).
 */
export const consultations = pgTable(
  'consultations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** the member's address for it: /member/consult/<rid> */
    rid: text().notNull().unique().$defaultFn(() => randomId()),
    /** whose thread it is: the member logged in when asking, or the member with the phone given then; null for a visitor */
    memberId: integer().references(() => members.id),
    name: text().notNull(),
    phone: text().notNull(),
    company: text(),
    /** the opening question, the thread's first message */
    content: text().notNull(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** pending 待回复, replied 已回复, closed 已关闭 */
    status: text().notNull().default('pending'),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: integer(),
  },
  (t) => [
    index('consultations_created_idx').on(t.createdAt),
    index('consultations_phone_idx').on(t.phone),
    index('consultations_member_idx').on(t.memberId, t.lastMessageAt.desc()).where(sql`member_id IS NOT NULL`),
    index('consultations_status_idx').on(t.status, t.lastMessageAt),
  ],
);

/** The messages after the question: the customer's follow-ups and the lab's replies, in time order. */
export const consultationMessages = pgTable(
  'consultation_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    consultationId: integer()
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    /** member: the customer; staff: a staff member (staffId) */
    author: text().notNull(),
    staffId: integer(),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consultation_messages_thread_idx').on(t.consultationId, t.createdAt, t.id)],
);
