import { and, count, eq, inArray } from 'drizzle-orm';
import { ATTESTABLE_ORGANIZATIONS, ORGANIZATION_ONLY_STUDENT_MESSAGE, Organization, organizationLabels, type MemberFundsFigures, type MemberHomeData, type MemberProfile, type ProfileAttestBody, type UpdateContactBody, type UpdateInfoBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { members } from '../accounts/accounts.tables';
import { communities, communityMembers, memberProfiles } from './member.tables';
import { sampleRecycles, samplings } from '../orders/pickups/pickups.tables';
import { countAddresses, insertAddress, resolveRegion } from './addresses.service';
import { balanceOf } from '../funds';
import { countUsableCoupons } from '../funds';
import { planLines } from '../orders/orders.tables';

type MemberRow = typeof members.$inferSelect;
type ProfileRow = typeof memberProfiles.$inferSelect;

/** The attestation of one member from its two rows (the profile row is absent until the first submission). */
export function toMemberProfile(member: Pick<MemberRow, 'name' | 'email' | 'organization' | 'company'>, profile: ProfileRow | null | undefined): MemberProfile {
  return {
    name: member.name,
    email: member.email,
    organization: member.organization,
    company: member.company,
    teacher: profile?.teacher ?? null,
    teacher_phone: profile?.teacherPhone ?? null,
    teacher_mail: profile?.teacherMail ?? null,
    province: profile?.province ?? null,
    city: profile?.city ?? null,
    area: profile?.area ?? null,
    address_code: profile?.addressCode ?? null,
    address: profile?.address ?? null,
    attestedAt: profile?.attestedAt?.toISOString() ?? null,
    reviewStatus: profile?.reviewStatus ?? 'none',
    reviewNote: profile?.reviewNote ?? null,
  };
}

/** The attestation as stored (members' name, email, organization, company + member_profiles). */
export async function getProfile(db: DbOrTx, memberId: number): Promise<MemberProfile> {
  const [row] = await db
    .select({ member: members, profile: memberProfiles })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .where(eq(members.id, memberId))
    .limit(1);
  if (!row) throw notFound('账号');
  return toMemberProfile(row.member, row.profile);
}

/**
 * user/update4profile (资料认证). Saves the attestation; a member with no address on file
 * gets the region and detailed address as their first (default) address, under their name
 * and phone, so the "basic information missing" warning goes away. Every submission waits
 * for the lab's review again (pending), whatever the last decision was.
 */
export async function attestProfile(db: Db, memberId: number, input: ProfileAttestBody, now: Date): Promise<MemberProfile> {
  const region = resolveRegion(input, '收货地区');
  await db.transaction(async (tx) => {
    // a type verified by staff (teacher, individual, enterprise) is kept: such a member updates
    // the rest of the form under it, and cannot change it here; anyone else attests as a student
    const [current] = await tx.select({ organization: members.organization }).from(members).where(eq(members.id, memberId)).for('update');
    const verified = current?.organization ?? null;
    if (verified !== null && verified !== Organization.student) {
      if (input.organization !== verified) throw forbidden(`您已认证为${organizationLabels[verified] ?? '其他类型'}用户，如需修改认证资料请联系客服`);
    } else if (!(ATTESTABLE_ORGANIZATIONS as readonly number[]).includes(input.organization)) {
      throw badRequest(ORGANIZATION_ONLY_STUDENT_MESSAGE);
    }
    const [member] = await tx
      .update(members)
      .set({ name: input.name, email: input.email, organization: input.organization, company: input.company })
      .where(eq(members.id, memberId))
      .returning({ phone: members.phone });
    if (!member) throw notFound('账号');
    const values = {
      teacher: input.teacher ?? null,
      teacherPhone: input.teacher_phone ?? null,
      teacherMail: input.teacher_mail ?? null,
      ...region,
      address: input.address,
      attestedAt: now,
      updatedAt: now,
      reviewStatus: 'pending' as const,
      reviewNote: null,
      reviewedAt: null,
      reviewedBy: null,
    };
    await tx.insert(memberProfiles).values({ memberId, ...values }).onConflictDoUpdate({ target: memberProfiles.memberId, set: values });
    if ((await countAddresses(tx, memberId)) === 0) {
      await insertAddress(tx, memberId, { name: input.name, phone: member.phone, region, address: input.address, makeDefault: true }, now);
    }
  });
  return getProfile(db, memberId);
}

/** user/updateInfo */
export async function updateMemberInfo(db: Db, memberId: number, input: UpdateInfoBody): Promise<void> {
  const updated = await db.update(members).set({ nickname: input.nickname }).where(eq(members.id, memberId)).returning({ id: members.id });
  if (updated.length === 0) throw notFound('账号');
}

/** user/update4contact */
export async function updateMemberContact(db: Db, memberId: number, input: UpdateContactBody): Promise<void> {
  const updated = await db.update(members).set({ name: input.name, email: input.email }).where(eq(members.id, memberId)).returning({ id: members.id });
  if (updated.length === 0) throw notFound('账号');
}

/** web/home/data: the member centre's figures. */
export async function getMemberHomeData(db: DbOrTx, memberId: number, now = new Date()): Promise<MemberHomeData & MemberFundsFigures> {
  const [addressNum, [pickups], [recycles], [joined], [applications], prestoreFen, couponNum, cartNum] = await Promise.all([
    countAddresses(db, memberId),
    db.select({ n: count() }).from(samplings).where(and(eq(samplings.memberId, memberId), eq(samplings.status, 'pending'))),
    db.select({ n: count() }).from(sampleRecycles).where(and(eq(sampleRecycles.memberId, memberId), eq(sampleRecycles.status, 'pending'))),
    db
      .select({ n: count() })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(and(eq(communityMembers.memberId, memberId), eq(communityMembers.status, 'approved'), eq(communities.status, 'active'))),
    db
      .select({ n: count() })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(and(eq(communities.ownerMemberId, memberId), eq(communities.status, 'active'), inArray(communityMembers.status, ['pending']))),
    balanceOf(db, 'member', memberId),
    countUsableCoupons(db, memberId, now),
    db.$count(planLines, eq(planLines.memberId, memberId)),
  ]);
  return {
    basicInfoComplete: addressNum > 0,
    addressNum,
    samplingPending: pickups?.n ?? 0,
    recyclePending: recycles?.n ?? 0,
    communityNum: joined?.n ?? 0,
    communityApplications: applications?.n ?? 0,
    // the experiment plan's line count (the header badge)
    cartNum,
    prestoreFen,
    couponNum,
  };
}
