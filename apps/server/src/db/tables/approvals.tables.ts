import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPROVAL_ACTIONS, APPROVAL_KINDS, APPROVAL_STATUSES } from '@lab/contract';
import { staff } from './accounts.tables';

/**
 * Maker-checker (README.md beside this file). Per role and kind, the most one staff member
 * books alone (null: no limit); the defaults are seeded by the migration that made the table.
 */
export const approvalLimits = pgTable(
  'approval_limits',
  {
    role: text({ enum: ['admin', 'sales', 'lab', 'finance'] }).notNull(),
    kind: text({ enum: APPROVAL_KINDS }).notNull(),
    limitFen: bigint({ mode: 'number' }),
    updatedAt: timestamp({ withTimezone: true }),
    updatedBy: integer().references(() => staff.id),
  },
  (t) => [primaryKey({ columns: [t.role, t.kind] })],
);

/**
 * An action above its maker's limit, filed instead of booked. `payload` is what the maker saw
 * and what approval books — never edited; `value_fen` is what the limit was measured on (null:
 * unbounded). Deciding is one guarded UPDATE … WHERE status = 'pending', so it happens once.
 * `dedupe_key` keeps one pending request per object where a second would be the same action
 * (one cancellation per order, one per adjustment request id).
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    kind: text({ enum: APPROVAL_KINDS }).notNull(),
    action: text({ enum: APPROVAL_ACTIONS }).notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    valueFen: bigint({ mode: 'number' }),
    makerLimitFen: bigint({ mode: 'number' }),
    summary: text().notNull(),
    target: text().notNull(),
    note: text().notNull().default(''),
    dedupeKey: text(),
    makerId: integer()
      .notNull()
      .references(() => staff.id),
    makerRole: text({ enum: ['admin', 'sales', 'lab', 'finance'] }).notNull(),
    status: text({ enum: APPROVAL_STATUSES }).notNull().default('pending'),
    checkerId: integer().references(() => staff.id),
    checkerRole: text({ enum: ['admin', 'sales', 'lab', 'finance'] }),
    decidedAt: timestamp({ withTimezone: true }),
    decisionReason: text(),
    resultKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_requests_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('approval_requests_maker_idx').on(t.makerId, t.createdAt.desc()),
    uniqueIndex('approval_requests_pending_dedupe_idx').on(t.dedupeKey).where(sql`${t.status} = 'pending' and ${t.dedupeKey} is not null`),
  ],
);
