import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { THANKS_CONSENTS, type RebatePayoutRules } from '@lab/contract';
import { members, staff } from '../accounts/accounts.tables';
import { couponTemplates, memberCoupons } from '../funds/funds.tables';
import { memberAddresses } from '../member/member.tables';
import { orders } from '../orders/orders.tables';

/**
 * Growth (issue 7). Balances are not kept here: rebates a partner may withdraw and points are
 * funds-ledger accounts (kind 'rebate' / 'points'); these tables hold the business records
 * around them — applications, each order's rebate, withdrawal requests, the exchange
 * catalogue and what was exchanged.
 */

/** One row (id 1) of staff-configurable figures; the contract's defaults apply without it. */
export const growthSettings = pgTable('growth_settings', {
  id: integer().primaryKey(),
  rebateRateBp: integer().notNull(),
  pointsPerYuan: integer().notNull(),
  inviteCouponTemplateId: integer().references(() => couponTemplates.id),
  minWithdrawFen: bigint({ mode: 'number' }).notNull(),
  /** how released rebates are paid per customer type (null: the contract's DEFAULT_REBATE_PAYOUT) */
  rebatePayout: jsonb().$type<RebatePayoutRules>(),
  /** days a rebate coupon stays valid (null: DEFAULT_REBATE_COUPON_DAYS) */
  rebateCouponDays: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The published versions of the 推广合伙人协议 (issue 28, hole 10): the figures it is written
 * from (rate, the payout per customer type, the coupons' validity) and its text word for word.
 * Only added: a change of the figures publishes the next version, and what a partner accepted
 * stays readable.
 */
export const partnerTerms = pgTable(
  'partner_terms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    version: integer().notNull().unique(),
    rateBp: integer().notNull(),
    payout: jsonb().$type<RebatePayoutRules>().notNull(),
    couponDays: integer().notNull(),
    title: text().notNull(),
    /** the paragraphs, one a line */
    body: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** null: the first version, made from the defaults */
    publishedBy: integer().references(() => staff.id),
  },
);

/** A partner's acceptance of a version of the terms: when applying, or when asked after a new version. Only added. */
export const partnerTermsAcceptances = pgTable(
  'partner_terms_acceptances',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    termsId: integer()
      .notNull()
      .references(() => partnerTerms.id),
    version: integer().notNull(),
    channel: text({ enum: ['apply', 'update'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_terms_acceptances_once_idx').on(t.memberId, t.termsId), index('partner_terms_acceptances_member_idx').on(t.memberId, t.version.desc())],
);

/** 推广合伙人 applications: pending → approved | refused; one live (pending or approved) per member. */
export const promoterApplications = pgTable(
  'promoter_applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    name: text().notNull(),
    phone: text().notNull(),
    organization: text().notNull(),
    channel: text().notNull(),
    status: text({ enum: ['pending', 'approved', 'refused'] }).notNull().default('pending'),
    reason: text(),
    decidedBy: integer().references(() => staff.id),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promoter_applications_member_idx').on(t.memberId, t.createdAt.desc()),
    uniqueIndex('promoter_applications_live_idx').on(t.memberId).where(sql`status IN ('pending', 'approved')`),
  ],
);

/**
 * A partner's rebate on one paid order of a member they invited: frozen until the order
 * completes (then paid as the partner terms say: to the partner's rebate account, their prepaid
 * funds or as a coupon — payout), reversed if the order is refunded while frozen. One per order.
 */
export const rebates = pgTable(
  'rebates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    partnerMemberId: integer()
      .notNull()
      .references(() => members.id),
    inviteeMemberId: integer()
      .notNull()
      .references(() => members.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    paidFen: bigint({ mode: 'number' }).notNull(),
    rateBp: integer().notNull(),
    rebateFen: bigint({ mode: 'number' }).notNull(),
    status: text({ enum: ['frozen', 'withdrawable', 'reversed'] }).notNull().default('frozen'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp({ withTimezone: true }),
    reversedAt: timestamp({ withTimezone: true }),
    /** how it was paid when released: cash (the rebate account), prestore, coupon — by the terms in force then */
    payout: text({ enum: ['cash', 'prestore', 'coupon'] }),
    termsVersion: integer(),
    /** the coupon it was paid as */
    couponId: integer().references(() => memberCoupons.id),
  },
  (t) => [
    uniqueIndex('rebates_order_idx').on(t.orderId),
    index('rebates_partner_idx').on(t.partnerMemberId, t.status, t.createdAt.desc()),
    index('rebates_invitee_idx').on(t.inviteeMemberId),
    check('rebates_amounts', sql`${t.paidFen} >= 0 AND ${t.rebateFen} >= 0`),
  ],
);

/**
 * The points one paid order earns its payer: pending until the order completes (then credited
 * to the member's points account as points_earn, reference order:<no>), reversed if the order is
 * refunded first. Pending points are shown but cannot be spent, exchanged or given away. One per order.
 */
export const orderPoints = pgTable(
  'order_points',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    points: integer().notNull(),
    status: text({ enum: ['pending', 'credited', 'reversed'] }).notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp({ withTimezone: true }),
    reversedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('order_points_order_idx').on(t.orderId), index('order_points_member_idx').on(t.memberId, t.status), check('order_points_points', sql`${t.points} > 0`)],
);

/** Withdrawal requests of rebate money: pending → paid (finance) | refused | cancelled; the amount is held in the ledger while pending. */
export const rebateWithdrawals = pgTable(
  'rebate_withdrawals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    amountFen: bigint({ mode: 'number' }).notNull(),
    method: text({ enum: ['bank', 'prestore'] }).notNull(),
    accountName: text(),
    bankName: text(),
    bankAccount: text(),
    status: text({ enum: ['pending', 'paid', 'refused', 'cancelled'] }).notNull().default('pending'),
    reason: text(),
    processedBy: integer().references(() => staff.id),
    processedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** bumped by a trigger on every change (migration 0013): what a staff decision pins */
    version: integer().notNull().default(1),
  },
  (t) => [index('rebate_withdrawals_member_idx').on(t.memberId, t.createdAt.desc()), index('rebate_withdrawals_status_idx').on(t.status, t.createdAt), check('rebate_withdrawals_amount', sql`${t.amountFen} > 0`)],
);

/** The points exchange catalogue: a coupon (from a template) or a gift that is mailed. */
export const exchangeItems = pgTable(
  'exchange_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    name: text().notNull(),
    kind: text({ enum: ['coupon', 'gift'] }).notNull(),
    couponTemplateId: integer().references(() => couponTemplates.id),
    description: text().notNull().default(''),
    img: text().notNull().default(''),
    points: integer().notNull(),
    /** null = unlimited */
    stock: integer(),
    exchangedCount: integer().notNull().default(0),
    active: integer().notNull().default(1),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('exchange_items_stock', sql`${t.stock} IS NULL OR ${t.stock} >= 0`), check('exchange_items_points', sql`${t.points} > 0`)],
);

export const pointsExchanges = pgTable(
  'points_exchanges',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    itemId: integer()
      .notNull()
      .references(() => exchangeItems.id),
    points: integer().notNull(),
    status: text({ enum: ['done', 'to_ship', 'shipped'] }).notNull(),
    addressId: integer().references(() => memberAddresses.id, { onDelete: 'set null' }),
    /** the mailing address as it was when exchanging (gifts) */
    shipTo: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('points_exchanges_member_idx').on(t.memberId, t.createdAt.desc())],
);

/** integration/apply: points for a published paper that acknowledges the lab (致谢奖励). */
export const pointsApplications = pgTable(
  'points_applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    title: text().notNull(),
    journal: text().notNull(),
    doi: text().notNull().default(''),
    publishedOn: date({ mode: 'string' }),
    /** 引用代码 the paper quotes (decisions/0058) and the order it names */
    citationCode: text(),
    orderId: integer().references(() => orders.id),
    /** what the public 论文致谢 list may show once approved (THANKS_CONSENTS), the affiliation and acknowledgement as typed */
    thanksConsent: text({ enum: THANKS_CONSENTS }).notNull().default('none'),
    affiliation: text(),
    acknowledgement: text(),
    status: text({ enum: ['pending', 'approved', 'refused'] }).notNull().default('pending'),
    points: integer(),
    reason: text(),
    decidedBy: integer().references(() => staff.id),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** bumped by a trigger on every change (migration 0013): what a staff decision pins */
    version: integer().notNull().default(1),
  },
  (t) => [index('points_applications_member_idx').on(t.memberId, t.createdAt.desc()), index('points_applications_status_idx').on(t.status)],
);
