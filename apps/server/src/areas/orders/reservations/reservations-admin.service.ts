import { and, asc, between, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { getJobSettings } from '../../../platform/job-settings';
import { addDays, reservationStatusLabels, weekdayOf, type AdminReservation, type ReservationHolds, type ReservationInstrument, type ReservationWeek } from '@lab/contract';
import type { Db, DbOrTx } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { memberContacts } from '../../accounts';
import { bookableInstruments, itemsByIds, itemsByRids } from '../../catalog';
import { orders, reservations } from '../orders.tables';
import { getReservationSettings, releaseOrderHolds } from '../holds.service';
import { staffActor } from '../desk/progress.service';
import { isRealDate, liveBooking, reservationStatusAt } from '../reservation-core';
import { toReservation } from './reservations.service';

/** The lab's side of instrument bookings (仪器预约 in the back office): a day's and a week's bookings, unpaid holds. */

// ---- staff: a day's bookings, a week's calendar ----

/** Bookings as the lab sees them: the instrument (catalog's face) and who booked (accounts' face), read by id for the rows. */
async function toAdminReservations(db: DbOrTx, rows: { reservation: typeof reservations.$inferSelect; orderNo: string | null }[], now: Date): Promise<AdminReservation[]> {
  const [items, people, rule] = await Promise.all([itemsByIds(db, rows.map((r) => r.reservation.itemId)), memberContacts(db, rows.map((r) => r.reservation.memberId)), getJobSettings(db)]);
  return rows.flatMap((row) => {
    const item = items.get(row.reservation.itemId);
    const member = people.get(row.reservation.memberId);
    if (!item || !member) return [];
    return [{ ...toReservation(row.reservation, item, row.orderNo, now, rule), member: { rid: member.rid, name: member.name ?? member.nickname, phone: member.phone } }];
  });
}

/** Bookings that hold their hours (or were used): cancelled and released ones, and expired holds, are not in the lab's calendar. */
async function liveBookings(db: DbOrTx, conditions: SQL[], now: Date): Promise<AdminReservation[]> {
  const rows = await db
    .select({ reservation: reservations, orderNo: orders.orderNo })
    .from(reservations)
    .leftJoin(orders, eq(orders.id, reservations.orderId))
    .where(and(or(inArray(reservations.status, ['used', 'no_show']), liveBooking(now)), ...conditions))
    .orderBy(asc(reservations.day), asc(reservations.id));
  return (await toAdminReservations(db, rows, now)).sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name, 'zh-CN') || a.itemRid.localeCompare(b.itemRid) || (a.hours[0] ?? 0) - (b.hours[0] ?? 0));
}

async function itemIdOf(db: DbOrTx, rid: string): Promise<number> {
  const item = (await itemsByRids(db, [rid])).get(rid);
  if (!item) throw notFound('项目');
  return item.id;
}

/** /api/admin/reservations/list: the live bookings of a day (optionally of one instrument), by instrument and hour, with who booked. */
export async function listReservationsForDay(db: DbOrTx, input: { date: string; rid?: string | undefined }, now: Date): Promise<AdminReservation[]> {
  if (!isRealDate(input.date)) throw badRequest('[预约日期]格式不正确');
  const conditions: SQL[] = [eq(reservations.day, input.date)];
  if (input.rid) conditions.push(eq(reservations.itemId, await itemIdOf(db, input.rid)));
  return liveBookings(db, conditions, now);
}

/** The Monday of the week a day falls in (the lab's calendar). */
export function weekStart(day: string): string {
  const weekday = weekdayOf(day);
  return addDays(day, weekday === 0 ? -6 : 1 - weekday);
}

/**
 * /api/admin/reservations/week: the instruments that can be booked (and any booked that week
 * since withdrawn) as rows, Monday to Sunday as columns, and the week's live bookings.
 */
export async function reservationWeek(db: DbOrTx, input: { date: string; rid?: string | undefined }, now: Date): Promise<ReservationWeek> {
  if (!isRealDate(input.date)) throw badRequest('[日期]格式不正确');
  const first = weekStart(input.date);
  const days = Array.from({ length: 7 }, (_, i) => addDays(first, i));
  const conditions: SQL[] = [between(reservations.day, first, days[6]!)];
  const itemId = input.rid ? await itemIdOf(db, input.rid) : null;
  if (itemId !== null) conditions.push(eq(reservations.itemId, itemId));
  const [bookings, instruments] = await Promise.all([
    liveBookings(db, conditions, now),
    bookableInstruments(db, itemId).then((rows) => rows.map(({ rid, name, model, labLocation }) => ({ rid, name, model, labLocation }))),
  ]);
  const listed = new Set(instruments.map((i) => i.rid));
  const withdrawn = new Map<string, ReservationInstrument>();
  for (const b of bookings) if (!listed.has(b.itemRid)) withdrawn.set(b.itemRid, { rid: b.itemRid, name: b.name, model: b.model, labLocation: b.labLocation });
  return { days, instruments: [...instruments, ...withdrawn.values()], bookings };
}

// ---- staff: holds ----

/** /api/admin/reservations/holds: every unpaid booking holding hours now, the soonest to lapse first, and the rules. */
export async function listHolds(db: DbOrTx, now: Date): Promise<ReservationHolds> {
  const [holds, settings] = await Promise.all([liveBookings(db, [isNotNull(reservations.holdUntil)], now), getReservationSettings(db)]);
  return { holds: holds.sort((a, b) => (a.holdUntil ?? '').localeCompare(b.holdUntil ?? '') || a.rid.localeCompare(b.rid)), settings };
}

/**
 * /api/admin/reservations/release: staff let an unpaid hold go before it lapses (a member
 * hoarding hours, a no-show): the hours are free at once, the unpaid order is cancelled with
 * the reason, and the member is told in-site. A paid or already released booking is refused.
 */
export async function releaseHoldByStaff(db: Db, staffId: number, input: { rid: string; reason?: string | undefined }, now: Date): Promise<AdminReservation> {
  const [found] = await db.select().from(reservations).where(eq(reservations.rid, input.rid)).limit(1);
  if (!found) throw notFound('预约');
  await db.transaction(async (tx) => {
    const actor = await staffActor(tx, staffId);
    const reason = input.reason ? `实验室释放未支付的预约：${input.reason}` : '实验室释放未支付的预约';
    const released = found.orderId !== null && (await releaseOrderHolds(tx, found.orderId, { actor, reason }, now));
    if (!released) {
      const status = reservationStatusAt(found, now);
      throw conflict(status === 'booked' ? '该预约已支付或已转为测试后结算，不是待支付的保留' : `该预约${reservationStatusLabels[status]}，无需释放`);
    }
  });
  return adminReservationOf(db, found.id, now);
}

/** One booking as the lab sees it (the answer of a desk action on it). */
export async function adminReservationOf(db: DbOrTx, id: number, now: Date): Promise<AdminReservation> {
  const rows = await db.select({ reservation: reservations, orderNo: orders.orderNo }).from(reservations).leftJoin(orders, eq(orders.id, reservations.orderId)).where(eq(reservations.id, id));
  const [booking] = await toAdminReservations(db, rows, now);
  return booking!;
}
