import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  DEFAULT_RESERVATION_SETTINGS,
  HOLD_EXPIRED_MESSAGE,
  holdCapMessage,
  type ReservationSettings,
} from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { lockMember } from '../accounts';
import { cancelOrder } from './cancel-core';
import type { NamedActor } from '../../platform/actor';
import { orders, reservations } from './orders.tables';
import { reservationSettings, reservationSlots } from './reservations/reservations.tables';
import { expiredHold, liveBooking } from './reservation-core';
import { assertMayBook } from './reservations/booking-rules';

/**
 * Holds (PRODUCT.md: "Unpaid instrument bookings are holds that expire, with a cap per member").
 * A booking made unpaid keeps its hours until `hold_until` (booking time + the hold in force
 * then); paying, choosing pay-after-test or the lab receiving the order ends the hold
 * (reservation-core endHolds). Past it, the booking counts as released in every read — the
 * calendar, the cap, the member's list, the staff's views — through the same SQL
 * (reservation-core liveBooking / expiredHold), so no background job is needed for the rules
 * to hold. Its stored state is brought up to date whenever something touches it (a booking of
 * the same hours, paying the order, cancelling it) by releaseExpiredHolds, which a scheduled
 * job can call as it is, with no scope, to tidy everything at once.
 */

const SETTINGS_ID = 1;
const MINUTE_MS = 60_000;

export const EXPIRED_REASON = '预约保留时间已过，未支付，时段已释放';

const systemActor: NamedActor = { kind: 'system', id: null, name: '系统' };

/** The hold rules in force: the staff's row, or the contract's defaults until staff save one. */
export async function getReservationSettings(db: DbOrTx): Promise<ReservationSettings> {
  const [row] = await db.select().from(reservationSettings).where(eq(reservationSettings.id, SETTINGS_ID)).limit(1);
  return row ? { holdMinutes: row.holdMinutes, capHours: row.capHours } : { ...DEFAULT_RESERVATION_SETTINGS };
}

/** Staff: both figures at once. Bookings already made keep the hold they were given. */
export async function saveReservationSettings(db: DbOrTx, staffId: number, input: { hold_minutes: number; cap_hours: number }, now: Date): Promise<ReservationSettings> {
  const values = { holdMinutes: input.hold_minutes, capHours: input.cap_hours, updatedAt: now, updatedBy: staffId };
  await db
    .insert(reservationSettings)
    .values({ id: SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: reservationSettings.id, set: values });
  return getReservationSettings(db);
}

/** The unpaid hours a member holds at `now` (expired holds do not count). */
export async function heldHours(db: DbOrTx, memberId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ hours: sql<string>`coalesce(sum(jsonb_array_length(${reservations.hours})), 0)` })
    .from(reservations)
    .where(and(eq(reservations.memberId, memberId), isNotNull(reservations.holdUntil), liveBooking(now)));
  return Number(row?.hours ?? 0);
}

/**
 * Before booking hours (reservation/add, order/add with on-site lines), inside the booking's
 * transaction: expired holds on the same instruments and days give their hours back (so the
 * slots' unique index sees them free), then the member's unpaid hours are checked against the
 * cap — with the member row locked, so two bookings at once cannot both slip under it.
 * Returns until when the new booking holds its hours.
 */
export async function holdForBooking(tx: Tx, memberId: number, wanted: { itemId: number; day: string; hours: number[] }[], now: Date): Promise<Date> {
  const places = new Map(wanted.map((w) => [`${w.itemId}:${w.day}`, w]));
  for (const { itemId, day } of places.values()) await releaseExpiredHolds(tx, now, { itemId, day });
  await lockMember(tx, memberId, 'no key update');
  // too many no-shows lately: refused until staff lift it (booking-rules.ts)
  await assertMayBook(tx, memberId, now);
  const settings = await getReservationSettings(tx);
  const held = await heldHours(tx, memberId, now);
  const asked = wanted.reduce((n, w) => n + w.hours.length, 0);
  if (held + asked > settings.capHours) throw new AppError('HOLD_CAP', holdCapMessage(settings.capHours, held), { status: 409 });
  return new Date(now.getTime() + settings.holdMinutes * MINUTE_MS);
}

type Scope = { itemId: number; day: string } | { orderId: number } | { memberId: number } | Record<string, never>;

function scopeCondition(scope: Scope) {
  if ('itemId' in scope) return and(eq(reservations.itemId, scope.itemId), eq(reservations.day, scope.day));
  if ('orderId' in scope) return eq(reservations.orderId, scope.orderId);
  if ('memberId' in scope) return eq(reservations.memberId, scope.memberId);
  return undefined;
}

/**
 * Brings expired holds up to date (all of them without a scope — what a scheduled job calls):
 * each one's order is released and cancelled in order-id order, so two callers never deadlock.
 * Returns the ids of the orders released.
 */
export async function releaseExpiredHolds(tx: Tx, now: Date, scope: Scope = {}): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ orderId: reservations.orderId })
    .from(reservations)
    .where(and(expiredHold(now), isNotNull(reservations.orderId), scopeCondition(scope)))
    .orderBy(asc(reservations.orderId));
  const released: number[] = [];
  for (const { orderId } of rows) {
    if (orderId !== null && (await releaseOrderHolds(tx, orderId, { actor: systemActor, reason: EXPIRED_REASON, expiredAt: now }, now))) released.push(orderId);
  }
  return released;
}

/**
 * Releases the holds of one order and cancels the unpaid order with them (its bookings read
 * 已释放, the hours are free, the member is told in-site). The order row is locked first and
 * the holds read again under that lock, so a payment at the same moment either comes first
 * (no hold left: nothing happens) or finds the order cancelled. `expiredAt`: only holds that
 * expired by then (the system's release); without it any hold (staff letting one go).
 */
export async function releaseOrderHolds(tx: Tx, orderId: number, how: { actor: NamedActor; reason: string; expiredAt?: Date }, now: Date): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return false;
  const held = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.orderId, orderId),
        eq(reservations.status, 'booked'),
        isNotNull(reservations.holdUntil),
        how.expiredAt ? lte(reservations.holdUntil, how.expiredAt) : undefined,
      ),
    );
  if (held.length === 0) return false;
  const ids = held.map((r) => r.id);
  await tx.update(reservationSlots).set({ active: false }).where(inArray(reservationSlots.reservationId, ids));
  await tx.update(reservations).set({ status: 'released', cancelledAt: now }).where(inArray(reservations.id, ids));
  if (order.progress !== 'cancelled' && order.payment === 'unpaid') await cancelOrder(tx, order, how.actor, how.reason, now);
  return true;
}

/** Inside a payment (or pay-after-test) with the order locked: an expired hold cannot be paid for. */
export async function assertHoldLive(tx: Tx, orderId: number, now: Date): Promise<void> {
  const [expired] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.orderId, orderId), expiredHold(now)))
    .limit(1);
  if (expired) throw new AppError('HOLD_EXPIRED', HOLD_EXPIRED_MESSAGE, { status: 409 });
}

/**
 * Before paying an order or choosing pay-after-test: an expired hold is released (committed on
 * its own, so the refusal that follows does not roll it back) and the member told why.
 */
export async function refuseExpiredHold(db: Db, orderId: number, now: Date): Promise<void> {
  const released = await db.transaction((tx) => releaseExpiredHolds(tx, now, { orderId }));
  if (released.length > 0) throw new AppError('HOLD_EXPIRED', HOLD_EXPIRED_MESSAGE, { status: 409 });
}
