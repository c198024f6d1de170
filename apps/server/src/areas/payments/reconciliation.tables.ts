import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from '../accounts/accounts.tables';

/**
 * Finance's daily reconciliation of online payments (docs/payments.md "What finance
 * reconciles"): one run per (vendor, lab day) with both sides' totals, and the lines on which
 * the gateway's bill and our records disagree. Running a day again replaces its run and lines in
 * one transaction (a resolution of a line found again is kept).
 */
export const paymentReconciliations = pgTable(
  'payment_reconciliations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    vendor: text({ enum: ['wechat', 'alipay'] }).notNull(),
    /** the lab day (Asia/Shanghai) the bill covers, YYYY-MM-DD */
    day: text().notNull(),
    /** the provider whose bill was read ('local', 'wechat', 'alipay') */
    provider: text().notNull(),
    /** done: compared; failed: the bill could not be downloaded (error says why) */
    state: text({ enum: ['done', 'failed'] }).notNull(),
    error: text().notNull().default(''),
    billPayCount: integer().notNull().default(0),
    billPayFen: bigint({ mode: 'number' }).notNull().default(0),
    billRefundCount: integer().notNull().default(0),
    billRefundFen: bigint({ mode: 'number' }).notNull().default(0),
    ourPayCount: integer().notNull().default(0),
    ourPayFen: bigint({ mode: 'number' }).notNull().default(0),
    ourRefundCount: integer().notNull().default(0),
    ourRefundFen: bigint({ mode: 'number' }).notNull().default(0),
    mismatchCount: integer().notNull().default(0),
    /** job: the nightly run; staff: re-run from the back office */
    runBy: text({ enum: ['job', 'staff'] }).notNull(),
    staffId: integer().references(() => staff.id),
    ranAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('payment_reconciliations_day_vendor_idx').on(t.day, t.vendor)],
);

export const RECONCILE_LINE_KINDS = ['amount', 'bill_only', 'ours_only', 'refund_amount', 'refund_bill_only', 'refund_ours_only'] as const;

/** One disagreement of a run; staff resolve it with a note (audited). */
export const paymentReconciliationLines = pgTable(
  'payment_reconciliation_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    runId: integer()
      .notNull()
      .references(() => paymentReconciliations.id, { onDelete: 'cascade' }),
    kind: text({ enum: RECONCILE_LINE_KINDS }).notNull(),
    /** out_trade_no */
    paymentNo: text().notNull(),
    /** out_refund_no (refund kinds) */
    refundNo: text(),
    /** the vendor's transaction number as the bill names it */
    tradeNo: text().notNull().default(''),
    /** the amount on the bill (null: not on it) */
    billFen: bigint({ mode: 'number' }),
    /** the amount of our record (null: no record) */
    ourFen: bigint({ mode: 'number' }),
    /** our record's state when it is not the expected one (open, closed, processing …), else '' */
    ourState: text().notNull().default(''),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: integer().references(() => staff.id),
    resolveNote: text().notNull().default(''),
  },
  (t) => [
    index('payment_reconciliation_lines_run_idx').on(t.runId),
    index('payment_reconciliation_lines_open_idx')
      .on(t.runId)
      .where(sql`${t.resolvedAt} is null`),
    check('payment_reconciliation_lines_note', sql`${t.resolvedAt} is null or length(${t.resolveNote}) > 0`),
  ],
);
