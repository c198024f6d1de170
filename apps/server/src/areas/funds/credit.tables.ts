import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, staff } from '../accounts/accounts.tables';

/** Applications for a pay-after-test credit line (teachers and enterprises). */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    organization: smallint().notNull(),
    requestedFen: bigint({ mode: 'number' }).notNull(),
    approvedFen: bigint({ mode: 'number' }),
    reason: text().notNull(),
    contact: text(),
    status: text({ enum: ['pending', 'approved', 'refused', 'cancelled'] }).notNull().default('pending'),
    decisionNote: text(),
    staffId: integer().references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    /** bumped by a trigger on every change (migration 0013): what a staff decision pins */
    version: integer().notNull().default(1),
  },
  (t) => [index('credit_applications_member_idx').on(t.memberId, t.createdAt), uniqueIndex('credit_applications_one_pending_idx').on(t.memberId).where(sql`status = 'pending'`)],
);

/** The member's approved credit line; the ordering issue reads it (getCreditLine). */
export const creditLines = pgTable('credit_lines', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id),
  limitFen: bigint({ mode: 'number' }).notNull(),
  applicationId: integer().references(() => creditApplications.id),
  staffId: integer().references(() => staff.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
