import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders.tables';

/**
 * The reminders the jobs sent (a pickup tomorrow, a coupon about to expire, raw data about to
 * leave retention): one row per reminder, written in the transaction that posts its message
 * and queues its SMS and e-mail, so a job that runs again, or on a second instance at once,
 * sends each reminder once (the primary key settles the race).
 */
export const sentReminders = pgTable('sent_reminders', {
  /** `<kind>:<object>`, e.g. coupon:42, pickup:7, retention:12:<delivery instant> */
  key: text().primaryKey(),
  kind: text({ enum: ['pickup', 'coupon', 'retention', 'booking'] }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Service promises that were missed (PRODUCT.md): recorded by the promise job when a promise
 * passes its deadline undone, once per promise (order, kind, deadline), with a 系统 event on the
 * order's timeline; the dashboard counts them.
 */
export const orderPromiseMisses = pgTable(
  'order_promise_misses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    kind: text({ enum: ['call', 'notice', 'return'] }).notNull(),
    /** when the promise's clock started */
    since: timestamp({ withTimezone: true }).notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_promise_misses_promise_idx').on(t.orderId, t.kind, t.dueAt), index('order_promise_misses_due_idx').on(t.dueAt)],
);
