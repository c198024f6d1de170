import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CommunityDetail, CommunitySummary, MembershipStatus, Page } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { AppError, conflict } from '../../platform/errors';
import { namedMembers } from '../accounts';
import { findCommunity, listCommunityMembers, lockCommunity, membershipOf, summaries, summaryOf } from './community-core';
import { communities, communityMembers } from './member.tables';

/**
 * 科研团体 as members see them (cluster/info, search, apply, joined, all). What the owner does is
 * communities.service.ts.
 */

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** cluster/info: everyone sees the community; its owner also sees members and applications. */
export async function getCommunity(db: DbOrTx, memberId: number, rid: string): Promise<CommunityDetail> {
  const community = await findCommunity(db, rid);
  const summary = await summaryOf(db, community, memberId);
  return { ...summary, members: community.ownerMemberId === memberId ? await listCommunityMembers(db, community.id) : null };
}

/**
 * cluster/search: active communities the lab approved, by name, unit or the owner (as accounts'
 * `namedMembers` names members: name, nickname, unit, or the beginning of a phone number).
 */
export async function searchCommunities(db: DbOrTx, memberId: number, query: { keyword?: string | undefined; page: number; pageSize: number }): Promise<Page<CommunitySummary>> {
  const conditions: SQL[] = [eq(communities.status, 'active'), eq(communities.reviewStatus, 'approved')];
  if (query.keyword) {
    const like = likePattern(query.keyword);
    const owners = (await namedMembers(db, query.keyword)).in(communities.ownerMemberId);
    conditions.push(or(ilike(communities.name, like), ilike(communities.unit, like), owners)!);
  }
  const where = and(...conditions);
  return paginate(
    query,
    (w) =>
      db
        .select({ community: communities })
        .from(communities)
        .where(where)
        .orderBy(desc(communities.createdAt), desc(communities.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [total] = await db.select({ n: count() }).from(communities).where(where);
      return total?.n ?? 0;
    },
    (rows) => summaries(db, rows.map((r) => r.community), memberId),
  );
}

export const COMMUNITY_NOT_REVIEWED = '该团体尚未通过平台审核，暂不能申请加入';

/** cluster/apply: a pending application to an approved community; a refused or removed member may apply again. */
export async function applyToCommunity(db: Db, memberId: number, rid: string, message: string | undefined, now: Date): Promise<CommunitySummary> {
  const community = await findCommunity(db, rid);
  if (community.reviewStatus !== 'approved') throw new AppError('COMMUNITY_NOT_REVIEWED', COMMUNITY_NOT_REVIEWED, { status: 409 });
  await db.transaction(async (tx) => {
    await lockCommunity(tx, community.id);
    const existing = await membershipOf(tx, community.id, memberId);
    if (existing?.status === 'approved') throw conflict('您已是该团体成员');
    if (existing?.status === 'pending') throw conflict('已提交申请，请等待团体负责人审核');
    if (existing) {
      await tx
        .update(communityMembers)
        .set({ status: 'pending', role: 'member', message: message ?? '', appliedAt: now, decidedAt: null, decidedBy: null })
        .where(eq(communityMembers.id, existing.id));
    } else {
      await tx.insert(communityMembers).values({ communityId: community.id, memberId, message: message ?? '', appliedAt: now });
    }
  });
  return summaryOf(db, community, memberId);
}

/** cluster/joined: my memberships of communities I do not own, any status. */
export async function listJoined(db: DbOrTx, memberId: number, query: { status?: MembershipStatus | undefined; page: number; pageSize: number }): Promise<Page<CommunitySummary>> {
  const conditions: SQL[] = [eq(communityMembers.memberId, memberId), eq(communityMembers.role, 'member'), eq(communities.status, 'active')];
  if (query.status) conditions.push(eq(communityMembers.status, query.status));
  const where = and(...conditions);
  return paginate(
    query,
    (w) =>
      db
        .select({ community: communities })
        .from(communityMembers)
        .innerJoin(communities, eq(communities.id, communityMembers.communityId))
        .where(where)
        .orderBy(desc(communityMembers.appliedAt), desc(communityMembers.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [total] = await db.select({ n: count() }).from(communityMembers).innerJoin(communities, eq(communities.id, communityMembers.communityId)).where(where);
      return total?.n ?? 0;
    },
    (rows) => summaries(db, rows.map((r) => r.community), memberId),
  );
}

/**
 * cluster/all: every community I own or am an approved member of, owned first — the
 * management list, and the choice of who pays when ordering (the ordering issue).
 */
export async function listMyCommunities(db: DbOrTx, memberId: number): Promise<CommunitySummary[]> {
  const rows = await db
    .select({ community: communities })
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .where(and(eq(communityMembers.memberId, memberId), eq(communityMembers.status, 'approved'), eq(communities.status, 'active')))
    .orderBy(sql`case when ${communities.ownerMemberId} = ${memberId} then 0 else 1 end`, desc(communities.createdAt), desc(communities.id));
  return summaries(db, rows.map((r) => r.community), memberId);
}

/** for tests and later issues: an approved membership, or an AppError */
export async function assertApprovedMember(db: DbOrTx, communityId: number, memberId: number): Promise<void> {
  const membership = await membershipOf(db, communityId, memberId);
  if (membership?.status !== 'approved') throw new AppError('FORBIDDEN', '您不是该团体的成员');
}
