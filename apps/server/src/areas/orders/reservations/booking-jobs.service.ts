import { and, asc, between, eq, gte, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { addDays, labDay } from '@lab/contract';
import type { Db } from '../../../db/client';
import { itemsByIds } from '../../catalog';
import { postMessage, sendNotice, type NoticeChannels } from '../../messages';
import { addOrderEvent } from '../order-core';
import { orders, reservations } from '../orders.tables';
import { sentReminders } from '../desk/desk.tables';
import type { EmailAttachment } from '../../../platform/messaging';
import { bookingIcs, bookingStart } from './booking-times';
import { timeText } from './reservations.service';
import { reservationSlots } from './reservations.tables';
import { sweepWaits } from './waits.service';

/**
 * The bookings job (jobs.ts `bookings`, every minute), each step once per booking whatever runs
 * it twice or on two instances at once:
 * - a booking that no longer is a hold (paid, pay-after-test) and still to come: a confirmation
 *   (in-site, SMS, e-mail with its calendar file attached, the .ics that reservation/ics downloads);
 * - a reminder the day before (from 24 hours before the start) and one an hour before;
 * - a booking the lab had not started (its order not yet received) 30 minutes after its first
 *   hour: marked 爽约 (booking-rules.ts counts them), its remaining hours freed, the member told;
 * - the wait list's hand-over (waits.service.ts sweepWaits).
 * A message is claimed by its `sent_reminders` row (`booking:<step>:<id>`) in the transaction
 * that posts it, so a second run finds the key taken and sends nothing; the no-show is an
 * update of a row still booked.
 */

const HOUR_MS = 3600_000;
export const NO_SHOW_AFTER_MINUTES = 30;
/** the order progresses at which the lab has not started a booking yet */
const NOT_STARTED = ['submitted', 'awaiting_sample'] as const;

type Step = 'confirm' | 'day' | 'hour';
const claimKey = (step: Step, id: number) => `booking:${step}:${id}`;

export interface BookingJobsOutcome {
  confirmed: string[];
  dayReminders: string[];
  hourReminders: string[];
  noShows: string[];
  offered: string[];
}

const systemActor = { kind: 'system' as const, id: null, name: '系统' };

export async function runBookingJobs(db: Db, channels: NoticeChannels, now: Date): Promise<BookingJobsOutcome> {
  const outcome: BookingJobsOutcome = { confirmed: [], dayReminders: [], hourReminders: [], noShows: [], offered: [] };
  const today = labDay(now);
  // paid (or pay-after-test) bookings of today and tomorrow, and confirmations of later ones, in one read
  const firm = and(eq(reservations.status, 'booked'), isNull(reservations.holdUntil));
  const unconfirmed = notExists(db.select({ key: sentReminders.key }).from(sentReminders).where(eq(sentReminders.key, sql`'booking:confirm:' || ${reservations.id}`)));
  const rows = await db
    .select({ reservation: reservations, orderNo: orders.orderNo })
    .from(reservations)
    .leftJoin(orders, eq(orders.id, reservations.orderId))
    .where(and(firm, gte(reservations.day, today), or(lte(reservations.day, addDays(today, 1)), unconfirmed)))
    .orderBy(asc(reservations.day), asc(reservations.id))
    .limit(500);
  const items = await itemsByIds(
    db,
    rows.map((r) => r.reservation.itemId),
  );

  for (const { reservation: r, orderNo } of rows) {
    const start = bookingStart(r.day, r.hours);
    if (start <= now) continue;
    const item = items.get(r.itemId);
    const name = item?.name ?? '仪器';
    const time = `${r.day} ${String(Math.min(...r.hours)).padStart(2, '0')}:00`;
    const where = item?.labLocation ? `，地点：${item.labLocation}` : '';
    // the confirmation's e-mail carries the booking's calendar file (the one 我的预约 downloads)
    const calendar = (): EmailAttachment[] =>
      item
        ? [
            {
              filename: `booking-${r.day}.ics`,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: bookingIcs({ rid: r.rid, day: r.day, hours: r.hours, timeText: timeText(r.hours), name: item.name, model: item.model, labLocation: item.labLocation, orderNo }, now),
            },
          ]
        : [];
    const steps: { step: Step; due: boolean; title: string; text: string; template: string; list: string[]; attachments?: () => EmailAttachment[] }[] = [
      {
        step: 'confirm',
        due: true,
        title: `预约已确认：${name}`,
        text: `您预约的「${name}」${time} 开始（北京时间）已确认${orderNo ? `（订单${orderNo}）` : ''}${where}。可在「我的预约」下载日历文件（.ics）加入日历；开始后${NO_SHOW_AFTER_MINUTES}分钟未上机将记为爽约。`,
        template: 'booking_confirmed',
        list: outcome.confirmed,
        attachments: calendar,
      },
      {
        step: 'day',
        due: now.getTime() >= start.getTime() - 24 * HOUR_MS && now.getTime() < start.getTime() - HOUR_MS,
        title: `明天上机提醒：${name}`,
        text: `提醒：您预约的「${name}」将于${time} 开始${where}，请按时到实验室上机。`,
        template: 'booking_reminder',
        list: outcome.dayReminders,
      },
      {
        step: 'hour',
        due: now.getTime() >= start.getTime() - HOUR_MS,
        title: `一小时后上机：${name}`,
        text: `提醒：您预约的「${name}」将于${time} 开始${where}，还有不到一小时，请按时到实验室。`,
        template: 'booking_reminder',
        list: outcome.hourReminders,
      },
    ];
    for (const s of steps) {
      if (!s.due) continue;
      const sent = await db.transaction(async (tx) => {
        const claimed = await tx.insert(sentReminders).values({ key: claimKey(s.step, r.id), kind: 'booking', createdAt: now }).onConflictDoNothing().returning({ key: sentReminders.key });
        if (claimed.length === 0) return false;
        await postMessage(tx, r.memberId, { kind: 'reservation', title: s.title, content: s.text, link: '/member/reservation' }, now);
        await sendNotice(tx, channels, r.memberId, { template: s.template, params: { name, date: r.day, time: time.slice(11) }, subject: s.title, body: s.text, ...(s.attachments ? { attachments: s.attachments() } : {}) });
        return true;
      });
      if (sent) s.list.push(r.rid);
    }
  }

  outcome.noShows = await markNoShows(db, now);
  outcome.offered = await sweepWaits(db, channels, now);
  return outcome;
}

/** Firm bookings of yesterday and today whose first hour began 30 minutes ago and whose order the lab has not received. */
async function markNoShows(db: Db, now: Date): Promise<string[]> {
  const today = labDay(now);
  const candidates = await db
    .select({ id: reservations.id, orderId: reservations.orderId, day: reservations.day, hours: reservations.hours })
    .from(reservations)
    .leftJoin(orders, eq(orders.id, reservations.orderId))
    .where(
      and(
        eq(reservations.status, 'booked'),
        isNull(reservations.holdUntil),
        between(reservations.day, addDays(today, -1), today),
        or(isNull(reservations.orderId), inArray(orders.progress, [...NOT_STARTED])),
      ),
    )
    .orderBy(asc(reservations.id));
  const marked: string[] = [];
  for (const c of candidates) {
    if (bookingStart(c.day, c.hours).getTime() + NO_SHOW_AFTER_MINUTES * 60_000 > now.getTime()) continue;
    const rid = await db.transaction(async (tx) => {
      // the order first (as paying and receiving lock it): a lab that received it meanwhile means no no-show
      const [order] = c.orderId === null ? [] : await tx.select({ progress: orders.progress }).from(orders).where(eq(orders.id, c.orderId)).for('update');
      if (order && !(NOT_STARTED as readonly string[]).includes(order.progress)) return null;
      const [row] = await tx
        .update(reservations)
        .set({ status: 'no_show', noShowAt: now })
        .where(and(eq(reservations.id, c.id), eq(reservations.status, 'booked'), isNull(reservations.holdUntil)))
        .returning();
      if (!row) return null;
      await tx.update(reservationSlots).set({ active: false }).where(eq(reservationSlots.reservationId, row.id));
      const item = (await itemsByIds(tx, [row.itemId])).get(row.itemId);
      const text = `您预约的「${item?.name ?? '仪器'}」${row.day} ${String(Math.min(...row.hours)).padStart(2, '0')}:00 开始，${NO_SHOW_AFTER_MINUTES}分钟内未上机，已记为爽约。多次爽约将暂停预约，如有疑问请联系实验室。`;
      if (row.orderId !== null && order) await addOrderEvent(tx, row.orderId, { status: order.progress, title: '会员爽约', note: text, actor: systemActor, now });
      await postMessage(tx, row.memberId, { kind: 'reservation', title: '预约已记为爽约', content: text, link: '/member/reservation' }, now);
      return row.rid;
    });
    if (rid) marked.push(rid);
  }
  return marked;
}
