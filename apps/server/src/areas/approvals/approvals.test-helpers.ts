import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminApproval, ApprovalFiled, ApprovalKind, StaffRole } from '@lab/contract';
import type { TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { auditLog } from '../../db/schema';
import { seedCatalog } from '../catalog/catalog.seed';
import { serviceItems } from '../catalog/catalog.tables';
import { post } from '../funds/test-helpers';
import { approvalLimits } from './approvals.tables';

export { post };

export type Staff = Awaited<ReturnType<typeof makeStaff>>;

/** Two of every role, so a maker always has a colleague of their own role. */
export async function approvalsContext(t: TestContext) {
  await seedCatalog(t.db);
  const [item] = await t.db.select().from(serviceItems).where(eq(serviceItems.reservable, false)).orderBy(asc(serviceItems.id)).limit(1);
  if (!item) throw new Error('no catalogue item');
  const now = t.clock.now();
  const roles: StaffRole[] = ['admin', 'admin', 'sales', 'sales', 'lab', 'finance', 'finance'];
  const [admin, admin2, sales, sales2, lab, finance, finance2] = await Promise.all(roles.map((role) => makeStaff(t.db, role, now)));
  return { item, admin: admin!, admin2: admin2!, sales: sales!, sales2: sales2!, lab: lab!, finance: finance!, finance2: finance2! };
}

/** An answer that must be "filed for approval": the envelope's msg is the filed sentence. */
export function expectFiled(res: { status: number; code: number; msg: string; data: unknown }): AdminApproval {
  expect(res, res.msg).toMatchObject({ status: 200, code: 1, data: { pendingApproval: { status: 'pending' } } });
  const filed = res.data as ApprovalFiled;
  expect(res.msg).toBe(filed.message);
  expect(res.msg).toMatch(/已提交审批/);
  return filed.pendingApproval;
}

export const decide = (t: TestContext, verb: 'approve' | 'reject' | 'withdraw' | 'detail', who: { token: string }, form: Record<string, string>) =>
  post<AdminApproval>(t, `/api/admin/approvals/${verb}`, who, form);

/** The audit rows that name one approval request, oldest first. */
export const auditOf = (t: TestContext, rid: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'approval'), eq(auditLog.targetKey, rid))).orderBy(asc(auditLog.id));

/** Sets one limit straight in the table (the limits screen's own tests go through the call); periods left out are unbounded. */
export async function setLimit(t: TestContext, role: StaffRole, kind: ApprovalKind, limitFen: number | null, periods: { day?: number | null; month?: number | null; target?: number | null } = {}) {
  const values = { limitFen, dayLimitFen: periods.day ?? null, monthLimitFen: periods.month ?? null, targetLimitFen: periods.target ?? null };
  await t.db
    .insert(approvalLimits)
    .values({ role, kind, ...values })
    .onConflictDoUpdate({ target: [approvalLimits.role, approvalLimits.kind], set: values });
}

/** A role's limits for a kind as the table holds them, to put back after a test changed them. */
export async function limitRow(t: TestContext, role: StaffRole, kind: ApprovalKind) {
  const [row] = await t.db.select().from(approvalLimits).where(and(eq(approvalLimits.role, role), eq(approvalLimits.kind, kind)));
  return { limit: row ? row.limitFen : 0, periods: { day: row?.dayLimitFen ?? null, month: row?.monthLimitFen ?? null, target: row?.targetLimitFen ?? null } };
}
