import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditListBody, Page, StaffRole } from '@lab/contract';
import type { DbOrTx } from '../db/client';
import { paginate } from '../db/paginate';
import { auditLog } from '../db/schema';
import { notFound } from '../platform/errors';
import { labDayEnd, labDayStart } from '@lab/contract';

type AuditRow = typeof auditLog.$inferSelect;

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  staffId: row.staffId,
  memberId: row.memberId,
  staffName: row.staffName,
  staffRole: row.staffRole as StaffRole | 'member',
  action: row.action,
  actionLabel: row.actionLabel,
  entity: row.entity,
  targetKey: row.targetKey,
  input: row.input,
  before: row.before ?? null,
  after: row.after ?? null,
  ip: row.ip,
  createdAt: row.createdAt.toISOString(),
});

/** The audit log, newest first, by person, kind of object, action, object and date (Shanghai days). */
export async function searchAuditLog(db: DbOrTx, query: AuditListBody): Promise<Page<AuditEntry>> {
  const filters: SQL[] = [];
  if (query.staffId) filters.push(eq(auditLog.staffId, query.staffId));
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.target) filters.push(eq(auditLog.targetKey, query.target));
  if (query.from) filters.push(gte(auditLog.createdAt, labDayStart(query.from)));
  if (query.to) filters.push(lt(auditLog.createdAt, labDayEnd(query.to)));
  const where = filters.length ? and(...filters) : undefined;
  const direction = query.order === 'ascend' ? asc : desc;
  return paginate(
    query,
    (w) => db.select().from(auditLog).where(where).orderBy(direction(auditLog.createdAt), direction(auditLog.id)).limit(w.limit).offset(w.offset),
    () => db.$count(auditLog, where),
    (rows) => rows.map(toEntry),
  );
}

export async function getAuditEntry(db: DbOrTx, id: number): Promise<AuditEntry> {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1);
  if (!row) throw notFound('操作记录');
  return toEntry(row);
}
