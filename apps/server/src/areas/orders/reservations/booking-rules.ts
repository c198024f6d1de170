import { and, desc, eq, gt, isNotNull, max, sql } from 'drizzle-orm';
import { noShowBlockMessage, type BookingBlock, type JobSettings } from '@lab/contract';
import type { DbOrTx } from '../../../db/client';
import { AppError, notFound } from '../../../platform/errors';
import { auditEntity } from '../../../platform/audit';
import { getJobSettings } from '../../../platform/job-settings';
import { memberByRid, memberContacts } from '../../accounts';
import { reservations } from '../orders.tables';
import { bookingLifts } from './reservations.tables';

/**
 * No-shows (爽约): a paid booking the lab had not started 30 minutes after its first hour is
 * marked by the bookings job (reservation-jobs.service.ts). 任务设置's noShowLimit of them within
 * noShowDays block the member's bookings until staff lift it; a lift is a row of booking_lifts,
 * and no-shows before the latest lift no longer count. Nothing is stored as "blocked": the
 * block is the count, so it also ends by itself once old no-shows leave the window.
 */

const DAY_MS = 24 * 3600_000;

/** No-shows that count at `now`: inside the window and after the member's latest lift. */
function countedNoShows(settings: Pick<JobSettings, 'noShowDays'>, now: Date) {
  const since = new Date(now.getTime() - settings.noShowDays * DAY_MS);
  const lastLift = sql`coalesce((select max(${bookingLifts.liftedAt}) from ${bookingLifts} where ${bookingLifts.memberId} = ${reservations.memberId}), '-infinity'::timestamptz)`;
  return and(isNotNull(reservations.noShowAt), gt(reservations.noShowAt, since), sql`${reservations.noShowAt} > ${lastLift}`)!;
}

/** Before booking (holdForBooking): a member with too many no-shows is refused, nothing written. */
export async function assertMayBook(db: DbOrTx, memberId: number, now: Date): Promise<void> {
  const settings = await getJobSettings(db);
  const noShows = await db.$count(reservations, and(eq(reservations.memberId, memberId), countedNoShows(settings, now)));
  if (noShows >= settings.noShowLimit) throw new AppError('NO_SHOW_BLOCKED', noShowBlockMessage(settings.noShowDays, noShows), { status: 403 });
}

/** Staff: the members blocked now, the latest no-show first. */
export async function listBookingBlocks(db: DbOrTx, now: Date): Promise<BookingBlock[]> {
  const settings = await getJobSettings(db);
  const rows = await db
    .select({ memberId: reservations.memberId, noShows: sql<number>`count(*)::int`, last: max(reservations.noShowAt) })
    .from(reservations)
    .where(countedNoShows(settings, now))
    .groupBy(reservations.memberId)
    .having(sql`count(*) >= ${settings.noShowLimit}`)
    .orderBy(desc(max(reservations.noShowAt)))
    .limit(500);
  const people = await memberContacts(
    db,
    rows.map((r) => r.memberId),
  );
  return rows.flatMap((row) => {
    const member = people.get(row.memberId);
    if (!member || !row.last) return [];
    return [{ member: { rid: member.rid, name: member.name ?? member.nickname, phone: member.phone }, noShows: row.noShows, lastNoShowAt: row.last.toISOString() }];
  });
}

/** Staff: 解除爽约限制 — the member's no-shows so far stop counting (audited as reservations.lift). */
export async function liftBookingBlock(db: DbOrTx, staffId: number, input: { member_rid: string; reason: string }, now: Date): Promise<{ memberRid: string }> {
  const member = await memberByRid(db, input.member_rid);
  if (!member) throw notFound('会员');
  await db.insert(bookingLifts).values({ memberId: member.id, liftedAt: now, staffId, reason: input.reason });
  return { memberRid: member.rid };
}

/** The audit's view of a member's booking standing: the latest lift. */
export const bookingLiftAudit = auditEntity<string>('booking_lifts', async (db, memberRid) => {
  const member = await memberByRid(db, memberRid);
  if (!member) return null;
  const [lift] = await db.select().from(bookingLifts).where(eq(bookingLifts.memberId, member.id)).orderBy(desc(bookingLifts.liftedAt)).limit(1);
  return { memberRid, lastLift: lift ? { at: lift.liftedAt.toISOString(), reason: lift.reason, staffId: lift.staffId } : null };
});
