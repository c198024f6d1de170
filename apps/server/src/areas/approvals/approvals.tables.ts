import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPROVAL_ACTIONS, APPROVAL_KINDS, APPROVAL_STATUSES, LIMIT_SCOPES } from '@lab/contract';
import { staff } from '../accounts/accounts.tables';

/**
 * Maker-checker (areas/approvals/README.md). Per role and kind, the most one staff member
 * books alone (null: no limit) in one action, per lab day and per month (all their actions of the
 * kind together), and per month for one target (a member's or community's account). Amounts in
 * fen, points for the points kind. The defaults are seeded by the migrations (0013, and the one
 * that added the periods).
 */
export const approvalLimits = pgTable(
  'approval_limits',
  {
    role: text({ enum: ['admin', 'sales', 'lab', 'finance'] }).notNull(),
    kind: text({ enum: APPROVAL_KINDS }).notNull(),
    limitFen: bigint({ mode: 'number' }),
    dayLimitFen: bigint({ mode: 'number' }),
    monthLimitFen: bigint({ mode: 'number' }),
    targetLimitFen: bigint({ mode: 'number' }),
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
    /** the maker's limit of the scope the action went over */
    makerLimitFen: bigint({ mode: 'number' }),
    limitScope: text({ enum: LIMIT_SCOPES }).notNull().default('action'),
    /** a period or target limit: what the maker had booked alone in it before */
    makerUsedFen: bigint({ mode: 'number' }),
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
    // the latest request about one object, whatever its status (approval-states.ts: a requirement's 报价待审批 / 被驳回)
    index('approval_requests_dedupe_idx').on(t.dedupeKey, t.createdAt.desc()),
  ],
);

/**
 * What each staff member booked alone under their limits: one row per action the gate let
 * through without a second person (approved requests are the checker's and are not counted).
 * The gate sums a person's rows of a kind over the lab day, the month and one target under an
 * advisory lock of (person, kind), in the transaction that books the action, so parallel
 * requests see each other's use. `target_key`: 'member:<id>' | 'community:<id>' (null: none,
 * e.g. a coupon template or the bonus tiers).
 */
export const approvalUsage = pgTable(
  'approval_usage',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer()
      .notNull()
      .references(() => staff.id),
    kind: text({ enum: APPROVAL_KINDS }).notNull(),
    action: text({ enum: APPROVAL_ACTIONS }).notNull(),
    targetKey: text(),
    valueFen: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('approval_usage_staff_idx').on(t.staffId, t.kind, t.createdAt)],
);
