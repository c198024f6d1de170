import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Page, StaffAlertView, StaffAlertListBody } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { staffAlerts } from '../../db/tables/jobs.tables';
import { auditEntity } from '../../platform/audit';
import { notFound } from '../../platform/errors';

/**
 * In-site alerts to staff (站内提醒): what a background job found that a person must act on —
 * a ledger that does not add up (admins), a service promise about to fall due (the role that
 * keeps it). One row per finding (`key`): a job that runs again, or on a second instance, does
 * not raise it twice. Listed in the back office until someone marks it handled.
 */

export type StaffAlertInput = Omit<typeof staffAlerts.$inferInsert, 'id' | 'handledAt' | 'handledBy'>;

/** Raises the alert unless one with its key exists; answers whether it is new. */
export async function raiseStaffAlert(db: DbOrTx, alert: StaffAlertInput): Promise<boolean> {
  const inserted = await db.insert(staffAlerts).values(alert).onConflictDoNothing({ target: staffAlerts.key }).returning({ id: staffAlerts.id });
  return inserted.length > 0;
}

type AlertRow = typeof staffAlerts.$inferSelect;

const toView = (row: AlertRow): StaffAlertView => ({
  id: row.id,
  kind: row.kind,
  role: row.role,
  title: row.title,
  content: row.content,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
});

/** Newest first; `open` keeps those nobody has handled. Admins see every role's. */
export async function listStaffAlerts(db: DbOrTx, query: StaffAlertListBody): Promise<Page<StaffAlertView>> {
  const filters: SQL[] = [];
  if (query.open) filters.push(isNull(staffAlerts.handledAt));
  if (query.kind) filters.push(eq(staffAlerts.kind, query.kind));
  const where = filters.length ? and(...filters) : undefined;
  return paginate(
    query,
    (w) => db.select().from(staffAlerts).where(where).orderBy(desc(staffAlerts.createdAt), desc(staffAlerts.id)).limit(w.limit).offset(w.offset),
    () => db.$count(staffAlerts, where),
    (rows) => rows.map(toView),
  );
}

export const staffAlertAudit = auditEntity<number>('staff_alert', async (db, id) => {
  const [row] = await db.select().from(staffAlerts).where(eq(staffAlerts.id, id)).limit(1);
  return row ? toView(row) : null;
});

/** 标记已处理: the first handling stays. */
export async function handleStaffAlert(db: DbOrTx, staffId: number, id: number, now: Date): Promise<StaffAlertView> {
  await db
    .update(staffAlerts)
    .set({ handledAt: now, handledBy: staffId })
    .where(and(eq(staffAlerts.id, id), isNull(staffAlerts.handledAt)));
  const [row] = await db.select().from(staffAlerts).where(eq(staffAlerts.id, id)).limit(1);
  if (!row) throw notFound('提醒');
  return toView(row);
}
