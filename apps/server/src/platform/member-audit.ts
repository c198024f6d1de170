import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * A member's own row in the audit log (audit_log.member_id set, staff_id null): the privacy
 * actions a member takes on their own data — 导出我的数据, 注销账号 — written by the service in
 * the transaction of the change, like the staff rows of platform/audit.ts. The name column
 * holds 会员#<id>, never the person's name or phone, so the row survives the erasure intact.
 */
export interface MemberAuditRow {
  memberId: number;
  /** stable key, e.g. privacy.export */
  action: string;
  /** what a person reads: 导出个人信息副本 */
  label: string;
  entity: string;
  targetKey: string | null;
  input?: Record<string, unknown>;
  before?: unknown;
  after?: unknown;
  ip?: string | null | undefined;
  requestId?: string | null | undefined;
  now: Date;
}

export async function writeMemberAudit(db: DbOrTx, row: MemberAuditRow): Promise<number> {
  const [written] = await db
    .insert(auditLog)
    .values({
      staffId: null,
      memberId: row.memberId,
      staffName: `会员#${row.memberId}`,
      staffRole: 'member',
      action: row.action,
      actionLabel: row.label,
      entity: row.entity,
      targetKey: row.targetKey,
      input: row.input ?? {},
      before: row.before ?? null,
      after: row.after ?? null,
      ip: row.ip ?? null,
      requestId: row.requestId ?? null,
      createdAt: row.now,
    })
    .returning({ id: auditLog.id });
  return written!.id;
}
