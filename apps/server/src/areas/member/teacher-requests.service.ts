import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  Organization,
  TEACHER_ALREADY_MESSAGE,
  TEACHER_NOT_ELIGIBLE_MESSAGE,
  TEACHER_PROFILE_NEEDED_MESSAGE,
  TEACHER_REQUEST_HANDLING_TIME,
  TEACHER_REQUEST_NEEDS,
  TEACHER_REQUEST_OPEN_MESSAGE,
  teacherRequestStatusLabels,
  type AdminTeacherApproveBody,
  type AdminTeacherRefuseBody,
  type AdminTeacherRequest,
  type AdminTeacherRequestListBody,
  type Page,
  type TeacherApplyBody,
  type TeacherRequestView,
  type TeacherStanding,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { paginate } from '../../db/paginate';
import { auditEntity } from '../../platform/audit';
import { randomId } from '../../platform/crypto';
import { AppError, conflict, notFound } from '../../platform/errors';
import { lockMember, memberContact, memberContacts, staffNames, updateMember } from '../accounts';
import { postMessage } from '../messages';
import { teacherRequests } from './member.tables';

/**
 * 申请老师认证 (issue 31). Members attest online only as 学生 (spec); a 学生 — or a member not yet
 * attested — asks with one click, and sales decides in 资料认证 → 老师认证申请: approving makes
 * the member a 老师 (accounts' command, in the same transaction as the decision, the message and
 * the audit row); refusing says why, and the member may ask again. One open request per member:
 * the partial unique index teacher_requests_one_open_idx settles two clicks at once.
 *
 * Becoming a 老师 prices nothing: the catalogue has one price for everyone; it lets the member
 * create 科研团体 and apply for a credit line, which is itself a gated decision (funds).
 */

type Row = typeof teacherRequests.$inferSelect;
const LINK = '/member/information';

