import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts.tables';
import { communities } from '../member/member.tables';
import { orders } from '../orders/orders.tables';

/**
 * Grant cards (经费卡), allowances and the PI's approvals (issue 34, docs/decisions/0048). A
 * card belongs to a community and names one of its owner's grants; the money is still the
 * community's prepaid funds (the funds area's ledger): a card and an allowance only bound who may
 * spend how much of it. Allowances never create money.
 */
export const grantCards = pgTable(
  'grant_cards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    communityId: integer()
      .notNull()
      .references(() => communities.id),
    name: text().notNull(),
    /** the grant's number (课题号), written on the orders paid with it */
    number: text().notNull(),
    /** the last lab day (YYYY-MM-DD, Asia/Shanghai) the card can pay */
    endDate: text().notNull(),
    /** at most this much booked on the card in all (refunds taken off); null: no cap */
    capFen: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grant_cards_community_idx').on(t.communityId, t.id), check('grant_cards_cap', sql`${t.capFen} IS NULL OR ${t.capFen} >= 0`)],
);

/**
 * A member's allowance on a card: a total, or an amount per calendar month, and the largest
 * single order that books without the PI. Its row is what concurrent payments lock.
 */
export const grantAllowances = pgTable(
  'grant_allowances',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cardId: integer()
      .notNull()
      .references(() => grantCards.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    period: text({ enum: ['total', 'month'] }).notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    autoLimitFen: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grant_allowances_pair_idx').on(t.cardId, t.memberId),
    index('grant_allowances_member_idx').on(t.memberId),
    check('grant_allowances_amounts', sql`${t.amountFen} >= 0 AND ${t.autoLimitFen} >= 0`),
  ],
);

/**
 * What an allowance has spent: one row when an order is paid with the card (+), one when it is
 * refunded (−), each once per order. `month` is the lab month of the payment (a refund counts
 * against the month its payment did).
 */
export const grantUsage = pgTable(
  'grant_usage',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cardId: integer()
      .notNull()
      .references(() => grantCards.id),
    allowanceId: integer()
      .notNull()
      .references(() => grantAllowances.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    kind: text({ enum: ['payment', 'refund'] }).notNull(),
    /** signed: + booked, − refunded */
    amountFen: bigint({ mode: 'number' }).notNull(),
    /** YYYY-MM (Asia/Shanghai) of the payment */
    month: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grant_usage_order_idx').on(t.orderId, t.kind),
    index('grant_usage_allowance_idx').on(t.allowanceId, t.month),
    index('grant_usage_card_idx').on(t.cardId, t.id),
  ],
);

/**
 * An order above the member's limits, waiting for the PI (待导师审批): the amount is the pin the PI
 * approves; pending ones expire after GRANT_REQUEST_DAYS (the grant-requests job).
 */
export const grantRequests = pgTable(
  'grant_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    cardId: integer()
      .notNull()
      .references(() => grantCards.id),
    allowanceId: integer()
      .notNull()
      .references(() => grantAllowances.id),
    communityId: integer()
      .notNull()
      .references(() => communities.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    /** the order's number and title when filed (they never change) */
    orderNo: text().notNull(),
    orderTitle: text().notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    /** why it waits (超出单笔自动批准上限 …) */
    why: text().notNull(),
    status: text({ enum: ['pending', 'approved', 'refused', 'expired'] }).notNull().default('pending'),
    reason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('grant_requests_pending_order_idx').on(t.orderId).where(sql`status = 'pending'`),
    index('grant_requests_community_idx').on(t.communityId, t.status, t.createdAt.desc()),
    index('grant_requests_member_idx').on(t.memberId, t.createdAt.desc()),
    index('grant_requests_expiry_idx').on(t.expiresAt).where(sql`status = 'pending'`),
  ],
);
