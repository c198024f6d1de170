import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local payment gateway's own books (platform/providers/payment-local.ts, its only writer):
 * the "gateway" on our own server keeps its state in the database, so it survives a restart and
 * two instances on one database see the same payments. Its side of our `online_payments` and
 * `online_refunds` (areas/payments), joined by out_trade_no / out_refund_no only.
 */

/** The local gateway's payments (its side of out_trade_no). */
export const localGatewayPayments = pgTable('local_gateway_payments', {
  outTradeNo: text().primaryKey(),
  vendor: text({ enum: ['wechat', 'alipay'] }).notNull(),
  scene: text().notNull(),
  amountFen: bigint({ mode: 'number' }).notNull(),
  description: text().notNull(),
  notifyUrl: text().notNull(),
  returnUrl: text().notNull(),
  state: text({ enum: ['open', 'paid', 'closed', 'failed'] }).notNull().default('open'),
  tradeNo: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  paidAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The local gateway's refunds. */
export const localGatewayRefunds = pgTable(
  'local_gateway_refunds',
  {
    outRefundNo: text().primaryKey(),
    outTradeNo: text()
      .notNull()
      .references(() => localGatewayPayments.outTradeNo),
    refundId: text().notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    state: text({ enum: ['processing', 'success'] }).notNull().default('success'),
    succeededAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_gateway_refunds_trade_idx').on(t.outTradeNo)],
);
