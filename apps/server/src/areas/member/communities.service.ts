import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { COMMUNITY_TEACHER_ONLY_MESSAGE, Organization, type CommunityAddBody, type CommunityEditBody, type CommunityMember, type CommunitySummary, type CommunityUserHit } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { isUniqueViolation } from '../../db/errors';
import { memberContact } from '../accounts';
import { runCommunityDissolving, runMembershipEnded } from './community-hooks';
import { displayName, findMemberByRid, findOwnedCommunity, listCommunityMembers, lockCommunity, membershipOf, OWNER_ONLY, summaryOf } from './community-core';
import { communities, communityMembers } from './member.tables';

/**
 * 科研团体 as its owner runs it (cluster/add, edit, del, search4user, add4user, delete4user,
 * transfer, agree). What members do (look one up, search, apply, their lists) is community-membership.ts.
 */

const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** cluster/add: teachers only; the creator is its approved owner. */
export async function createCommunity(db: Db, memberId: number, input: CommunityAddBody, now: Date): Promise<CommunitySummary> {
  const creator = await memberContact(db, memberId);
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
 * it); every membership ends. Higher areas may refuse it (community-hooks.ts: funds refuses while
 * its balance is not zero).
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
    // what higher areas refuse a dissolution for (funds: a community still holding money)
    await runCommunityDissolving(tx, community.id);
    await tx
      .update(communityMembers)
      .set({ status: 'removed', decidedAt: now, decidedBy: memberId })
      .where(and(eq(communityMembers.communityId, community.id), ne(communityMembers.role, 'owner'), inArray(communityMembers.status, ['pending', 'approved'])));
    await runMembershipEnded(tx, community.id, null, now);
  });
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
  const found = await memberContact(db, { phone });
  if (!found || found.disabled) throw notFound('该手机号对应的用户');
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
    return listCommunityMembers(tx, community.id);
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
    if (membership.status === 'approved') await runMembershipEnded(tx, community.id, target.id, now);
  });
  return listCommunityMembers(db, community.id);
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
  return listCommunityMembers(db, community.id);
}
