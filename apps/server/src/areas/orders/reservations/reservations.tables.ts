import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from '../../accounts/accounts.tables';
import { reservations } from '../orders.tables';

/**
 * The instrument bookings' rules and hours (the bookings themselves are `reservations` in
 * orders.tables.ts): each booked hour is a row of `reservation_slots`, and its partial unique
 * index lets only one live booking hold an hour — the database settles races.
 */

/** Staff-configurable rules of instrument bookings (one row, id 1; the contract's defaults apply without it). */
export const reservationSettings = pgTable('reservation_settings', {
  id: integer().primaryKey(),
  /** how long an unpaid booking holds its hours */
  holdMinutes: integer().notNull(),
  /** the unpaid hours one member may hold at once */
  capHours: integer().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer().references(() => staff.id),
});

export const reservationSlots = pgTable(
  'reservation_slots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer()
      .notNull()
      .references(() => reservations.id),
    itemId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    hour: smallint().notNull(),
    active: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('reservation_slots_taken_idx').on(t.itemId, t.day, t.hour).where(sql`active`),
    index('reservation_slots_reservation_idx').on(t.reservationId),
  ],
);