const toView = (row: Row): TeacherRequestView => ({
  rid: row.rid,
  status: row.status,
  statusText: teacherRequestStatusLabels[row.status],
  note: row.note,
  reviewNote: row.reviewNote,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

/** Why the member may not ask now ('' when they may): only 学生 or not attested, with a name and a unit on file, and nothing open. */
function refusal(member: { organization: number | null; name: string | null; company: string | null }, latest: Row | null): string {
  if (member.organization === Organization.teacher) return TEACHER_ALREADY_MESSAGE;
  if (member.organization !== null && member.organization !== Organization.student) return TEACHER_NOT_ELIGIBLE_MESSAGE;
  if (latest?.status === 'pending') return TEACHER_REQUEST_OPEN_MESSAGE;
  if (!member.name?.trim() || !member.company?.trim()) return TEACHER_PROFILE_NEEDED_MESSAGE;
  return '';
}

async function latestOf(db: DbOrTx, memberId: number): Promise<Row | null> {
  const [row] = await db.select().from(teacherRequests).where(eq(teacherRequests.memberId, memberId)).orderBy(desc(teacherRequests.createdAt), desc(teacherRequests.id)).limit(1);
  return row ?? null;
}

/** user/teacher4attest: where the member stands. */
export async function teacherStanding(db: DbOrTx, memberId: number): Promise<TeacherStanding> {
  const [member, latest] = await Promise.all([memberContact(db, memberId), latestOf(db, memberId)]);
  if (!member) throw notFound('用户');
  const reason = refusal(member, latest);
  return {
    organization: member.organization,
    canApply: reason === '',
    reason,
    handlingTime: TEACHER_REQUEST_HANDLING_TIME,
    needs: [...TEACHER_REQUEST_NEEDS],
    latest: latest ? toView(latest) : null,
  };
}

/** user/apply4teacher: the request, or 409 when one is open (the index answers a race), 400 without a name and unit. */
export async function applyForTeacher(db: Db, memberId: number, input: TeacherApplyBody, now: Date): Promise<TeacherStanding> {
  try {
    await db.transaction(async (tx) => {
      const member = await lockMember(tx, memberId, 'no key update');
      if (!member) throw notFound('用户');
      const reason = refusal(member, await latestOf(tx, memberId));
      if (reason === TEACHER_REQUEST_OPEN_MESSAGE || reason === TEACHER_ALREADY_MESSAGE) throw conflict(reason);
      if (reason === TEACHER_NOT_ELIGIBLE_MESSAGE) throw new AppError('TEACHER_NOT_ELIGIBLE', reason, { status: 403 });
      if (reason) throw new AppError('TEACHER_PROFILE_NEEDED', reason, { status: 400 });
      await tx.insert(teacherRequests).values({ rid: randomId(), memberId, note: input.note ?? '', createdAt: now });
      await postMessage(
        tx,
        memberId,
        { kind: 'account', title: '老师认证申请已提交', content: `我们已收到您的老师认证申请，客户经理将在${TEACHER_REQUEST_HANDLING_TIME}内处理，结果会以站内信通知您。`, link: LINK },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TEACHER_REQUEST_OPEN_MESSAGE);
    throw error;
  }
  return teacherStanding(db, memberId);
}

// ---- the back office (sales) ----

/** The request in the audit log, by its rid: what was asked and the decision. */
export const teacherRequestAudit = auditEntity<string>('teacher_request', async (db, rid) => {
  const [row] = await db.select().from(teacherRequests).where(eq(teacherRequests.rid, String(rid))).limit(1);
  if (!row) return null;
  const member = (await memberContacts(db, [row.memberId])).get(row.memberId);
  return { ...toView(row), memberRid: member?.rid ?? null, memberPhone: member?.phone ?? null, organization: member?.organization ?? null, reviewedBy: row.reviewedBy };
});

async function withPeople(db: DbOrTx, rows: Row[]): Promise<AdminTeacherRequest[]> {
  const [people, reviewers] = await Promise.all([memberContacts(db, rows.map((r) => r.memberId)), staffNames(db, rows.map((r) => r.reviewedBy))]);
  return rows.flatMap((row) => {
    const m = people.get(row.memberId);
    if (!m) return [];
    const reviewerName = row.reviewedBy === null ? null : (reviewers.get(row.reviewedBy) ?? null);
    return [
      {
        ...toView(row),
        member: { rid: m.rid, phone: m.phone, name: m.name, nickname: m.nickname, company: m.company, email: m.email, organization: m.organization },
        reviewer: row.reviewedBy !== null && reviewerName !== null ? { id: row.reviewedBy, name: reviewerName } : null,
      },
    ];
  });
}

/** teacher/list: by status (teacher_requests_status_idx), oldest first unless asked otherwise. */
export async function listTeacherRequests(db: DbOrTx, query: AdminTeacherRequestListBody): Promise<Page<AdminTeacherRequest>> {
  const where: SQL = query.status ? eq(teacherRequests.status, query.status) : sql`true`;
  const direction = query.order === 'descend' ? desc : asc;
  return paginate(
    query,
    (w) => db.select().from(teacherRequests).where(where).orderBy(direction(teacherRequests.createdAt), direction(teacherRequests.id)).limit(w.limit).offset(w.offset),
    () => db.$count(teacherRequests, where),
    (rows) => withPeople(db, rows),
  );
}

/**
 * Decides a pending request with its row locked (a second decision waits and then finds it
 * decided: 409). Approving sets the member's type to 老师 in the same transaction.
 */
async function decide(db: Db, staffId: number, rid: string, decision: { approve: boolean; note: string | null }, now: Date): Promise<AdminTeacherRequest> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(teacherRequests).where(eq(teacherRequests.rid, rid)).for('update');
    if (!row) throw notFound('老师认证申请');
    if (row.status !== 'pending') throw new AppError('TEACHER_REQUEST_STATE', `该申请${teacherRequestStatusLabels[row.status]}，不能重复审核`, { status: 409 });
    await tx
      .update(teacherRequests)
      .set({ status: decision.approve ? 'approved' : 'refused', reviewNote: decision.note, reviewedAt: now, reviewedBy: staffId })
      .where(and(eq(teacherRequests.id, row.id), eq(teacherRequests.status, 'pending')));
    if (decision.approve) {
      const member = await lockMember(tx, row.memberId);
      if (!member) throw notFound('会员');
      await updateMember(tx, row.memberId, { organization: Organization.teacher });
    }
    await postMessage(
      tx,
      row.memberId,
      decision.approve
        ? { kind: 'account', title: '老师认证已通过', content: `您的老师认证申请已通过，用户类型已更新为「老师」，现在可以创建科研团体${decision.note ? `（${decision.note}）` : ''}。`, link: LINK }
        : { kind: 'account', title: '老师认证未通过', content: `很抱歉，您的老师认证申请未通过，原因：${decision.note}。如有补充材料，可在资料认证中再次申请。`, link: LINK },
      now,
    );
    return row.id;
  });
  const rows = await db.select().from(teacherRequests).where(eq(teacherRequests.id, id));
  return (await withPeople(db, rows))[0]!;
}

export const approveTeacherRequest = (db: Db, staffId: number, input: AdminTeacherApproveBody, now: Date) => decide(db, staffId, input.rid, { approve: true, note: input.note ?? null }, now);
export const refuseTeacherRequest = (db: Db, staffId: number, input: AdminTeacherRefuseBody, now: Date) => decide(db, staffId, input.rid, { approve: false, note: input.reason }, now);
