import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { waitStatuses } from '@lab/contract';
import { members, staff } from '../../accounts/accounts.tables';
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

/**
 * The wait list of a taken hour (reservation/wait/*): members in the order they joined. When the
 * hour frees, the bookings job offers it to the first one waiting (status offered, held until
 * offer_until); past that the offer expires and the next one is offered. While anyone waits for
 * a free hour, only the member it is offered to may book it. Every change of a day's wait rows
 * locks them (ordered by id), so a hand-over, an expiry and a booking never interleave.
 */
export const reservationWaits = pgTable(
  'reservation_waits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    itemId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    hour: smallint().notNull(),
    status: text({ enum: waitStatuses }).notNull().default('waiting'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    offeredAt: timestamp({ withTimezone: true }),
    offerUntil: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('reservation_waits_slot_idx').on(t.itemId, t.day, t.hour).where(sql`status in ('waiting', 'offered')`),
    index('reservation_waits_member_idx').on(t.memberId, t.createdAt.desc()),
    uniqueIndex('reservation_waits_once_idx').on(t.memberId, t.itemId, t.day, t.hour).where(sql`status in ('waiting', 'offered')`),
  ],
);

/** Staff lifting a member's no-show block: no-shows before lifted_at no longer count (audited as reservations.lift). */
export const bookingLifts = pgTable(
  'booking_lifts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    liftedAt: timestamp({ withTimezone: true }).notNull(),
    staffId: integer()
      .notNull()
      .references(() => staff.id),
    reason: text().notNull(),
  },
  (t) => [index('booking_lifts_member_idx').on(t.memberId, t.liftedAt.desc())],
);
