import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  attestationReviewLabels,
  type AdminAttestation,
  type AdminAttestationApproveBody,
  type AdminAttestationListBody,
  type AdminAttestationRefuseBody,
  type Page,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { auditEntity } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { memberByRid, memberContacts, namedMembers, staffNames, type MemberContact } from '../accounts';
import { postMessage } from '../messages';
import { memberProfiles } from './member.tables';
import { toMemberProfile } from './profile.service';

/**
 * 资料认证 reviews. A member's submission (user/update4profile) is pending; sales approves it or
 * refuses it with a reason the member reads in-site; submitting again makes it pending again.
 * The review never changes what the member wrote — the organisation type is set on its own
 * (member/organization).
 */

const ATTESTATION_LINK = '/member/information';

/** The attestation in the audit log: what was submitted and the decision on it; the key is the member's rid. */
export const attestationAudit = auditEntity<string>('attestation', async (db, rid) => {
  const member = await memberByRid(db, String(rid));
  if (!member) return null;
  const [row] = await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, member.id)).limit(1);
  if (!row) return null;
  const profile = toMemberProfile(member, row);
  return { memberRid: member.rid, ...profile, reviewedAt: row.reviewedAt, reviewedBy: row.reviewedBy };
});

type ProfileRow = typeof memberProfiles.$inferSelect;
type Joined = { member: MemberContact; profile: ProfileRow; reviewerName: string | null };

const toAttestation = ({ member, profile, reviewerName }: Joined): AdminAttestation => ({
  member: { rid: member.rid, phone: member.phone, nickname: member.nickname, disabled: member.disabled },
  profile: toMemberProfile(member, profile),
  review: {
    status: profile.reviewStatus,
    note: profile.reviewNote,
    reviewedAt: profile.reviewedAt?.toISOString() ?? null,
    reviewer: profile.reviewedBy !== null && reviewerName !== null ? { id: profile.reviewedBy, name: reviewerName } : null,
  },
});

/** attestation/list: submitted attestations by review status (member_profiles_review_idx), oldest submission first unless asked otherwise. */
export async function listAttestations(db: DbOrTx, query: AdminAttestationListBody): Promise<Page<AdminAttestation>> {
  const filters: SQL[] = [query.status ? eq(memberProfiles.reviewStatus, query.status) : ne(memberProfiles.reviewStatus, 'none')];
  // the keyword names members as accounts reads it (a phone, or words in name, nickname, unit)
  if (query.keyword) filters.push((await namedMembers(db, query.keyword)).in(memberProfiles.memberId) ?? sql`false`);
  const where = and(...filters);
  const direction = query.order === 'descend' ? desc : asc;
  return paginate(
    query,
    (w) =>
      db
        .select()
        .from(memberProfiles)
        .where(where)
        .orderBy(direction(memberProfiles.attestedAt), direction(memberProfiles.memberId))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(memberProfiles, where),
    (rows) => withPeople(db, rows),
  );
}

/** The page's attestations with their members and reviewers (accounts' face: one query each, by id). */
async function withPeople(db: DbOrTx, rows: ProfileRow[]): Promise<AdminAttestation[]> {
  const [people, reviewers] = await Promise.all([memberContacts(db, rows.map((r) => r.memberId)), staffNames(db, rows.map((r) => r.reviewedBy))]);
  return rows.flatMap((profile) => {
    const member = people.get(profile.memberId);
    return member ? [toAttestation({ member, profile, reviewerName: profile.reviewedBy === null ? null : (reviewers.get(profile.reviewedBy) ?? null) })] : [];
  });
}

async function attestationOf(db: DbOrTx, memberId: number): Promise<AdminAttestation> {
  const rows = await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, memberId)).limit(1);
  const [attestation] = await withPeople(db, rows);
  if (!attestation) throw notFound('认证资料');
  return attestation;
}

/**
 * Decides the pending attestation of a member, with the profile row locked so a resubmission
 * at the same moment waits and is then pending again (never overwritten by this decision).
 */
async function decide(db: Db, staffId: number, rid: string, decision: { approve: boolean; note: string | null }, now: Date): Promise<AdminAttestation> {
  const memberId = await db.transaction(async (tx) => {
    const member = await memberByRid(tx, rid);
    if (!member) throw notFound('会员');
    const [profile] = await tx.select().from(memberProfiles).where(eq(memberProfiles.memberId, member.id)).for('update');
    if (!profile || profile.reviewStatus === 'none') throw notFound('认证资料');
    if (profile.reviewStatus !== 'pending') {
      throw new AppError('ATTESTATION_STATE', `该认证资料${attestationReviewLabels[profile.reviewStatus]}，不能重复审核`, { status: 409 });
    }
    await tx
      .update(memberProfiles)
      .set({ reviewStatus: decision.approve ? 'approved' : 'refused', reviewNote: decision.note, reviewedAt: now, reviewedBy: staffId })
      .where(and(eq(memberProfiles.memberId, member.id), eq(memberProfiles.reviewStatus, 'pending')));
    await postMessage(
      tx,
      member.id,
      decision.approve
        ? { kind: 'account', title: '资料认证已通过', content: `您提交的资料认证已审核通过${decision.note ? `（${decision.note}）` : ''}。`, link: ATTESTATION_LINK }
        : { kind: 'account', title: '资料认证未通过', content: `很抱歉，您提交的资料认证未通过，原因：${decision.note}。请修改后重新提交。`, link: ATTESTATION_LINK },
      now,
    );
    return member.id;
  });
  return attestationOf(db, memberId);
}

export const approveAttestation = (db: Db, staffId: number, input: AdminAttestationApproveBody, now: Date) =>
  decide(db, staffId, input.rid, { approve: true, note: input.note ?? null }, now);

export const refuseAttestation = (db: Db, staffId: number, input: AdminAttestationRefuseBody, now: Date) =>
  decide(db, staffId, input.rid, { approve: false, note: input.reason }, now);
