import { and, desc, eq } from 'drizzle-orm';
import { CREDIT_ONLY_TEACHER_OR_ENTERPRISE, creditStatusLabels, formatFen, Organization, organizationLabels, type ApprovalFiled, type CreditApplication, type CreditInfo } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, decisionChanged, forbidden, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { isUniqueViolation } from '../../db/errors';
import { memberContact } from '../accounts';
import { approvedNote, gateAction, type Acting } from '../approvals';
import { postMessage } from '../messages';
import { creditApplications, creditLines } from './funds.tables';

type Row = typeof creditApplications.$inferSelect;

export const toCreditView = (row: Row): CreditApplication => ({
  rid: row.rid,
  requestedFen: Number(row.requestedFen),
  approvedFen: row.approvedFen === null ? null : Number(row.approvedFen),
  reason: row.reason,
  status: row.status,
  statusText: creditStatusLabels[row.status],
  decisionNote: row.decisionNote,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** The member's approved pay-after-test limit in fen (0: none). The ordering issue reads this. */
export async function getCreditLine(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db.select({ limitFen: creditLines.limitFen }).from(creditLines).where(eq(creditLines.memberId, memberId)).limit(1);
  return Number(row?.limitFen ?? 0);
}

export async function getCreditInfo(db: DbOrTx, memberId: number): Promise<CreditInfo> {
  const [limitFen, rows] = await Promise.all([
    getCreditLine(db, memberId),
    db.select().from(creditApplications).where(eq(creditApplications.memberId, memberId)).orderBy(desc(creditApplications.createdAt), desc(creditApplications.id)).limit(20),
  ]);
  return { limitFen, applications: rows.map(toCreditView) };
}

/** creditApply/operate apply: teachers and enterprises; one pending application at a time. */
export async function applyForCredit(db: Db, memberId: number, input: { limit: number; reason: string; contact?: string | undefined }, now: Date): Promise<CreditInfo> {
  const member = await memberContact(db, memberId);
  const organization = member?.organization;
  if (organization !== Organization.teacher && organization !== Organization.enterprise) throw forbidden(CREDIT_ONLY_TEACHER_OR_ENTERPRISE);
  try {
    // answered from the transaction: never a read after the commit (issue 28, fault 12)
    return await db.transaction(async (tx) => {
      await tx.insert(creditApplications).values({ rid: randomId(), memberId, organization, requestedFen: input.limit, reason: input.reason, contact: input.contact ?? null, createdAt: now });
      return getCreditInfo(tx, memberId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('您已有一份信用额度申请在审核中');
    throw error;
  }
}

/** creditApply/operate cancel: a pending application of one's own. */
export async function cancelCredit(db: Db, memberId: number, rid: string, now: Date): Promise<CreditInfo> {
  const [current] = await db.select().from(creditApplications).where(and(eq(creditApplications.rid, rid), eq(creditApplications.memberId, memberId))).limit(1);
  if (!current) throw notFound('信用额度申请');
  const [row] = await db
    .update(creditApplications)
    .set({ status: 'cancelled', decidedAt: now })
    .where(and(eq(creditApplications.id, current.id), eq(creditApplications.status, 'pending')))
    .returning();
  if (!row) throw conflict(`该申请${creditStatusLabels[current.status]}，不能取消`);
  return getCreditInfo(db, memberId);
}

// ---- staff ----

/** Why a guarded decision matched no row: gone, decided already, or changed since the staff member saw it. */
async function whyNotDecided(tx: DbOrTx, rid: string) {
  const [exists] = await tx.select({ status: creditApplications.status }).from(creditApplications).where(eq(creditApplications.rid, rid)).limit(1);
  if (!exists) return notFound('信用额度申请');
  if (exists.status !== 'pending') return conflict(`该申请${creditStatusLabels[exists.status]}，不能审核`);
  return decisionChanged();
}

/**
 * Finance approves with a limit (may differ from the one asked): the member's credit line is
 * set. A credit line lets the member order that much before paying: measured on the line granted
 * against the maker's credit limits (one grant, their day and month, the month for this member);
 * above one of them it is filed, and the second person books this application at this version.
 */
export async function approveCredit(db: DbOrTx, acting: Acting, input: { rid: string; version: number; limit: number; note?: string | undefined }, now: Date): Promise<CreditApplication | ApprovalFiled> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(creditApplications).where(eq(creditApplications.rid, input.rid)).for('update').limit(1);
    if (!current || current.status !== 'pending' || current.version !== input.version) throw await whyNotDecided(tx, input.rid);
    const member = await memberContact(tx, current.memberId);
    const lineNow = await getCreditLine(tx, current.memberId);
    const filed = await gateAction(
      tx,
      acting,
      {
        action: 'credit.approve',
        valueFen: input.limit,
        payload: { rid: input.rid, version: input.version, limit: input.limit, ...(input.note ? { note: input.note } : {}) },
        summary:
          `为 ${member?.name || member?.nickname || ''} ${member?.phone ?? ''}（${organizationLabels[current.organization] ?? '未认证'}）核定信用额度 ${formatFen(input.limit)}：` +
          `申请 ${formatFen(Number(current.requestedFen))}，现有额度 ${formatFen(lineNow)}；申请理由：${current.reason}`,
        target: member?.phone ?? current.rid,
        targetKey: `member:${current.memberId}`,
        note: input.note ?? '',
        dedupeKey: `credit.approve:${current.rid}`,
        duplicateMessage: '该信用额度申请的批准已提交审批，请等待审批结果',
      },
      now,
    );
    if (filed) return filed;
    const [updated] = await tx
      .update(creditApplications)
      .set({ status: 'approved', approvedFen: input.limit, decisionNote: `${input.note ?? ''}${approvedNote(acting)}` || null, staffId: acting.by.id, decidedAt: now })
      .where(and(eq(creditApplications.id, current.id), eq(creditApplications.status, 'pending'), eq(creditApplications.version, input.version)))
      .returning();
    if (!updated) throw await whyNotDecided(tx, input.rid);
    const line = { limitFen: input.limit, applicationId: updated.id, staffId: acting.by.id, updatedAt: now };
    await tx.insert(creditLines).values({ memberId: updated.memberId, ...line }).onConflictDoUpdate({ target: creditLines.memberId, set: line });
    await postMessage(tx, updated.memberId, { kind: 'funds', title: '信用额度申请已通过', content: `您的信用额度申请已通过，核定额度${formatFen(input.limit)}，可在额度内先测试后结算。`, link: '/member/prestore' }, now);
    return updated;
  });
  if ('pendingApproval' in row) return row;
  return toCreditView(row);
}

export async function refuseCredit(db: DbOrTx, staffId: number, input: { rid: string; version: number; reason: string }, now: Date): Promise<CreditApplication> {
  const { reason } = input;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(creditApplications)
      .set({ status: 'refused', decisionNote: reason, staffId, decidedAt: now })
      .where(and(eq(creditApplications.rid, input.rid), eq(creditApplications.status, 'pending'), eq(creditApplications.version, input.version)))
      .returning();
    if (!updated) throw await whyNotDecided(tx, input.rid);
    await postMessage(tx, updated.memberId, { kind: 'funds', title: '信用额度申请未通过', content: `您的信用额度申请未通过，原因：${reason}。`, link: '/member/prestore' }, now);
    return updated;
  });
  return toCreditView(row);
}
