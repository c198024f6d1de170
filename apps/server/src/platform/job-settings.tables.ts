import { boolean, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { staff } from '../areas/accounts/accounts.tables';

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
  /** a delivered order neither confirmed nor disputed completes by itself this many days after delivery */
  autoConfirmDays: integer().notNull().default(10),
  /** instrument bookings: the member may cancel until this many hours before the start */
  bookingCancelHours: integer().notNull().default(24),
  /** a freed slot is held this many minutes for the first member waiting for it */
  waitOfferMinutes: integer().notNull().default(60),
  /** this many no-shows within noShowDays block a member's bookings until staff lift it */
  noShowLimit: integer().notNull().default(3),
  noShowDays: integer().notNull().default(90),
  /** 数据保管延期: fen per GB-year (decisions/0053) */
  vaultGbYearFen: integer().notNull().default(3000),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer().references(() => staff.id),
});
