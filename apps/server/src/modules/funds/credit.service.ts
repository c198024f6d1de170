import { and, count, desc, eq } from 'drizzle-orm';
import { CREDIT_ONLY_TEACHER_OR_ENTERPRISE, creditStatusLabels, Organization, type CreditApplication, type CreditInfo, type CreditStatus } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { isUniqueViolation } from '../auth/accounts.service';
import { members } from '../auth/auth.tables';
import { creditApplications, creditLines } from './funds.tables';

type Row = typeof creditApplications.$inferSelect;

const toView = (row: Row): CreditApplication => ({
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
  return { limitFen, applications: rows.map(toView) };
}

/** creditApply/operate apply: teachers and enterprises; one pending application at a time. */
export async function applyForCredit(db: Db, memberId: number, input: { limit: number; reason: string; contact?: string | undefined }, now: Date): Promise<CreditInfo> {
  const [member] = await db.select({ organization: members.organization }).from(members).where(eq(members.id, memberId)).limit(1);
  const organization = member?.organization;
  if (organization !== Organization.teacher && organization !== Organization.enterprise) throw forbidden(CREDIT_ONLY_TEACHER_OR_ENTERPRISE);
  try {
    await db.insert(creditApplications).values({ rid: randomId(), memberId, organization, requestedFen: input.limit, reason: input.reason, contact: input.contact ?? null, createdAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('您已有一份信用额度申请在审核中');
    throw error;
  }
  return getCreditInfo(db, memberId);
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

export async function adminListCredit(db: DbOrTx, query: { page: number; pageSize: number; status?: string | undefined }) {
  const status = query.status && (creditStatusLabels as Record<string, string>)[query.status] ? (query.status as CreditStatus) : undefined;
  const where = status ? eq(creditApplications.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: creditApplications, m: { rid: members.rid, phone: members.phone, name: members.name, company: members.company } })
      .from(creditApplications)
      .innerJoin(members, eq(members.id, creditApplications.memberId))
      .where(where)
      .orderBy(desc(creditApplications.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(creditApplications).where(where),
  ]);
  return { list: rows.map((r) => ({ ...toView(r.a), organization: r.a.organization, member: r.m })), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Finance approves with a limit (may differ from the one asked): the member's credit line is set. */
export async function approveCredit(db: Db, staffId: number, input: { rid: string; limit: number; note?: string | undefined }, now: Date): Promise<CreditApplication> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(creditApplications)
      .set({ status: 'approved', approvedFen: input.limit, decisionNote: input.note ?? null, staffId, decidedAt: now })
      .where(and(eq(creditApplications.rid, input.rid), eq(creditApplications.status, 'pending')))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ status: creditApplications.status }).from(creditApplications).where(eq(creditApplications.rid, input.rid)).limit(1);
      if (!exists) throw notFound('信用额度申请');
      throw conflict(`该申请${creditStatusLabels[exists.status]}，不能审核`);
    }
    const line = { limitFen: input.limit, applicationId: updated.id, staffId, updatedAt: now };
    await tx.insert(creditLines).values({ memberId: updated.memberId, ...line }).onConflictDoUpdate({ target: creditLines.memberId, set: line });
    return updated;
  });
  return toView(row);
}

export async function refuseCredit(db: Db, staffId: number, rid: string, reason: string, now: Date): Promise<CreditApplication> {
  const [row] = await db
    .update(creditApplications)
    .set({ status: 'refused', decisionNote: reason, staffId, decidedAt: now })
    .where(and(eq(creditApplications.rid, rid), eq(creditApplications.status, 'pending')))
    .returning();
  if (!row) {
    const [exists] = await db.select({ status: creditApplications.status }).from(creditApplications).where(eq(creditApplications.rid, rid)).limit(1);
    if (!exists) throw notFound('信用额度申请');
    throw conflict(`该申请${creditStatusLabels[exists.status]}，不能审核`);
  }
  return toView(row);
}
