import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_ALERT_KINDS } from '@lab/contract';
import { staff } from './accounts.tables';
import { orders } from './orders.tables';

/**
 * What the background jobs found that staff must act on (a ledger mismatch, a service promise
 * about to fall due): an in-site message to the staff of `role`, shown in the back office
 * until someone marks it handled. `key` names the finding, so a job that runs again (or on a
 * second instance) does not raise it twice.
 */
export const staffAlerts = pgTable(
  'staff_alerts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull().unique(),
    kind: text({ enum: STAFF_ALERT_KINDS }).notNull(),
    /** who should read it: admin, sales, lab, finance */
    role: text({ enum: ['admin', 'sales', 'lab', 'finance'] }).notNull(),
    title: text().notNull(),
    content: text().notNull(),
    /** a back-office path to the object, e.g. /admin/orders/<no> */
    link: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp({ withTimezone: true }),
    handledBy: integer().references(() => staff.id),
  },
  (t) => [index('staff_alerts_open_idx').on(t.role, t.createdAt.desc())],
);

/** The jobs' figures staff may change (one row, id 1; the contract's defaults apply without it). */
export const jobSettings = pgTable('job_settings', {
  id: integer().primaryKey(),
  /** an unpaid order that must be prepaid is cancelled this many days after it was placed */
  unpaidCancelDays: integer().notNull(),
  /** members' reminders go out from this hour (lab time) until 21:00 */
  reminderHour: integer().notNull().default(9),
  /** an unused coupon is recalled to its member this many days before it expires */
  couponReminderDays: integer().notNull().default(3),
  /** raw data is kept this many days after delivery (the reminder's date; nothing is deleted by the shop) */
  rawDataRetentionDays: integer().notNull().default(180),
  /** the member hears of the retention's end this many days before */
  retentionReminderDays: integer().notNull().default(7),
  /** promise alerts also go to the responsible staff's phones */
  promiseAlertSms: boolean().notNull().default(true),
  /** the daily reconciliation of online payments reads yesterday's bills from this hour (lab time) on */
  reconcileHour: integer().notNull().default(10),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer().references(() => staff.id),
});

/**
 * The reminders the jobs sent (a pickup tomorrow, a coupon about to expire, raw data about to
 * leave retention): one row per reminder, written in the transaction that posts its message
 * and queues its SMS and e-mail, so a job that runs again, or on a second instance at once,
 * sends each reminder once (the primary key settles the race).
 */
export const sentReminders = pgTable('sent_reminders', {
  /** `<kind>:<object>`, e.g. coupon:42, pickup:7, retention:12:<delivery instant> */
  key: text().primaryKey(),
  kind: text({ enum: ['pickup', 'coupon', 'retention'] }).notNull(),
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
