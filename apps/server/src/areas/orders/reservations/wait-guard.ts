import { and, asc, eq, inArray } from 'drizzle-orm';
import { WAIT_HELD_MESSAGE } from '@lab/contract';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { reservationWaits } from './reservations.tables';

/** The wait list's guard inside a booking (reservation-core bookSlots) and the day's row lock it shares with waits.service.ts. */

type WaitRow = typeof reservationWaits.$inferSelect;
export const openWaits = ['waiting', 'offered'] as const;

/** The instrument's open wait rows of a day, locked until the transaction ends. */
export function lockDay(tx: Tx, itemId: number, day: string, hours?: readonly number[]) {
  return tx
    .select()
    .from(reservationWaits)
    .where(and(eq(reservationWaits.itemId, itemId), eq(reservationWaits.day, day), inArray(reservationWaits.status, [...openWaits]), hours ? inArray(reservationWaits.hour, [...hours]) : undefined))
    .orderBy(asc(reservationWaits.id))
    .for('update');
}

export const liveOffer = (row: WaitRow, now: Date) => row.status === 'offered' && row.offerUntil !== null && row.offerUntil > now;

/**
 * Inside a booking (bookSlots), before its hours are written: an hour someone waits for may be
 * booked only by the member it is offered to now; their wait rows of the hours become taken.
 */
export async function guardWaitList(tx: Tx, memberId: number, itemId: number, day: string, hours: readonly number[], now: Date): Promise<void> {
  const rows = await lockDay(tx, itemId, day, hours);
  if (rows.length === 0) return;
  for (const hour of hours) {
    const ofHour = rows.filter((r) => r.hour === hour);
    if (ofHour.length === 0) continue;
    if (!ofHour.some((r) => r.memberId === memberId && liveOffer(r, now))) throw new AppError('WAIT_HELD', WAIT_HELD_MESSAGE, { status: 409 });
  }
  const mine = rows.filter((r) => r.memberId === memberId).map((r) => r.id);
  if (mine.length) await tx.update(reservationWaits).set({ status: 'taken', closedAt: now }).where(inArray(reservationWaits.id, mine));
}

