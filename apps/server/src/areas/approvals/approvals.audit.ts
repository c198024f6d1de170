import { and, eq } from 'drizzle-orm';
import { approvalActionLabels, approvalStatusLabels, type ApprovalKind, type StaffRole } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { auditEntity } from '../../platform/audit';
import { staffRefs } from '../accounts';
import { approvalLimits, approvalRequests } from './approvals.tables';

const personOf = async (db: DbOrTx, id: number | null) => {
  if (id === null) return null;
  const row = (await staffRefs(db, [id])).get(id);
  return row ? `${row.name}（${row.role}）` : `#${id}`;
};

/**
 * An approval request by rid, as the log keeps it: what was filed, by whom, and — once
 * decided — by whom and with what result, so the checker's row names both people.
 */
export const approvalAudit = auditEntity<string>('approval', async (db, rid) => {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.rid, String(rid))).limit(1);
  if (!row) return null;
  return {
    rid: row.rid,
    action: approvalActionLabels[row.action],
    summary: row.summary,
    valueFen: row.valueFen,
    makerLimitFen: row.makerLimitFen,
    note: row.note,
    maker: await personOf(db, row.makerId),
    status: approvalStatusLabels[row.status],
    checker: await personOf(db, row.checkerId),
    decidedAt: row.decidedAt,
    decisionReason: row.decisionReason,
    resultKey: row.resultKey,
  };
});

/** The key of one limit in the log: `<role>:<kind>`. */
export const limitKey = (role: StaffRole, kind: ApprovalKind) => `${role}:${kind}`;

/** One role's limit for one kind (null: no limit). */
export const approvalLimitAudit = auditEntity<string>('approvalLimit', async (db, key) => {
  const [role, kind] = String(key).split(':') as [StaffRole, ApprovalKind];
  const [row] = await db
    .select({ limitFen: approvalLimits.limitFen })
    .from(approvalLimits)
    .where(and(eq(approvalLimits.role, role), eq(approvalLimits.kind, kind)))
    .limit(1);
  return { role, kind, limitFen: row ? row.limitFen : 0 };
});
