import { and, desc, eq } from 'drizzle-orm';
import { NOT_CANCELLABLE_MESSAGE, MEMBER_CANCELLABLE, RESERVATION_MAX_DAYS_AHEAD, addDays, labNow, progressLabels, reservationStatusLabels, type Page, type PricedOption, type Reservation, type ReservationAddBody, type ReservationStatus } from '@lab/contract';
import type { Db, DbOrTx } from '../../../db/client';
import { paginate } from '../../../db/paginate';
import { randomId } from '../../../platform/crypto';
import { labMinute } from '@lab/contract';
import { AppError, conflict, notFound } from '../../../platform/errors';
import { memberContact } from '../../accounts';
import { itemsByIds } from '../../catalog';
import { postMessage } from '../../messages';
import { cancelOrder } from '../cancel-core';
import { addOrderEvent, insertOrderRow } from '../order-core';
import { orderLines, orders, reservations } from '../orders.tables';
import { reservationSlots } from './reservations.tables';
import { bookingChoices, itemsByRids, priceLine, type PricedItem } from '../pricing';
import { holdForBooking, releaseExpiredHolds } from '../holds.service';
import { getJobSettings } from '../../../platform/job-settings';
import { bookingIcs, bookingStart } from './booking-times';
import { bookSlots, holdUntilAt, normalizeHours, reservationDayProblem, reservationStatusAt, statusAt } from '../reservation-core';

/**
 * On-site instrument time (上门预约). A booking is an order of kind 'reservation' with one
 * line (count = hours) and the hours held in reservation_slots, whose partial unique index
 * settles races: of two members booking one hour, exactly one wins. Dates are lab dates
 * (Asia/Shanghai); booking opens tomorrow and runs RESERVATION_MAX_DAYS_AHEAD days, Sundays closed.
 */

type ReservationRow = typeof reservations.$inferSelect;
export type ItemColumns = Pick<PricedItem, 'rid' | 'name' | 'model' | 'labLocation'>;

export const NOT_RESERVABLE_MESSAGE = '该项目不支持上门预约';
/** The rule of cancelling a booking: 任务设置's hours before its start. */
export type CancelRule = { bookingCancelHours: number };

/** Until when the member may cancel a booking: the start less the rule's hours. */
export const cancelUntilOf = (row: Pick<ReservationRow, 'day' | 'hours'>, rule: CancelRule) => new Date(bookingStart(row.day, row.hours).getTime() - rule.bookingCancelHours * 3600_000);

/** '09:00-11:00'; hours that do not follow one another (over lunch) as '11:00-12:00、13:00-14:00'. */
export function timeText(hours: readonly number[]): string {
  const sorted = [...hours].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const hour of sorted) {
    const last = runs.at(-1);
    if (last && last[1] === hour) last[1] = hour + 1;
    else runs.push([hour, hour + 1]);
  }
  const pad = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return runs.map(([from, to]) => `${pad(from)}-${pad(to)}`).join('、');
}

/** The bookable window as of now: tomorrow … today + RESERVATION_MAX_DAYS_AHEAD (lab dates). */
export function reservationWindow(now: Date): { today: string; first: string; last: string } {
  const today = labNow(now).date;
  return { today, first: addDays(today, 1), last: addDays(today, RESERVATION_MAX_DAYS_AHEAD) };
}

/** 立即预约 takes no options: each option of the item is booked with its first choice (shown on the order line), a slot-priced one with the day's (bookingChoices). */
export function defaultChoices(item: Pick<PricedItem, 'options'>): Record<string, number> {
  const choices: Record<string, number> = {};
  for (const option of item.options as PricedOption[]) {
    const first = option.choices[0];
    if (first) choices[String(option.id)] = first.id;
  }
  return choices;
}

/** A published, reservable instrument by rid, or 404. */
export async function findReservableItem(db: DbOrTx, rid: string): Promise<PricedItem> {
  const item = (await itemsByRids(db, [rid])).get(rid);
  if (!item || !item.published) throw notFound('项目');
  if (!item.reservable && item.typeId !== 2) throw new AppError('NOT_FOUND', NOT_RESERVABLE_MESSAGE);
  return item;
}

