import { check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { closedDayKinds, QUEUE_CAPACITY_DEFAULT, QUEUE_DEFAULT_MAX_DAYS, QUEUE_DEFAULT_MIN_DAYS } from '@lab/contract';
import { staff } from '../../accounts/accounts.tables';
import { serviceItems } from '../../catalog/catalog.tables';

/** 排队看板's settings per instrument (a catalogue test item): how many samples a working day serves. */
export const instrumentQueues = pgTable(
  'instrument_queues',
  {
    itemId: integer()
      .primaryKey()
      .references(() => serviceItems.id),
    capacityPerDay: integer().notNull().default(QUEUE_CAPACITY_DEFAULT),
    /** the service time (working days, 上机 → 出数据) the estimates use while history is thin */
    defaultMinDays: integer().notNull().default(QUEUE_DEFAULT_MIN_DAYS),
    defaultMaxDays: integer().notNull().default(QUEUE_DEFAULT_MAX_DAYS),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer().references(() => staff.id),
  },
  (t) => [
    check('instrument_queues_capacity', sql`${t.capacityPerDay} BETWEEN 1 AND 500`),
    check('instrument_queues_default_days', sql`${t.defaultMinDays} BETWEEN 1 AND 60 AND ${t.defaultMaxDays} BETWEEN ${t.defaultMinDays} AND 60`),
  ],
);

/** Days an instrument does not run (Sundays never do): a holiday or maintenance; no item: every instrument. */
export const instrumentClosedDays = pgTable(
  'instrument_closed_days',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer().references(() => serviceItems.id),
    day: date({ mode: 'string' }).notNull(),
    kind: text({ enum: closedDayKinds }).notNull(),
    note: text().notNull().default(''),
    createdBy: integer().references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('instrument_closed_days_day_key').on(t.itemId, t.day).nullsNotDistinct(), index('instrument_closed_days_day_idx').on(t.day)],
);
