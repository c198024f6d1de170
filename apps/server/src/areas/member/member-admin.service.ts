import { eq } from 'drizzle-orm';
import { organizationLabels, type AdminMemberAdviserBody, type AdminMemberOrganizationBody, type AdminMemberRow, type AdminMemberStatusBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { auditEntity } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { getMember, lockMember, memberByRid, staffNames, staffRefs, updateMember } from '../accounts';
import { postMessage } from '../messages';
import { memberProfiles } from './member.tables';

/**
 * What staff change on a member in the back office (sales): the customer manager, the verified
 * organisation type, and whether the account may log in at all. The account fields are accounts'
 * (its commands write them); the member table and detail are a view (src/views/member-*.ts).
 */

/** A member as the audit log keeps it: the account fields staff change, never the password hash. */
export const memberAudit = auditEntity<string>('member', async (db, rid) => {
  const member = await memberByRid(db, String(rid));
  if (!member) return null;
  const names = await staffNames(db, [member.adviserStaffId]);
  return {
    rid: member.rid,
    phone: member.phone,
    nickname: member.nickname,
    name: member.name,
    company: member.company,
    organization: member.organization,
    organizationText: member.organization === null ? null : (organizationLabels[member.organization] ?? null),
    adviserStaffId: member.adviserStaffId,
    adviserName: member.adviserStaffId === null ? null : (names.get(member.adviserStaffId) ?? null),
    disabled: member.disabled,
  };
});

/** The member's id by rid, or 404 会员不存在. */
async function memberIdOf(db: DbOrTx, rid: string): Promise<number> {
  const member = await memberByRid(db, rid);
  if (!member) throw notFound('会员');
  return member.id;
}

/** The member as a row of the back office's member table, after a change. */
async function memberRow(db: DbOrTx, memberId: number): Promise<AdminMemberRow> {
  const [member, [profile]] = await Promise.all([
    getMember(db, memberId),
    db.select({ reviewStatus: memberProfiles.reviewStatus }).from(memberProfiles).where(eq(memberProfiles.memberId, memberId)).limit(1),
  ]);
  const adviserName = member.adviserStaffId === null ? null : ((await staffNames(db, [member.adviserStaffId])).get(member.adviserStaffId) ?? null);
  return {
    rid: member.rid,
    phone: member.phone,
    nickname: member.nickname,
    name: member.name,
    company: member.company,
    organization: member.organization,
    reviewStatus: profile?.reviewStatus ?? 'none',
    adviser: member.adviserStaffId === null || adviserName === null ? null : { id: member.adviserStaffId, name: adviserName },
    disabled: member.disabled,
    createdAt: member.createdAt.toISOString(),
    lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
  };
}

/** member/adviser: the customer manager looking after the member — an active sales staff member (or an admin) — or nobody. */
export async function setMemberAdviser(db: Db, input: AdminMemberAdviserBody): Promise<AdminMemberRow> {
  const memberId = await memberIdOf(db, input.rid);
  if (input.adviser_id !== undefined) {
    const person = (await staffRefs(db, [input.adviser_id])).get(input.adviser_id);
    if (!person) throw notFound('客户经理');
    if (person.disabled) throw new AppError('ADVISER_DISABLED', '该员工账号已停用，不能担任客户经理', { status: 409 });
    if (person.role !== 'sales' && person.role !== 'admin') throw new AppError('ADVISER_ROLE', '只能指定客户经理（销售）角色的员工', { status: 409 });
  }
  await updateMember(db, memberId, { adviserStaffId: input.adviser_id ?? null });
  return memberRow(db, memberId);
}

/**
 * member/organization: staff verify the type (老师, 个人, 企业 — members may only attest as 学生
 * themselves). A teacher may then create communities; an enterprise must prepay. The member
 * is told in-site when the type changes.
 */
export async function setMemberOrganization(db: Db, input: AdminMemberOrganizationBody, now: Date): Promise<AdminMemberRow> {
  const memberId = await memberIdOf(db, input.rid);
  await db.transaction(async (tx) => {
    const before = await lockMember(tx, memberId);
    if (before?.organization === input.organization) return;
    await updateMember(tx, memberId, { organization: input.organization });
    const label = organizationLabels[input.organization] ?? '';
    await postMessage(
      tx,
      memberId,
      { kind: 'account', title: '用户类型已更新', content: `客服已将您的用户类型认证为「${label}」。如有疑问，请联系您的客户经理。`, link: '/member/information' },
      now,
    );
  });
  return memberRow(db, memberId);
}

/** member/status: a disabled member cannot log in and every session ends at once; enabling lets them in again. */
export async function setMemberDisabled(db: Db, input: AdminMemberStatusBody, now: Date): Promise<AdminMemberRow> {
  const memberId = await memberIdOf(db, input.rid);
  await db.transaction(async (tx) => {
    if (!(await updateMember(tx, memberId, { disabled: input.disabled, now }))) throw notFound('会员');
  });
  return memberRow(db, memberId);
}
