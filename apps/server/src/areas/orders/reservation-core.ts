import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { HOURS_NOT_CONSECUTIVE_MESSAGE, RESERVATION_HOURS, RESERVATION_MAX_DAYS_AHEAD, SLOT_TAKEN_MESSAGE, addDays, labNow, type ReservationStatus } from '@lab/contract';
import type { Tx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../db/errors';
import { reservations } from './orders.tables';
import { reservationSlots } from './reservations/reservations.tables';
import { guardWaitList } from './reservations/wait-guard';

/**
 * Booking instrument hours. Used by reservation/add and by order/add for the plan's on-site
 * lines. The rules: a real day from tomorrow up to 30 days ahead, not a Sunday, known hours
 * that follow one another; the partial unique index on reservation_slots lets only one live
 * booking hold an hour, so of two concurrent bookings exactly one succeeds.
 */
export const isClosedDay = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0;

/** 'YYYY-MM-DD' naming a day that exists (not 2026-02-30). */
export const isRealDate = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

export function reservationDayProblem(day: string, now: Date): string | null {
  if (!isRealDate(day)) return '[预约日期]格式不正确';
  const today = labNow(now).date;
  if (day <= today) return '请预约明天及以后的时段';
  if (day > addDays(today, RESERVATION_MAX_DAYS_AHEAD)) return `只能预约${RESERVATION_MAX_DAYS_AHEAD}天内的时段`;
  if (isClosedDay(day)) return '周日实验室不开放预约，请选择其他日期';
  return null;
}

export function normalizeHours(hours: number[]): number[] {
  const sorted = [...new Set(hours)].sort((a, b) => a - b);
  if (sorted.length === 0) throw new AppError('HOURS_REQUIRED', '请选择预约时段');
  for (const hour of sorted) {
    if (!(RESERVATION_HOURS as readonly number[]).includes(hour)) throw new AppError('HOURS_INVALID', '所选时段不在开放时间内');
  }
  // consecutive within the opening hours (11:00 → 13:00 over lunch counts as consecutive)
  for (let i = 1; i < sorted.length; i += 1) {
    const previous = RESERVATION_HOURS.indexOf(sorted[i - 1] as (typeof RESERVATION_HOURS)[number]);
    const current = RESERVATION_HOURS.indexOf(sorted[i] as (typeof RESERVATION_HOURS)[number]);
    if (current !== previous + 1) throw new AppError('HOURS_NOT_CONSECUTIVE', HOURS_NOT_CONSECUTIVE_MESSAGE);
  }
  return sorted;
}

// ---- holds: an unpaid booking keeps its hours until hold_until, then counts as released ----

/** A booking that holds its hours at `now`: booked, and either not a hold (paid…) or a hold not yet expired. */
export const liveBooking = (now: Date): SQL =>
  and(eq(reservations.status, 'booked'), or(isNull(reservations.holdUntil), gt(reservations.holdUntil, now)))!;

/** An unpaid booking past its hold whose stored status was not brought up to date yet. */
export const expiredHold = (now: Date): SQL => and(eq(reservations.status, 'booked'), isNotNull(reservations.holdUntil), lte(reservations.holdUntil, now))!;

/** The status a person sees, in SQL (for the member's tabs): an expired hold reads as released. */
export const statusAt = (now: Date): SQL<ReservationStatus> =>
  sql<ReservationStatus>`case when ${expiredHold(now)} then 'released' else ${reservations.status} end`;

/** The same rule for a row already read. */
export function reservationStatusAt(row: Pick<typeof reservations.$inferSelect, 'status' | 'holdUntil'>, now: Date): ReservationStatus {
  return row.status === 'booked' && row.holdUntil !== null && row.holdUntil <= now ? 'released' : row.status;
}

/** Until when a booking still holds its hours unpaid (null when it is not a live hold). */
export const holdUntilAt = (row: Pick<typeof reservations.$inferSelect, 'status' | 'holdUntil'>, now: Date): Date | null =>
  row.status === 'booked' && row.holdUntil !== null && row.holdUntil > now ? row.holdUntil : null;

export interface BookInput {
  memberId: number;
  itemId: number;
  day: string;
  hours: number[];
  amountFen: number;
  orderId: number | null;
  note: string;
  /** unpaid bookings are holds until then (holds.service.ts holdForBooking) */
  holdUntil: Date | null;
  now: Date;
}

/** Books the hours inside the caller's transaction (in a savepoint, so a taken hour leaves the transaction usable for the 409). */
export async function bookSlots(tx: Tx, input: BookInput): Promise<typeof reservations.$inferSelect> {
  const problem = reservationDayProblem(input.day, input.now);
  if (problem) throw new AppError('RESERVATION_DAY', problem);
  const hours = normalizeHours(input.hours);
  // an hour members wait for is booked only by the one it is offered to (0051)
  await guardWaitList(tx, input.memberId, input.itemId, input.day, hours, input.now);
  try {
    return await tx.transaction(async (sp) => {
      const [reservation] = await sp
        .insert(reservations)
        .values({
          rid: randomId(),
          memberId: input.memberId,
          itemId: input.itemId,
          orderId: input.orderId,
          day: input.day,
          hours,
          amountFen: input.amountFen,
          note: input.note,
          createdAt: input.now,
          holdUntil: input.holdUntil,
        })
        .returning();
      await sp.insert(reservationSlots).values(hours.map((hour) => ({ reservationId: reservation!.id, itemId: input.itemId, day: input.day, hour, active: true })));
      return reservation!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE, { status: 409 });
    throw error;
  }
}

/** Frees the hours of the given reservations (cancel): the rows stay, marked cancelled. */
export async function releaseReservations(tx: Tx, reservationIds: number[], now: Date): Promise<void> {
  if (reservationIds.length === 0) return;
  await tx.update(reservationSlots).set({ active: false }).where(inArray(reservationSlots.reservationId, reservationIds));
  await tx
    .update(reservations)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(inArray(reservations.id, reservationIds), eq(reservations.status, 'booked')));
}

/** The order is paid, goes pay-after-test or has reached the lab: its bookings stop being holds. */
export async function endHolds(tx: Tx, orderId: number): Promise<void> {
  await endHoldsUpdate(tx, orderId);
}

/** endHolds' update, not yet sent: paying sends it inside the order's update (a CTE). */
export function endHoldsUpdate(tx: Tx, orderId: number) {
  return tx
    .update(reservations)
    .set({ holdUntil: null })
    .where(and(eq(reservations.orderId, orderId), eq(reservations.status, 'booked'), isNotNull(reservations.holdUntil)));
}