/** A booking as a person sees it at `now`: an expired hold reads as released (reservation-core). */
export function toReservation(row: ReservationRow, item: ItemColumns, orderNo: string | null, now: Date, rule: CancelRule): Reservation {
  const status = reservationStatusAt(row, now);
  return {
    rid: row.rid,
    itemRid: item.rid,
    name: item.name,
    model: item.model,
    labLocation: item.labLocation,
    date: row.day,
    hours: row.hours,
    timeText: timeText(row.hours),
    status,
    statusText: reservationStatusLabels[status],
    amountFen: row.amountFen,
    orderNo,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    holdUntil: holdUntilAt(row, now)?.toISOString() ?? null,
    startsAt: bookingStart(row.day, row.hours).toISOString(),
    cancelUntil: status === 'booked' ? cancelUntilOf(row, rule).toISOString() : null,
  };
}

// ---- member: book, cancel, list ----

/**
 * reservation/add: one transaction writes the order, its line, the booked hours (409 when an
 * hour is held — and then nothing is written), the timeline event and the in-site message.
 */
export async function addReservation(db: Db, memberId: number, input: ReservationAddBody, now: Date): Promise<Reservation> {
  const problem = reservationDayProblem(input.date, now);
  if (problem) throw new AppError('RESERVATION_DAY', problem);
  const hours = normalizeHours(input.hours);
  const item = await findReservableItem(db, input.rid);
  const price = priceLine(item, bookingChoices(item, defaultChoices(item), input.date), hours.length);
  const text = timeText(hours);
  const note = input.note ?? '';

  return db.transaction(async (tx) => {
    const member = await memberContact(tx, memberId);
    if (!member) throw notFound('用户');
    const holdUntil = await holdForBooking(tx, memberId, [{ itemId: item.id, day: input.date, hours }], now);
    const order = await insertOrderRow(
      tx,
      {
        memberId,
        kind: 'reservation',
        organization: member.organization,
        title: `${item.name} ${input.date} ${text}`,
        lineCount: 1,
        sampleCount: 0,
        totalFen: price.amountFen,
        contact: member.name ?? member.nickname,
        phone: member.phone,
        remark: note,
        createdAt: now,
        updatedAt: now,
      },
      now,
    );
    await tx.insert(orderLines).values({
      rid: randomId(),
      orderId: order.id,
      itemId: item.id,
      name: item.name,
      img: item.img,
      typeId: item.typeId,
      groupId: item.groupId,
      unit: item.unit,
      count: hours.length,
      options: price.options,
      unitPriceFen: price.unitPriceFen,
      amountFen: price.amountFen,
      note,
      samples: [],
      sort: 0,
    });
    const booked = await bookSlots(tx, { memberId, itemId: item.id, day: input.date, hours, amountFen: price.amountFen, orderId: order.id, note, holdUntil, now });
    await addOrderEvent(tx, order.id, {
      status: 'submitted',
      title: '预约已提交',
      note: `${input.date} ${text}`,
      actor: { kind: 'member', id: memberId, name: member.name ?? member.nickname },
      now,
    });
    await postMessage(
      tx,
      memberId,
      {
        kind: 'reservation',
        title: `已预约${item.name}`,
        content: `您已预约「${item.name}」${input.date} ${text}（订单${order.orderNo}）${item.labLocation ? `，地点：${item.labLocation}` : ''}。请在${labMinute(holdUntil)}前完成支付，逾期未支付时段将自动释放；如需取消请在开始前按规定时间操作。`,
        link: '/member/reservation',
      },
      now,
    );
    return toReservation(booked, item, order.orderNo, now, await getJobSettings(tx));
  });
}

const alreadySettled: Record<Exclude<ReservationStatus, 'booked'>, string> = {
  cancelled: '该预约已取消',
  used: '该预约已使用，不能取消',
  released: '该预约未在保留时间内支付，时段已释放',
  no_show: '该预约已记为爽约，不能取消',
};

/**
 * reservation/cancel: the member's own booking (another member's → 404), before its day.
 * Its order is cancelled through cancel-core (refund if paid, hours freed), the order row
 * locked first and the reservation read again under that lock.
 */
