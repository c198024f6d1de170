import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts.tables';
import { orders } from '../orders/orders.tables';
import { prestoreRules } from '../funds/funds.tables';

/**
 * Online payment (docs/payments.md). One `online_payments` row per attempt: its amount is fixed
 * when it is created and never recomputed; the money counts only when a verified notice or our
 * own query of the gateway says it was paid, and is booked once (the row is locked while it is
 * booked, and the ledger books a reference once). `online_refunds` is one row per refund to the
 * channel. The local gateway's own books are platform/providers/local-gateway.tables.ts.
 */
export const onlinePayments = pgTable(
  'online_payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** our number for the attempt (out_trade_no) */
    paymentNo: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    purpose: text({ enum: ['order', 'topup', 'settle'] }).notNull(),
    vendor: text({ enum: ['wechat', 'alipay'] }).notNull(),
    scene: text({ enum: ['native', 'h5', 'jsapi', 'page', 'wap'] }).notNull(),
    /** the provider that created it ('local', 'wechat', 'alipay'): the one asked about it later */
    provider: text().notNull(),
    /** the online part, fixed at creation */
    amountFen: bigint({ mode: 'number' }).notNull(),
    /** the part the prepaid funds pay when the online part is paid (order with use_balance) */
    balanceFen: bigint({ mode: 'number' }).notNull().default(0),
    /** the prepaid account the money goes through: the member's own or a community they own */
    fundsKind: text({ enum: ['member', 'community'] }).notNull(),
    fundsId: integer().notNull(),
    /** purpose order: the coupon chosen at start (NO_COUPON: none), fixed with the amount */
    couponRid: text(),
    /** purpose topup: the bonus of the tiers in force at start, booked with the top-up */
    bonusFen: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * the tier the bonus came from (a row of the tiers in force at start, which only the approval
     * gate writes); booking pays no more than this tier gives the amount, whatever bonus_fen says
     */
    bonusRuleId: integer().references(() => prestoreRules.id),
    state: text({ enum: ['open', 'paid', 'closed', 'failed'] }).notNull().default('open'),
    /** the vendor's transaction id (transaction_id / trade_no) */
    tradeNo: text(),
    /** the merchant and app the payment was created under: a notice naming others is refused */
    merchantId: text().notNull(),
    appId: text().notNull(),
    /** what the browser was told to do (start), so a status call can answer it again */
    startKind: text().notNull().default(''),
    startTarget: text().notNull().default(''),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    /** when a verified notice about it first arrived (the query job looks at those without) */
    notifiedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    /** how it was booked: notify | query | job */
    bookedBy: text(),
    /** set when it booked something other than what was asked (e.g. the order was cancelled meanwhile) */
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('online_payments_member_idx').on(t.memberId, t.createdAt),
    // the query job: open payments, oldest first
    index('online_payments_open_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'open'`),
    // finance's day lists (paid ones by day)
    index('online_payments_paid_idx').on(t.paidAt),
    check('online_payments_amount_positive', sql`${t.amountFen} > 0`),
    check('online_payments_balance_not_negative', sql`${t.balanceFen} >= 0`),
  ],
);

/** The order(s) an online payment pays (purpose order: one; settle: several), with the online part of each. */
export const onlinePaymentOrders = pgTable(
  'online_payment_orders',
  {
    paymentId: integer()
      .notNull()
      .references(() => onlinePayments.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    /** the online money that went to this order (refunded to the channel when it is cancelled) */
    amountFen: bigint({ mode: 'number' }).notNull(),
    /** the booking paid this order with it (false: the order was cancelled or paid meanwhile, the money stayed in the funds) */
    paidOrder: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.orderId] }), index('online_payment_orders_order_idx').on(t.orderId)],
);

/**
 * A refund to the channel: created in the transaction that cancels the paid order (so it exists
 * exactly when the cancel does), sent to the gateway after the commit by the refunds job (a
 * gateway outage only delays it), settled by the refund notice or the job's query. A state only
 * moves forward: processing → success | closed | abnormal.
 */
export const onlineRefunds = pgTable(
  'online_refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** our number (out_refund_no) */
    refundNo: text().notNull().unique(),
    paymentId: integer()
      .notNull()
      .references(() => onlinePayments.id),
    orderId: integer().references(() => orders.id),
    amountFen: bigint({ mode: 'number' }).notNull(),
    state: text({ enum: ['processing', 'success', 'closed', 'abnormal'] }).notNull().default('processing'),
    /** the vendor's refund id */
    refundId: text(),
    reason: text().notNull().default(''),
    /** when the gateway accepted the request (null: not yet sent, the job sends it) */
    requestedAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text().notNull().default(''),
    succeededAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one refund per order and payment: a second cancel path finds it there
    uniqueIndex('online_refunds_payment_order_idx').on(t.paymentId, t.orderId),
    index('online_refunds_processing_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'processing'`),
    index('online_refunds_created_idx').on(t.createdAt),
    check('online_refunds_amount_positive', sql`${t.amountFen} > 0`),
  ],
);
