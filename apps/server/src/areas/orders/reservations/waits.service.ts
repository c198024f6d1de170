import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { RESERVATION_HOURS, WAIT_FREE_SLOT_MESSAGE, labDay, labMinute, waitStatusLabels, type Wait } from '@lab/contract';
import type { Db, DbOrTx } from '../../../db/client';
import { randomId } from '../../../platform/crypto';
import { AppError, conflict, notFound } from '../../../platform/errors';
import { getJobSettings } from '../../../platform/job-settings';
import { isUniqueViolation } from '../../../db/errors';
import { itemsByIds } from '../../catalog';
import { postMessage, sendNotice, type NoticeChannels } from '../../messages';
import { reservations } from '../orders.tables';
import { liveBooking, reservationDayProblem } from '../reservation-core';
import { bookingStart } from './booking-times';
import { reservationSlots, reservationWaits } from './reservations.tables';
import { liveOffer, lockDay, openWaits as open } from './wait-guard';

/**
 * The wait list of a taken hour (reservation/wait/*, 0051). A member joins for one hour of an
 * instrument that someone else holds (a free hour is booked, not waited for). When it frees, the
 * bookings job (sweepWaits) offers it to the first one waiting — in-site message and SMS — and
 * holds it for them for 任务设置's minutes; past that the offer expires and the next one is
 * offered. While anyone waits for an hour, only the member it is offered to may book it
 * (guardWaitList, inside the booking). Each of these locks the day's wait rows of the instrument
 * first (ordered by id), so a hand-over, an expiry and a booking of the hour run one after
 * another: of two members racing for it exactly one gets it.
 */

type WaitRow = typeof reservationWaits.$inferSelect;
const MINUTE_MS = 60_000;
const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const hourText = (hour: number) => `${pad(hour)}-${pad(hour + 1)}`;

/** The hours of the day some live booking holds. */
async function heldHours(tx: DbOrTx, itemId: number, day: string, now: Date): Promise<Map<number, number>> {
  const rows = await tx
    .select({ hour: reservationSlots.hour, memberId: reservations.memberId })
    .from(reservationSlots)
    .innerJoin(reservations, eq(reservations.id, reservationSlots.reservationId))
    .where(and(eq(reservationSlots.itemId, itemId), eq(reservationSlots.day, day), eq(reservationSlots.active, true), liveBooking(now)));
  return new Map(rows.map((r) => [r.hour, r.memberId]));
}

