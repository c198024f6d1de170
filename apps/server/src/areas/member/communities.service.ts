import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  COMMUNITY_TEACHER_ONLY_MESSAGE,
  membershipStatusLabels,
  Organization,
  type CommunityAddBody,
  type CommunityDetail,
  type CommunityEditBody,
  type CommunityMember,
  type CommunityRole,
  type CommunitySummary,
  type CommunityUserHit,
  type MembershipStatus,
  type Page,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { members } from '../accounts/accounts.tables';
import { isUniqueViolation } from '../../db/errors';
import { communities, communityMembers } from './member.tables';
import { COMMUNITY_HAS_FUNDS, lockedBalance } from '../funds';

type CommunityRow = typeof communities.$inferSelect;
type MembershipRow = typeof communityMembers.$inferSelect;

const OWNER_ONLY = '只有团体负责人可以进行此操作';
const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
const displayName = (m: { name: string | null; nickname: string }) => m.name || m.nickname;
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An active community by rid; a dissolved or unknown one reads as not found. */
async function findCommunity(db: DbOrTx, rid: string): Promise<CommunityRow> {
  const [row] = await db
    .select()
    .from(communities)
    .where(and(eq(communities.rid, rid), eq(communities.status, 'active')))
    .limit(1);
  if (!row) throw notFound('科研团体');
  return row;
}

/** The community, for an action only its owner may take: others hear 403. */
async function findOwnedCommunity(db: DbOrTx, memberId: number, rid: string): Promise<CommunityRow> {
  const community = await findCommunity(db, rid);
  if (community.ownerMemberId !== memberId) throw forbidden(OWNER_ONLY);
  return community;
}

