import { and, eq, sql } from 'drizzle-orm';
import { WX_TICKET_SECONDS, type WxPollResult, type WxScanResult } from '@lab/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/crypto';
import { describeDevice, placeOfAddress } from '../../platform/client-info';
import { wxTickets } from './accounts.tables';
import {issueSession } from './sessions.service';
import type { RequestMeta } from '../../platform/caller';

/**
 * The local WeChat QR provider: the QR code opens this site's own confirm page, where a
 * member logged in on a phone confirms the desktop login. A real provider would swap the
 * ticket source for WeChat's API; the states stay the same.
 */
export async function createWxTicket(db: Db, meta: RequestMeta) {
  const ticket = randomToken();
  await db.insert(wxTickets).values({
    ticketHash: sha256(ticket),
    expiresAt: new Date(meta.now.getTime() + WX_TICKET_SECONDS * 1000),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: meta.now,
  });
  return { ticket, expire_seconds: WX_TICKET_SECONDS };
}

/** How long after expiry a confirmed ticket can still hand out its tokens. */
const CONFIRMED_GRACE_MS = 30_000;

const expiredTicket = () => new AppError('TICKET_EXPIRED', '二维码已过期，请刷新后重新扫描');

async function findLiveTicket(db: Db, ticket: string, now: Date) {
  const [row] = await db.select().from(wxTickets).where(eq(wxTickets.ticketHash, sha256(ticket))).limit(1);
  if (!row || row.status === 'consumed' || row.expiresAt <= now) throw expiredTicket();
  return row;
}

/**
 * The confirm page was opened on a phone: the desktop shows "扫描成功", and the phone is told
 * which device is asking — browser and system, address, rough place and time — so the member
 * approves only a login they recognise (a QR code forwarded by someone else is not theirs).
 */
export async function markWxTicketScanned(db: Db, ticket: string, now: Date): Promise<WxScanResult> {
  const row = await findLiveTicket(db, ticket, now);
  if (row.status === 'waiting') {
    await db.update(wxTickets).set({ status: 'scanned' }).where(and(eq(wxTickets.id, row.id), eq(wxTickets.status, 'waiting')));
  }
  return {
    status: row.status === 'confirmed' ? 'confirmed' : 'scanned',
    request: { device: describeDevice(row.userAgent), ip: row.ip, place: placeOfAddress(row.ip), requestedAt: row.createdAt.toISOString() },
  };
}

export async function confirmWxTicket(db: Db, ticket: string, memberId: number, now: Date) {
  const row = await findLiveTicket(db, ticket, now);
  const alreadyConfirmed = () => new AppError('CONFLICT', '该二维码已确认登录');
  if (row.status === 'confirmed') throw alreadyConfirmed();
  const claimed = await db
    .update(wxTickets)
    .set({ status: 'confirmed', memberId })
    .where(and(eq(wxTickets.id, row.id), sql`${wxTickets.status} in ('waiting','scanned')`))
    .returning({ id: wxTickets.id });
  // two phones confirming the same ticket at once: the first wins
  if (claimed.length === 0) throw alreadyConfirmed();
}

/**
 * The desktop's once-a-second poll. A confirmed ticket is consumed by the one poll that
 * flips it, which receives the tokens; any later poll sees it as expired.
 */
export async function pollWxTicket(db: Db, ticket: string, meta: RequestMeta): Promise<WxPollResult> {
  const [row] = await db.select().from(wxTickets).where(eq(wxTickets.ticketHash, sha256(ticket))).limit(1);
  // A ticket confirmed just before it ran out may still be collected for a short grace.
  const deadline = row ? row.expiresAt.getTime() + (row.status === 'confirmed' ? CONFIRMED_GRACE_MS : 0) : 0;
  if (!row || row.status === 'consumed' || deadline <= meta.now.getTime()) {
    return { status: 'expired' };
  }
  // scanned in WeChat by someone with no member bound: the desktop asks for the phone (wx-mp.service.ts)
  if (row.status !== 'confirmed' || row.memberId === null) return { status: row.status === 'scanned' && row.openid ? 'bind' : row.status };
  const memberId = row.memberId;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(wxTickets)
      .set({ status: 'consumed' })
      .where(and(eq(wxTickets.id, row.id), eq(wxTickets.status, 'confirmed')))
      .returning({ id: wxTickets.id });
    if (claimed.length === 0) return { status: 'expired' as const };
    const login = await issueSession(tx, 'member', memberId, meta);
    return { status: 'confirmed' as const, login };
  });
}