async function toWaits(db: DbOrTx, rows: WaitRow[], now: Date): Promise<Wait[]> {
  if (rows.length === 0) return [];
  const items = await itemsByIds(
    db,
    rows.map((r) => r.itemId),
  );
  // places in line: one statement for all the rows' hours
  const ahead = await db
    .select({ id: reservationWaits.id, place: sql<number>`row_number() over (partition by ${reservationWaits.itemId}, ${reservationWaits.day}, ${reservationWaits.hour} order by ${reservationWaits.id})::int` })
    .from(reservationWaits)
    .where(and(inArray(reservationWaits.status, [...open]), inArray(reservationWaits.itemId, [...new Set(rows.map((r) => r.itemId))]), gte(reservationWaits.day, labDay(now))));
  const places = new Map(ahead.map((a) => [a.id, a.place]));
  return rows.map((row) => {
    const item = items.get(row.itemId);
    return {
      rid: row.rid,
      itemRid: item?.rid ?? '',
      name: item?.name ?? '',
      date: row.day,
      hour: row.hour,
      timeText: hourText(row.hour),
      status: row.status,
      statusText: waitStatusLabels[row.status],
      position: row.status === 'waiting' ? (places.get(row.id) ?? null) : null,
      offerUntil: liveOffer(row, now) ? row.offerUntil!.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** reservation/wait/join: only for an hour someone else holds (or that is held for those already waiting). */
export async function joinWait(db: Db, memberId: number, input: { itemId: number; date: string; hour: number }, now: Date): Promise<Wait> {
  const problem = reservationDayProblem(input.date, now);
  if (problem) throw new AppError('RESERVATION_DAY', problem);
  if (!(RESERVATION_HOURS as readonly number[]).includes(input.hour)) throw new AppError('HOURS_INVALID', '所选时段不在开放时间内');
  const row = await db.transaction(async (tx) => {
    const waiting = await lockDay(tx, input.itemId, input.date, [input.hour]);
    const holder = (await heldHours(tx, input.itemId, input.date, now)).get(input.hour);
    if (holder === memberId) throw conflict('您已预约该时段');
    if (holder === undefined && waiting.length === 0) throw new AppError('WAIT_FREE', WAIT_FREE_SLOT_MESSAGE);
    if (waiting.some((w) => w.memberId === memberId)) throw conflict('您已在该时段的候补中');
    try {
      const [inserted] = await tx.insert(reservationWaits).values({ rid: randomId(), memberId, itemId: input.itemId, day: input.date, hour: input.hour, createdAt: now }).returning();
      return inserted!;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('您已在该时段的候补中');
      throw error;
    }
  });
  return (await toWaits(db, [row], now))[0]!;
}

/** reservation/wait/leave: the member's own waiting or offered row (an offer given back goes to the next one). */
export async function leaveWait(db: Db, memberId: number, rid: string, now: Date): Promise<Wait> {
  const row = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(reservationWaits).where(and(eq(reservationWaits.rid, rid), eq(reservationWaits.memberId, memberId))).limit(1);
    if (!found) throw notFound('候补');
    const [locked] = (await lockDay(tx, found.itemId, found.day, [found.hour])).filter((r) => r.id === found.id);
    if (!locked) throw conflict(`该候补已${waitStatusLabels[found.status].replace(/^已/, '')}`);
    const [left] = await tx.update(reservationWaits).set({ status: 'left', closedAt: now }).where(eq(reservationWaits.id, found.id)).returning();
    return left!;
  });
  return (await toWaits(db, [row], now))[0]!;
}

/** reservation/wait/list: the member's open waits from today on, the soonest first. */
export async function listWaits(db: DbOrTx, memberId: number, now: Date): Promise<Wait[]> {
  const rows = await db
    .select()
    .from(reservationWaits)
    .where(and(eq(reservationWaits.memberId, memberId), inArray(reservationWaits.status, [...open]), gte(reservationWaits.day, labDay(now))))
    .orderBy(asc(reservationWaits.day), asc(reservationWaits.hour))
    .limit(100);
  return toWaits(db, rows, now);
}

/**
 * The bookings job's hand-over: on each instrument-day with open waits, offers past their time
 * expire (and waits for hours already begun close), then each free hour with no live offer goes
 * to its first member waiting, held for 任务设置's minutes (never past the hour's start).
 * Returns the rids of the waits offered.
 */
export async function sweepWaits(db: Db, channels: NoticeChannels, now: Date): Promise<string[]> {
  const settings = await getJobSettings(db);
  const days = await db
    .selectDistinct({ itemId: reservationWaits.itemId, day: reservationWaits.day })
    .from(reservationWaits)
    .where(and(inArray(reservationWaits.status, [...open]), gte(reservationWaits.day, labDay(now))))
    .orderBy(asc(reservationWaits.itemId), asc(reservationWaits.day));
  // waits of days gone by close without a word
  await db
    .update(reservationWaits)
    .set({ status: 'expired', closedAt: now })
    .where(and(inArray(reservationWaits.status, [...open]), lte(reservationWaits.day, sql`${labDay(now)}::date - 1`)));
  const offered: string[] = [];
  for (const { itemId, day } of days) {
    const given = await db.transaction(async (tx) => {
      const rows = await lockDay(tx, itemId, day);
      const lapsed = rows.filter((r) => (r.status === 'offered' && !liveOffer(r, now)) || bookingStart(day, [r.hour]) <= now).map((r) => r.id);
      if (lapsed.length) await tx.update(reservationWaits).set({ status: 'expired', closedAt: now }).where(inArray(reservationWaits.id, lapsed));
      const openRows = rows.filter((r) => !lapsed.includes(r.id));
      const held = await heldHours(tx, itemId, day, now);
      const out: WaitRow[] = [];
      for (const hour of new Set(openRows.map((r) => r.hour))) {
        const ofHour = openRows.filter((r) => r.hour === hour);
        if (held.has(hour) || ofHour.some((r) => liveOffer(r, now))) continue;
        const first = ofHour.find((r) => r.status === 'waiting');
        if (!first) continue;
        const until = new Date(Math.min(now.getTime() + settings.waitOfferMinutes * MINUTE_MS, bookingStart(day, [hour]).getTime()));
        const [row] = await tx.update(reservationWaits).set({ status: 'offered', offeredAt: now, offerUntil: until }).where(eq(reservationWaits.id, first.id)).returning();
        out.push(row!);
      }
      if (out.length === 0) return [];
      const item = (await itemsByIds(tx, [itemId])).get(itemId);
      for (const row of out) {
        const name = item?.name ?? '仪器';
        const text = `您候补的「${name}」${day} ${hourText(row.hour)}已空出，已为您保留至${labMinute(row.offerUntil!)}，请在此前完成预约，逾期将顺延给下一位候补会员。`;
        await postMessage(tx, row.memberId, { kind: 'reservation', title: `候补时段已空出：${name}`, content: text, link: item ? `/detail/${item.rid}` : '/member/reservation' }, now);
        await sendNotice(tx, channels, row.memberId, { template: 'wait_offer', params: { name, date: day, time: hourText(row.hour), until: labMinute(row.offerUntil!) }, subject: '候补时段已空出', body: text });
      }
      return out.map((r) => r.rid);
    });
    offered.push(...given);
  }
  return offered;
}
