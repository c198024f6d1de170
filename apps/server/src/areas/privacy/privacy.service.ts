import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { closedMemberLabel, DATA_EXPORTS_PER_HOUR, type AdminClosureListBody, type AdminClosureRow, type Page, type PrivacyOverview } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { auditLog, invoiceApplications, members, orders } from '../../db/schema';
import { getMember } from '../accounts';
import { closureBlockers, maskPhone, pointsBalanceOf } from './closure.service';
import { exportsInLastHour, lastExportAt } from './export.service';

/** privacy/overview: the page's figures, read before the member tries anything. */
export async function privacyOverview(db: DbOrTx, memberId: number, now: Date): Promise<PrivacyOverview> {
  const member = await getMember(db, memberId);
  const [blockers, points, last, used] = await Promise.all([closureBlockers(db, memberId, { openPayments: false }), pointsBalanceOf(db, memberId), lastExportAt(db, memberId), exportsInLastHour(db, memberId, now)]);
  return {
    phoneMasked: maskPhone(member.phone),
    hasPassword: member.passwordHash !== null,
    blockers,
    pointsBalance: points,
    lastExportAt: last?.toISOString() ?? null,
    exportsLeftThisHour: Math.max(0, DATA_EXPORTS_PER_HOUR - used),
  };
}

/** adminPrivacy/closures: closed accounts, newest first; nothing personal is left to show. */
export async function listClosures(db: DbOrTx, query: AdminClosureListBody): Promise<Page<AdminClosureRow>> {
  const where = isNotNull(members.closedAt);
  const direction = query.order === 'ascend' ? asc : desc;
  return paginate(
    query,
    (w) => db.select({ id: members.id, rid: members.rid, createdAt: members.createdAt, closedAt: members.closedAt }).from(members).where(where).orderBy(direction(members.closedAt), direction(members.id)).limit(w.limit).offset(w.offset),
    () => db.$count(members, where),
    async (rows) => {
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return [];
      const [orderCounts, invoiceCounts, audits] = await Promise.all([
        db.select({ id: orders.memberId, n: count() }).from(orders).where(inArray(orders.memberId, ids)).groupBy(orders.memberId),
        db.select({ id: invoiceApplications.memberId, n: count() }).from(invoiceApplications).where(inArray(invoiceApplications.memberId, ids)).groupBy(invoiceApplications.memberId),
        db.select({ id: auditLog.id, memberId: auditLog.memberId, input: auditLog.input }).from(auditLog).where(and(inArray(auditLog.memberId, ids), eq(auditLog.action, 'privacy.close'))),
      ]);
      return rows.map((r) => {
        const audit = audits.find((a) => a.memberId === r.id);
        const via = audit?.input.confirmedBy;
        return {
          id: r.id,
          rid: r.rid,
          label: closedMemberLabel(r.id),
          registeredAt: r.createdAt.toISOString(),
          closedAt: r.closedAt!.toISOString(),
          confirmedBy: typeof via === 'string' ? via : null,
          orderCount: orderCounts.find((c) => c.id === r.id)?.n ?? 0,
          invoiceCount: invoiceCounts.find((c) => c.id === r.id)?.n ?? 0,
          auditId: audit?.id ?? null,
        };
      });
    },
  );
}