/** Serialises membership changes of one community (transfer, add, remove, decide). */
async function lockCommunity(tx: DbOrTx, communityId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`community:${communityId}`}))`);
}

async function findMemberByRid(db: DbOrTx, rid: string) {
  const [row] = await db.select().from(members).where(eq(members.rid, rid)).limit(1);
  if (!row) throw notFound('用户');
  return row;
}

async function membershipOf(db: DbOrTx, communityId: number, memberId: number): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.memberId, memberId)))
    .limit(1);
  return row;
}

async function summaries(db: DbOrTx, rows: CommunityRow[], viewerId: number): Promise<CommunitySummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const ownerIds = [...new Set(rows.map((r) => r.ownerMemberId))];
  const [counts, owners, mine] = await Promise.all([
    db
      .select({ communityId: communityMembers.communityId, n: count() })
      .from(communityMembers)
      .where(and(inArray(communityMembers.communityId, ids), eq(communityMembers.status, 'approved')))
      .groupBy(communityMembers.communityId),
    db.select({ id: members.id, name: members.name, nickname: members.nickname }).from(members).where(inArray(members.id, ownerIds)),
    db
      .select({ communityId: communityMembers.communityId, role: communityMembers.role, status: communityMembers.status })
      .from(communityMembers)
      .where(and(inArray(communityMembers.communityId, ids), eq(communityMembers.memberId, viewerId))),
  ]);
  const countOf = new Map(counts.map((c) => [c.communityId, c.n]));
  const ownerOf = new Map(owners.map((o) => [o.id, displayName(o)]));
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

const summaryOf = async (db: DbOrTx, row: CommunityRow, viewerId: number) => (await summaries(db, [row], viewerId))[0]!;

/** cluster/add: teachers only; the creator is its approved owner. */
export async function createCommunity(db: Db, memberId: number, input: CommunityAddBody, now: Date): Promise<CommunitySummary> {
  const [creator] = await db.select({ organization: members.organization }).from(members).where(eq(members.id, memberId)).limit(1);
  if (creator?.organization !== Organization.teacher) throw forbidden(COMMUNITY_TEACHER_ONLY_MESSAGE);
  try {
    // answered from the transaction: never a read after the commit (issue 28, fault 12)
    return await db.transaction(async (tx) => {
      const [community] = await tx
        .insert(communities)
        .values({ rid: randomId(), name: input.name, unit: input.unit, description: input.description ?? '', ownerMemberId: memberId, createdAt: now, updatedAt: now })
        .returning();
      await tx.insert(communityMembers).values({ communityId: community!.id, memberId, role: 'owner', status: 'approved', appliedAt: now, decidedAt: now, decidedBy: memberId });
      return summaryOf(tx, community!, memberId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('您已创建过同名的科研团体');
    throw error;
  }
}

/** cluster/edit (owner): a community the lab refused goes back to its review queue once corrected. */
export async function editCommunity(db: Db, memberId: number, input: CommunityEditBody, now: Date): Promise<CommunitySummary> {
  const community = await findOwnedCommunity(db, memberId, input.rid);
  try {
    const [row] = await db
      .update(communities)
      .set({
        name: input.name,
        unit: input.unit,
        description: input.description ?? '',
        reviewStatus: sql`case when ${communities.reviewStatus} = 'refused' then 'pending' else ${communities.reviewStatus} end`,
        updatedAt: now,
      })
      .where(and(eq(communities.id, community.id), eq(communities.ownerMemberId, memberId)))
      .returning();
    if (!row) throw forbidden(OWNER_ONLY);
    return summaryOf(db, row, memberId);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('您已创建过同名的科研团体');
    throw error;
  }
}

/**
 * cluster/del (owner): the community is dissolved, never deleted (funds and orders refer to
 * it); every membership ends. The funds issue adds: refuse while its balance is not zero.
 */
export async function dissolveCommunity(db: Db, memberId: number, rid: string, now: Date): Promise<void> {
  const community = await findOwnedCommunity(db, memberId, rid);
  await db.transaction(async (tx) => {
    await lockCommunity(tx, community.id);
    const [row] = await tx
      .update(communities)
      .set({ status: 'dissolved', dissolvedAt: now, updatedAt: now })
      .where(and(eq(communities.id, community.id), eq(communities.ownerMemberId, memberId), eq(communities.status, 'active')))
      .returning({ id: communities.id });
    if (!row) throw forbidden(OWNER_ONLY);
    // funds: a community holding money cannot close (transfers lock this row, so none slips in)
    if ((await lockedBalance(tx, 'community', community.id)) > 0) throw conflict(COMMUNITY_HAS_FUNDS);
    await tx
      .update(communityMembers)
      .set({ status: 'removed', decidedAt: now, decidedBy: memberId })
      .where(and(eq(communityMembers.communityId, community.id), ne(communityMembers.role, 'owner'), inArray(communityMembers.status, ['pending', 'approved'])));
  });
}

/** cluster/info: everyone sees the community; its owner also sees members and applications. */
export async function getCommunity(db: DbOrTx, memberId: number, rid: string): Promise<CommunityDetail> {
  const community = await findCommunity(db, rid);
  const summary = await summaryOf(db, community, memberId);
  return { ...summary, members: community.ownerMemberId === memberId ? await listMembers(db, community.id) : null };
}

async function listMembers(db: DbOrTx, communityId: number): Promise<CommunityMember[]> {
  const rows = await db
    .select({ m: communityMembers, member: { rid: members.rid, name: members.name, nickname: members.nickname, phone: members.phone, company: members.company } })
    .from(communityMembers)
    .innerJoin(members, eq(members.id, communityMembers.memberId))
    .where(and(eq(communityMembers.communityId, communityId), inArray(communityMembers.status, ['pending', 'approved'])))
    .orderBy(sql`case when ${communityMembers.role} = 'owner' then 0 when ${communityMembers.status} = 'pending' then 1 else 2 end`, asc(communityMembers.appliedAt), asc(communityMembers.id));
  return rows.map(({ m, member }) => ({
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
  }));
}

/** 张明 → 张*, 欧阳娜娜 → 欧***: enough to recognise someone one already knows. */
export const maskName = (name: string) => {
  const chars = [...name];
  return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
};

/** 北京理工大学 → 北京**大学: the ends of a unit's name, not the whole of it. */
export const maskCompany = (company: string) => {
  const chars = [...company];
  if (chars.length <= 4) return `${chars[0] ?? ''}${'*'.repeat(Math.max(chars.length - 1, 1))}`;
  return `${chars.slice(0, 2).join('')}${'*'.repeat(chars.length - 4)}${chars.slice(-2).join('')}`;
};

/** Whether two members are approved members (the owner included) of one community. */
async function shareACommunity(db: DbOrTx, memberId: number, otherId: number): Promise<boolean> {
  const mine = db
    .select({ id: communityMembers.communityId })
    .from(communityMembers)
    .where(and(eq(communityMembers.memberId, memberId), eq(communityMembers.status, 'approved')));
  const [shared] = await db
    .select({ id: communityMembers.id })
    .from(communityMembers)
    .where(and(eq(communityMembers.memberId, otherId), eq(communityMembers.status, 'approved'), inArray(communityMembers.communityId, mine)))
    .limit(1);
  return shared !== undefined;
}

/**
 * cluster/search4user (owner): a member by exact phone, with their membership here. Any
 * owner can type any phone, so a stranger's name and unit come masked (张* · 北京**大学) and
 * their type not at all; only someone already in one of the caller's communities is shown
 * in full.
 */
export async function searchUserForCommunity(db: DbOrTx, memberId: number, rid: string, phone: string): Promise<CommunityUserHit> {
  const community = await findOwnedCommunity(db, memberId, rid);
  const [found] = await db.select().from(members).where(and(eq(members.phone, phone), eq(members.disabled, false))).limit(1);
  if (!found) throw notFound('该手机号对应的用户');
  const membership = await membershipOf(db, community.id, found.id);
  const known = found.id === memberId || (await shareACommunity(db, memberId, found.id));
  return {
    member_rid: found.rid,
    name: known ? displayName(found) : maskName(displayName(found)),
    phone: maskPhone(found.phone),
    organization: known ? found.organization : null,
    company: found.company ? (known ? found.company : maskCompany(found.company)) : null,
    masked: !known,
    status: membership?.status ?? null,
  };
}

/** Sets a membership to approved (adding or re-admitting), inside the community's lock. */
async function admit(tx: DbOrTx, communityId: number, memberId: number, decidedBy: number, now: Date, message = '') {
  const existing = await membershipOf(tx, communityId, memberId);
  if (existing?.status === 'approved') throw conflict('该用户已是团体成员');
  if (existing) {
    await tx.update(communityMembers).set({ status: 'approved', role: 'member', decidedAt: now, decidedBy }).where(eq(communityMembers.id, existing.id));
  } else {
    await tx.insert(communityMembers).values({ communityId, memberId, role: 'member', status: 'approved', message, appliedAt: now, decidedAt: now, decidedBy });
  }
}

/** cluster/add4user (owner): adds a member found by phone; they are in at once. */
export async function addCommunityMember(db: Db, ownerId: number, rid: string, memberRid: string, now: Date): Promise<CommunityMember[]> {
  const community = await findOwnedCommunity(db, ownerId, rid);
  const target = await findMemberByRid(db, memberRid);
  if (target.disabled) throw notFound('用户');
  // answered from the transaction: never a read after the commit (issue 28, fault 12)
  return db.transaction(async (tx) => {
    await lockCommunity(tx, community.id);
    await admit(tx, community.id, target.id, ownerId, now);
    return listMembers(tx, community.id);
  });
}

/** cluster/delete4user (owner): removes a member or turns down a pending application. */
export async function removeCommunityMember(db: Db, ownerId: number, rid: string, memberRid: string, now: Date): Promise<CommunityMember[]> {
  const community = await findOwnedCommunity(db, ownerId, rid);
  const target = await findMemberByRid(db, memberRid);
  if (target.id === ownerId) throw badRequest('不能移除团体负责人，如需离开请先转让团体');
  await db.transaction(async (tx) => {
    await lockCommunity(tx, community.id);
    const membership = await membershipOf(tx, community.id, target.id);
    if (!membership || (membership.status !== 'approved' && membership.status !== 'pending')) throw notFound('该团体成员');
    await tx
      .update(communityMembers)
      .set({ status: membership.status === 'pending' ? 'refused' : 'removed', decidedAt: now, decidedBy: ownerId })
      .where(eq(communityMembers.id, membership.id));
  });
  return listMembers(db, community.id);
}

/**
 * cluster/transfer (owner): the community passes to an approved member who is a teacher;
 * the old owner stays as a member. Roles and owner_member_id change in one transaction,
 * guarded on the current owner, so two transfers cannot both win.
 */
export async function transferCommunity(db: Db, ownerId: number, rid: string, memberRid: string, now: Date): Promise<CommunitySummary> {
  const community = await findOwnedCommunity(db, ownerId, rid);
  const target = await findMemberByRid(db, memberRid);
  if (target.id === ownerId) throw badRequest('您已是该团体的负责人');
  const row = await db.transaction(async (tx) => {
    await lockCommunity(tx, community.id);
    const membership = await membershipOf(tx, community.id, target.id);
    if (membership?.status !== 'approved') throw badRequest('只能转让给已加入团体的成员');
    if (target.organization !== Organization.teacher) throw badRequest('只能转让给已认证为老师的成员');
    const [moved] = await tx
      .update(communities)
      .set({ ownerMemberId: target.id, updatedAt: now })
      .where(and(eq(communities.id, community.id), eq(communities.ownerMemberId, ownerId), eq(communities.status, 'active')))
      .returning();
    if (!moved) throw forbidden(OWNER_ONLY);
    await tx.update(communityMembers).set({ role: 'member' }).where(and(eq(communityMembers.communityId, community.id), eq(communityMembers.memberId, ownerId)));
    await tx.update(communityMembers).set({ role: 'owner', decidedAt: now, decidedBy: ownerId }).where(eq(communityMembers.id, membership.id));
    return moved;
  });
  return summaryOf(db, row, ownerId);
}

/** cluster/search: active communities the lab approved, by name, unit or owner's name. */
export async function searchCommunities(db: DbOrTx, memberId: number, query: { keyword?: string | undefined; page: number; pageSize: number }): Promise<Page<CommunitySummary>> {
  const owner = alias(members, 'owner');
  const conditions: SQL[] = [eq(communities.status, 'active'), eq(communities.reviewStatus, 'approved')];
  if (query.keyword) {
    const like = likePattern(query.keyword);
    conditions.push(or(ilike(communities.name, like), ilike(communities.unit, like), ilike(owner.name, like))!);
  }
  const where = and(...conditions);
  return paginate(
    query,
    (w) =>
      db
        .select({ community: communities })
        .from(communities)
        .innerJoin(owner, eq(owner.id, communities.ownerMemberId))
        .where(where)
        .orderBy(desc(communities.createdAt), desc(communities.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [total] = await db.select({ n: count() }).from(communities).innerJoin(owner, eq(owner.id, communities.ownerMemberId)).where(where);
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

/** cluster/agree (owner): accept or refuse a pending application. */
export async function decideApplication(db: Db, ownerId: number, rid: string, memberRid: string, agree: boolean, now: Date): Promise<CommunityMember[]> {
  const community = await findOwnedCommunity(db, ownerId, rid);
  const target = await findMemberByRid(db, memberRid);
  await db.transaction(async (tx) => {
    await lockCommunity(tx, community.id);
    const membership = await membershipOf(tx, community.id, target.id);
    if (!membership) throw notFound('入团申请');
    if (membership.status !== 'pending') throw conflict('该申请已处理');
    await tx
      .update(communityMembers)
      .set({ status: agree ? 'approved' : 'refused', decidedAt: now, decidedBy: ownerId })
      .where(and(eq(communityMembers.id, membership.id), eq(communityMembers.status, 'pending')));
  });
  return listMembers(db, community.id);
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
