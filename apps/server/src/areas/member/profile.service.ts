import { eq } from 'drizzle-orm';
import { ATTESTABLE_ORGANIZATIONS, ORGANIZATION_ONLY_STUDENT_MESSAGE, Organization, organizationLabels, type MemberProfile, type ProfileAttestBody, type UpdateContactBody, type UpdateInfoBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { getMember, lockMember, updateMember } from '../accounts';
import { memberProfiles } from './member.tables';
import { countAddresses, insertAddress, resolveRegion } from './addresses.service';

/** The account fields of an attestation (accounts' `members`: the member area changes them through accounts' commands). */
type MemberIdentity = { name: string | null; email: string | null; organization: number | null; company: string | null };
type ProfileRow = typeof memberProfiles.$inferSelect;

/** The attestation of one member from its two rows (the profile row is absent until the first submission). */
export function toMemberProfile(member: MemberIdentity, profile: ProfileRow | null | undefined): MemberProfile {
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
  const [member, [profile]] = await Promise.all([getMember(db, memberId), db.select().from(memberProfiles).where(eq(memberProfiles.memberId, memberId)).limit(1)]);
  return toMemberProfile(member, profile);
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
    const current = await lockMember(tx, memberId);
    const verified = current?.organization ?? null;
    if (verified !== null && verified !== Organization.student) {
      if (input.organization !== verified) throw forbidden(`您已认证为${organizationLabels[verified] ?? '其他类型'}用户，如需修改认证资料请联系客服`);
    } else if (!(ATTESTABLE_ORGANIZATIONS as readonly number[]).includes(input.organization)) {
      throw badRequest(ORGANIZATION_ONLY_STUDENT_MESSAGE);
    }
    const member = await updateMember(tx, memberId, { name: input.name, email: input.email, organization: input.organization, company: input.company });
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
  if (!(await updateMember(db, memberId, { nickname: input.nickname }))) throw notFound('账号');
}

/** user/update4contact */
export async function updateMemberContact(db: Db, memberId: number, input: UpdateContactBody): Promise<void> {
  if (!(await updateMember(db, memberId, { name: input.name, email: input.email }))) throw notFound('账号');
}
