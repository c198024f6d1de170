import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  addDays,
  labDay,
  PAY_VENDOR_NAMES,
  RECONCILE_KIND_NAMES,
  type AdminReconcileListBody,
  type AdminReconcileResolveBody,
  type ReconcileDetail,
  type ReconcileKind,
  type ReconcileLine,
  type ReconcileRun,
} from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { auditEntity } from '../../platform/audit';
import { staffNames } from '../accounts';
import { paymentReconciliationLines, paymentReconciliations } from './reconciliation.tables';


/** Finance's reconciliation screens: the runs and their lines as views, a line resolved, the audit entities (runs: reconcile.service.ts). */

type RunRow = typeof paymentReconciliations.$inferSelect;
type LineRow = typeof paymentReconciliationLines.$inferSelect;

export async function toRunViews(db: DbOrTx, rows: RunRow[]): Promise<ReconcileRun[]> {
  const names = await staffNames(db, rows.map((r) => r.staffId));
  const ids = rows.map((r) => r.id);
  const open = ids.length
    ? await db
        .select({ runId: paymentReconciliationLines.runId, n: sql<number>`count(*)::int` })
        .from(paymentReconciliationLines)
        .where(and(inArray(paymentReconciliationLines.runId, ids), sql`${paymentReconciliationLines.resolvedAt} is null`))
        .groupBy(paymentReconciliationLines.runId)
    : [];
  return rows.map((r) => ({
    id: r.id,
    vendor: r.vendor,
    vendorText: PAY_VENDOR_NAMES[r.vendor],
    day: r.day,
    provider: r.provider,
    state: r.state,
    error: r.error,
    billPayCount: r.billPayCount,
    billPayFen: Number(r.billPayFen),
    billRefundCount: r.billRefundCount,
    billRefundFen: Number(r.billRefundFen),
    ourPayCount: r.ourPayCount,
    ourPayFen: Number(r.ourPayFen),
    ourRefundCount: r.ourRefundCount,
    ourRefundFen: Number(r.ourRefundFen),
    mismatchCount: r.mismatchCount,
    openCount: Number(open.find((o) => o.runId === r.id)?.n ?? 0),
    runBy: r.runBy,
    staffName: r.staffId === null ? null : (names.get(r.staffId) ?? null),
    ranAt: r.ranAt.toISOString(),
  }));
}

async function toLineViews(db: DbOrTx, rows: LineRow[]): Promise<ReconcileLine[]> {
  const names = await staffNames(db, rows.map((r) => r.resolvedBy));
  return rows.map((l) => ({
    id: l.id,
    kind: l.kind,
    kindText: RECONCILE_KIND_NAMES[l.kind as ReconcileKind],
    paymentNo: l.paymentNo,
    refundNo: l.refundNo,
    tradeNo: l.tradeNo,
    billFen: l.billFen === null ? null : Number(l.billFen),
    ourFen: l.ourFen === null ? null : Number(l.ourFen),
    ourState: l.ourState,
    resolvedAt: l.resolvedAt?.toISOString() ?? null,
    resolvedByName: l.resolvedBy === null ? null : (names.get(l.resolvedBy) ?? null),
    resolveNote: l.resolveNote,
  }));
}

/** reconcile/list: the runs of a day range (default the last 30 days), newest day first. */
export async function listRuns(db: DbOrTx, body: AdminReconcileListBody, now: Date): Promise<ReconcileRun[]> {
  const to = body.to ?? labDay(now);
  const from = body.from ?? addDays(to, -30);
  if (from > to) throw badRequest('[开始日期]不能晚于[结束日期]');
  const rows = await db
    .select()
    .from(paymentReconciliations)
    .where(and(gte(paymentReconciliations.day, from), lte(paymentReconciliations.day, to), body.vendor ? eq(paymentReconciliations.vendor, body.vendor) : undefined))
    .orderBy(desc(paymentReconciliations.day), paymentReconciliations.vendor)
    .limit(400);
  return toRunViews(db, rows);
}

/** reconcile/detail: a run and its lines, unresolved first. */
export async function runDetail(db: DbOrTx, id: number): Promise<ReconcileDetail> {
  const [run] = await db.select().from(paymentReconciliations).where(eq(paymentReconciliations.id, id)).limit(1);
  if (!run) throw notFound('对账记录');
  const lines = await db
    .select()
    .from(paymentReconciliationLines)
    .where(eq(paymentReconciliationLines.runId, id))
    .orderBy(sql`${paymentReconciliationLines.resolvedAt} is not null`, paymentReconciliationLines.id);
  return { run: (await toRunViews(db, [run]))[0]!, lines: await toLineViews(db, lines) };
}

/** reconcile/resolve: a difference marked handled with the staff member's note (the route audits it in this transaction). */
export async function resolveLine(db: DbOrTx, staffId: number, body: AdminReconcileResolveBody, now: Date): Promise<ReconcileLine> {
  const [updated] = await db
    .update(paymentReconciliationLines)
    .set({ resolvedAt: now, resolvedBy: staffId, resolveNote: body.note })
    .where(and(eq(paymentReconciliationLines.id, body.id), sql`${paymentReconciliationLines.resolvedAt} is null`))
    .returning();
  if (!updated) {
    const [exists] = await db.select({ id: paymentReconciliationLines.id }).from(paymentReconciliationLines).where(eq(paymentReconciliationLines.id, body.id)).limit(1);
    if (!exists) throw notFound('差异记录');
    throw conflict('该差异已处理，请刷新');
  }
  return (await toLineViews(db, [updated]))[0]!;
}

/** 对账差异 by id, as the audit log keeps it. */
export const reconcileLineAudit = auditEntity<number>('reconcileLine', async (db, id) => {
  const [row] = await db
    .select({ line: paymentReconciliationLines, vendor: paymentReconciliations.vendor, day: paymentReconciliations.day })
    .from(paymentReconciliationLines)
    .innerJoin(paymentReconciliations, eq(paymentReconciliations.id, paymentReconciliationLines.runId))
    .where(eq(paymentReconciliationLines.id, Number(id)))
    .limit(1);
  if (!row) return null;
  const { line } = row;
  return { vendor: row.vendor, day: row.day, kind: line.kind, paymentNo: line.paymentNo, refundNo: line.refundNo, billFen: line.billFen, ourFen: line.ourFen, resolvedAt: line.resolvedAt, resolvedBy: line.resolvedBy, resolveNote: line.resolveNote };
});

/** 对账 of a day (key YYYY-MM-DD): the runs of that day, as the audit log keeps them. */
export const reconcileDayAudit = auditEntity<string>('reconcileDay', async (db, day) => {
  const rows = await db.select().from(paymentReconciliations).where(eq(paymentReconciliations.day, String(day)));
  if (!rows.length) return null;
  return Object.fromEntries(rows.map((r) => [r.vendor, { state: r.state, ourPayFen: r.ourPayFen, billPayFen: r.billPayFen, mismatchCount: r.mismatchCount, ranAt: r.ranAt }]));
});