export async function cancelReservation(db: Db, memberId: number, rid: string, now: Date): Promise<Reservation> {
  const [mine] = await db.select({ orderId: reservations.orderId }).from(reservations).where(and(eq(reservations.rid, rid), eq(reservations.memberId, memberId))).limit(1);
  // an expired hold is brought up to date first (committed), then reads as released below
  if (mine?.orderId) await db.transaction((tx) => releaseExpiredHolds(tx, now, { orderId: mine.orderId! }));
  return db.transaction(async (tx) => {
    const own = async (lock: boolean) => {
      const query = tx.select().from(reservations).where(and(eq(reservations.rid, rid), eq(reservations.memberId, memberId))).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      if (!row) throw notFound('预约');
      return row;
    };
    const first = await own(false);
    const [order] = first.orderId === null ? [] : await tx.select().from(orders).where(eq(orders.id, first.orderId)).limit(1).for('update');
    const current = await own(true);
    if (current.status !== 'booked') throw conflict(alreadySettled[current.status]);
    const rule = await getJobSettings(tx);
    if (cancelUntilOf(current, rule) <= now) throw new AppError('RESERVATION_STARTED', NOT_CANCELLABLE_MESSAGE(rule.bookingCancelHours));

    const member = await memberContact(tx, memberId);
    const actor = { kind: 'member' as const, id: memberId, name: member?.name ?? member?.nickname ?? '' };
    if (order) {
      if (order.progress === 'cancelled') {
        // the order was cancelled without freeing this booking (should not happen): free it now
        await tx.update(reservationSlots).set({ active: false }).where(eq(reservationSlots.reservationId, current.id));
        await tx.update(reservations).set({ status: 'cancelled', cancelledAt: now }).where(eq(reservations.id, current.id));
      } else {
        if (!MEMBER_CANCELLABLE.includes(order.progress)) {
          throw new AppError('ORDER_STATE', `订单当前为「${progressLabels[order.progress]}」，不能取消预约，请联系实验室`, { status: 409 });
        }
        if (order.kind !== 'reservation' && order.lineCount > 1) {
          throw new AppError('ORDER_STATE', `该预约随订单${order.orderNo}一起提交，请在订单中取消`, { status: 409 });
        }
        await cancelOrder(tx, order, actor, '会员取消预约', now);
      }
    } else {
      await tx.update(reservationSlots).set({ active: false }).where(eq(reservationSlots.reservationId, current.id));
      await tx.update(reservations).set({ status: 'cancelled', cancelledAt: now }).where(eq(reservations.id, current.id));
    }
    const after = await own(false);
    const item = (await itemsByIds(tx, [after.itemId])).get(after.itemId);
    return toReservation(after, item!, order?.orderNo ?? null, now, rule);
  });
}

/** reservation/list4person: the member's bookings, newest first, with their order number. */
export async function listReservations(
  db: DbOrTx,
  memberId: number,
  query: { page: number; pageSize: number; status?: ReservationStatus | undefined },
  now: Date,
): Promise<Page<Reservation>> {
  const where = and(eq(reservations.memberId, memberId), query.status ? eq(statusAt(now), query.status) : undefined);
  return paginate(
    query,
    (window) =>
      db
        .select({ reservation: reservations, orderNo: orders.orderNo })
        .from(reservations)
        .leftJoin(orders, eq(orders.id, reservations.orderId))
        .where(where)
        .orderBy(desc(reservations.createdAt), desc(reservations.id))
        .limit(window.limit)
        .offset(window.offset),
    () => db.$count(reservations, where),
    // the instruments of the page, in one query through the catalog's face
    async (rows) => {
      const [items, rule] = await Promise.all([
        itemsByIds(
          db,
          rows.map((row) => row.reservation.itemId),
        ),
        getJobSettings(db),
      ]);
      return rows.map((row) => toReservation(row.reservation, items.get(row.reservation.itemId)!, row.orderNo, now, rule));
    },
  );
}

/**
 * reservation/ics: the member's own booking as a calendar file — once it is firm (paid or
 * pay-after-test), as the confirmation says; a hold, a cancelled or a released booking has none.
 */
export async function reservationIcs(db: DbOrTx, memberId: number, rid: string, now: Date): Promise<{ text: string; name: string; day: string }> {
  const [row] = await db
    .select({ reservation: reservations, orderNo: orders.orderNo })
    .from(reservations)
    .leftJoin(orders, eq(orders.id, reservations.orderId))
    .where(and(eq(reservations.rid, rid), eq(reservations.memberId, memberId)))
    .limit(1);
  if (!row) throw notFound('预约');
  const r = row.reservation;
  const status = reservationStatusAt(r, now);
  if (status !== 'booked' && status !== 'used') throw conflict(`该预约${reservationStatusLabels[status]}，没有日历文件`);
  if (r.holdUntil !== null) throw conflict('预约支付后才能下载日历文件');
  const item = (await itemsByIds(db, [r.itemId])).get(r.itemId);
  if (!item) throw notFound('项目');
  const text = bookingIcs({ rid: r.rid, day: r.day, hours: r.hours, timeText: timeText(r.hours), name: item.name, model: item.model, labLocation: item.labLocation, orderNo: row.orderNo }, now);
  return { text, name: `仪器预约-${item.name}-${r.day}.ics`, day: r.day };
}
