import { and, between, count, eq } from 'drizzle-orm';
import { RESERVATION_HOURS, addDays, hourLabel, type DeviceTime, type SlotState } from '@lab/contract';
import type { DbOrTx } from '../../../db/client';
import { badRequest } from '../../../platform/errors';
import { reservations } from '../orders.tables';
import { bookingChoices, priceLine } from '../pricing';
import { isClosedDay, isRealDate, liveBooking } from '../reservation-core';
import { reservationSlots } from './reservations.tables';
import { defaultChoices, findReservableItem, reservationWindow } from './reservations.service';

/** The open side of instrument time (上门预约): one instrument's hours on a day and the bookable window. */

/**
 * device/query4timeExtra: the hours of a day (free, taken, mine, past, closed) and the
 * bookable window with each day's free hours (counted in one grouped query).
 */
export async function queryDeviceTime(db: DbOrTx, input: { rid: string; date?: string | undefined }, memberId: number | null, now: Date): Promise<DeviceTime> {
  const item = await findReservableItem(db, input.rid);
  const { today, first, last } = reservationWindow(now);
  let date = input.date;
  if (date === undefined) {
    date = first;
    while (isClosedDay(date)) date = addDays(date, 1);
  } else if (!isRealDate(date)) {
    throw badRequest('[日期]格式不正确');
  }

  const [taken, perDay] = await Promise.all([
    db
      .select({ hour: reservationSlots.hour, memberId: reservations.memberId })
      .from(reservationSlots)
      .innerJoin(reservations, eq(reservations.id, reservationSlots.reservationId))
      .where(and(eq(reservationSlots.itemId, item.id), eq(reservationSlots.day, date), eq(reservationSlots.active, true), liveBooking(now))),
    db
      .select({ day: reservationSlots.day, n: count() })
      .from(reservationSlots)
      .innerJoin(reservations, eq(reservations.id, reservationSlots.reservationId))
      .where(and(eq(reservationSlots.itemId, item.id), between(reservationSlots.day, first, last), eq(reservationSlots.active, true), liveBooking(now)))
      .groupBy(reservationSlots.day),
  ]);

  const holder = new Map(taken.map((row) => [row.hour, row.memberId]));
  const dayState: SlotState['state'] | null = date <= today ? 'past' : isClosedDay(date) || date > last ? 'closed' : null;
  const slots: SlotState[] = RESERVATION_HOURS.map((hour) => {
    let state: SlotState['state'];
    if (dayState) state = dayState;
    else if (!holder.has(hour)) state = 'free';
    else state = memberId !== null && holder.get(hour) === memberId ? 'mine' : 'taken';
    return { hour, label: hourLabel(hour), state };
  });

  const takenPerDay = new Map(perDay.map((row) => [row.day, Number(row.n)]));
  const days: DeviceTime['days'] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const closed = isClosedDay(day);
    days.push({ date: day, free: closed ? 0 : Math.max(0, RESERVATION_HOURS.length - (takenPerDay.get(day) ?? 0)), closed });
  }

  // the shown day's price: a Saturday's hour carries the weekend surcharge of a slot-priced option
  const price = priceLine(item, bookingChoices(item, defaultChoices(item), date), 1);
  return { rid: item.rid, date, slots, days, priceFen: price.unitPriceFen, unit: item.unit };
}
