import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { membershipStatusLabels, type CommunityMember, type CommunityRole, type CommunitySummary } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import { memberByRid, memberContacts } from '../accounts';
import { communities, communityMembers } from './member.tables';

/**
 * What every community use case shares: finding a community (and checking its owner), the
 * membership lock, a member's membership, and how a community and its members are shown.
 * Members' names come from accounts' face, by id, one query per page.
 */

export type CommunityRow = typeof communities.$inferSelect;
type MembershipRow = typeof communityMembers.$inferSelect;

export const OWNER_ONLY = '只有团体负责人可以进行此操作';
export const displayName = (m: { name: string | null; nickname: string }) => m.name || m.nickname;

/** An active community by rid; a dissolved or unknown one reads as not found. */
export async function findCommunity(db: DbOrTx, rid: string): Promise<CommunityRow> {
  const [row] = await db
    .select()
    .from(communities)
    .where(and(eq(communities.rid, rid), eq(communities.status, 'active')))
    .limit(1);
  if (!row) throw notFound('科研团体');
  return row;
}

/**
 * The active community `rid` for an action only its owner may take (managing it, paying or
 * topping up on its behalf): 404 科研团体 when it is unknown or dissolved, 403
 * 只有团体负责人可以进行此操作 when `memberId` is not its owner. The row as stored.
 */
export async function findOwnedCommunity(db: DbOrTx, memberId: number, rid: string): Promise<CommunityRow> {
  const community = await findCommunity(db, rid);
  if (community.ownerMemberId !== memberId) throw forbidden(OWNER_ONLY);
  return community;
}

/** Serialises membership changes of one community (transfer, add, remove, decide). */
export async function lockCommunity(tx: DbOrTx, communityId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`community:${communityId}`}))`);
}

/** A member by rid (accounts), or 404 用户. */
export async function findMemberByRid(db: DbOrTx, rid: string) {
  const row = await memberByRid(db, rid);
  if (!row) throw notFound('用户');
  return row;
}

export async function membershipOf(db: DbOrTx, communityId: number, memberId: number): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.memberId, memberId)))
    .limit(1);
  return row;
}

export async function summaries(db: DbOrTx, rows: CommunityRow[], viewerId: number): Promise<CommunitySummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const ownerIds = [...new Set(rows.map((r) => r.ownerMemberId))];
  const [counts, owners, mine] = await Promise.all([
    db
      .select({ communityId: communityMembers.communityId, n: count() })
      .from(communityMembers)
      .where(and(inArray(communityMembers.communityId, ids), eq(communityMembers.status, 'approved')))
      .groupBy(communityMembers.communityId),
    memberContacts(db, ownerIds),
    db
      .select({ communityId: communityMembers.communityId, role: communityMembers.role, status: communityMembers.status })
      .from(communityMembers)
      .where(and(inArray(communityMembers.communityId, ids), eq(communityMembers.memberId, viewerId))),
  ]);
  const countOf = new Map(counts.map((c) => [c.communityId, c.n]));
  const ownerOf = new Map([...owners].map(([id, o]) => [id, displayName(o)]));
  const mineOf = new Map(mine.map((m) => [m.communityId, m]));
  return rows.map((row) => {
    const my = mineOf.get(row.id);
    return {
      rid: row.rid,
      name: row.name,
      unit: row.unit,
      description: row.description,
      owner: { name: ownerOf.get(row.ownerMemberId) ?? '' },
      memberCount: countOf.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      myRole: my?.status === 'approved' ? (my.role as CommunityRole) : null,
      myStatus: my?.status ?? null,
      reviewStatus: row.reviewStatus,
      // the lab's reason is for the owner, not for everyone who finds the community
      reviewNote: row.ownerMemberId === viewerId ? row.reviewNote : null,
    };
  });
}

export const summaryOf = async (db: DbOrTx, row: CommunityRow, viewerId: number) => (await summaries(db, [row], viewerId))[0]!;

/** The owner's view of the members: the owner, then applications, then members by when they applied. */
export async function listCommunityMembers(db: DbOrTx, communityId: number): Promise<CommunityMember[]> {
  const rows = await db
    .select()
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), inArray(communityMembers.status, ['pending', 'approved'])))
    .orderBy(sql`case when ${communityMembers.role} = 'owner' then 0 when ${communityMembers.status} = 'pending' then 1 else 2 end`, asc(communityMembers.appliedAt), asc(communityMembers.id));
  const people = await memberContacts(db, rows.map((m) => m.memberId));
  return rows.flatMap((m) => {
    const member = people.get(m.memberId);
    if (!member) return [];
    return [
      {
        member_rid: member.rid,
        name: displayName(member),
        phone: member.phone,
        company: member.company,
        role: m.role,
        status: m.status,
        statusText: membershipStatusLabels[m.status],
        message: m.message,
        appliedAt: m.appliedAt.toISOString(),
        decidedAt: m.decidedAt?.toISOString() ?? null,
      },
    ];
  });
}
