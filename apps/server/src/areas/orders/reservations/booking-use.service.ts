import { and, eq, isNull } from 'drizzle-orm';
import { labDay, reservationStatusLabels, type AdminReservation } from '@lab/contract';
import type { Db } from '../../../db/client';
import { conflict, notFound } from '../../../platform/errors';
import { addOrderEvent } from '../order-core';
import { orders, reservations } from '../orders.tables';
import { staffActor } from '../desk/progress.service';
import { reservationStatusAt } from '../reservation-core';
import { adminReservationOf } from './reservations-admin.service';

/** A booking that is still an unpaid hold cannot have been used. */
export const USE_UNPAID_MESSAGE = '该预约尚未支付，是待支付的保留，不能标记为已使用';

/**
 * /api/admin/reservations/use (标记已使用): the member came and used the instrument. A firm
 * booking (paid, or pay-after-test) becomes 已使用 on its day — the bookings job then no longer
 * marks it 爽约, which it does only to bookings still 已预约. The order's timeline says who marked
 * it. A hold, a cancelled, released, no-show or used booking, or a booking of another day, is
 * refused with the reason and nothing changes. The order is locked first, as paying, receiving
 * and the no-show job lock it, so a no-show marked meanwhile is seen and refused.
 */
export async function markBookingUsed(db: Db, staffId: number, input: { rid: string }, now: Date): Promise<AdminReservation> {
  const [found] = await db.select({ id: reservations.id, orderId: reservations.orderId }).from(reservations).where(eq(reservations.rid, input.rid.trim())).limit(1);
  if (!found) throw notFound('预约');
  await db.transaction(async (tx) => {
    const [order] = found.orderId === null ? [] : await tx.select({ progress: orders.progress }).from(orders).where(eq(orders.id, found.orderId)).for('update');
    const [row] = await tx.select().from(reservations).where(eq(reservations.id, found.id)).for('update');
    const status = reservationStatusAt(row!, now);
    if (status !== 'booked') throw conflict(`该预约当前为「${reservationStatusLabels[status]}」，不能标记为已使用`);
    if (row!.holdUntil !== null) throw conflict(USE_UNPAID_MESSAGE);
    const today = labDay(now);
    if (row!.day !== today) throw conflict(row!.day > today ? `该预约在${row!.day}，当天才能标记为已使用` : `该预约在${row!.day}，已过预约日期，不能再标记为已使用`);
    await tx
      .update(reservations)
      .set({ status: 'used' })
      .where(and(eq(reservations.id, row!.id), eq(reservations.status, 'booked'), isNull(reservations.holdUntil)));
    if (row!.orderId !== null && order) {
      const actor = await staffActor(tx, staffId);
      await addOrderEvent(tx, row!.orderId, { status: order.progress, title: '预约已使用', note: `${row!.day} 已到场上机`, actor, now });
    }
  });
  return adminReservationOf(db, found.id, now);
}
