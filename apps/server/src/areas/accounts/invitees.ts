import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageWindow } from '../../db/paginate';
import type { DbOrTx } from '../../db/client';
import { members } from './accounts.tables';

/**
 * Who invited whom, as the growth area reads it (invites, partners, rebates): a member's own
 * invite code and inviter, and the members they invited — by id, never a join on the members table.
 */

/** A member's invite code, inviter, organisation type and how many members they invited, or null. */
export async function memberInvite(db: DbOrTx, memberId: number) {
  const invited = alias(members, 'invited');
  const [row] = await db
    .select({
      id: members.id,
      inviteCode: members.inviteCode,
      inviterId: members.inviterId,
      organization: members.organization,
      invitedCount: sql<number>`(${db.select({ n: count() }).from(invited).where(eq(invited.inviterId, members.id))})`.mapWith(Number),
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row ?? null;
}

/** The members this member invited, newest first (one page of them, or the one with this rid). */
export async function invitedMembers(db: DbOrTx, inviterId: number, window: PageWindow & { rid?: string }) {
  return db
    .select({ id: members.id, rid: members.rid, nickname: members.nickname, phone: members.phone, createdAt: members.createdAt })
    .from(members)
    .where(and(eq(members.inviterId, inviterId), window.rid === undefined ? undefined : eq(members.rid, window.rid)))
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(window.limit)
    .offset(window.offset);
}
