import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatFen, type InvoiceApplication, type AdminInvoiceRedBody } from '@lab/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { conflict, decisionChanged, notFound } from '../../platform/errors';
import { postMessage } from '../messages';
import { invoiceApplicationItems, invoiceApplications, invoiceRedLetters } from './funds.tables';

import { one } from './invoices.service';

/** Refunds: no invoice for money that went back (issue 28, hole 4). */

/** The application's version moves on although none of its own columns may change (its red letters did). */
const nextVersion = sql`${invoiceApplications.version} + 1`;

export type InvoiceSourceKind = (typeof invoiceApplicationItems.$inferSelect)['sourceKind'];

/**
 * Money an invoice application covers went back to the payer (an order cancelled and refunded,
 * to the funds or to the payment channel), inside the refund's own transaction. The item that
 * covers it is marked refunded, and
 * - on a pending application it leaves it: the amount drops (the row changes, so its version
 *   does: finance's 开票 on the version it saw answers 409 and shows the new amount); an
 *   application left with nothing is void (已作废). The member is told.
 * - on an issued one it stays, and the application owes a 红冲 (invoice_red_letters, needed)
 *   for that amount, which finance records from the 待红冲 queue (recordRedLetter).
 * Never the same money invoiced twice, never money no longer paid invoiced: the refunded source
 * is not invoiceable any more (online-invoices.ts reads only paid orders), and an application
 * being made for it meanwhile waits for the order row the refund holds (onlineItems locks it).
 * Idempotent: an item refunded before is skipped.
 */
export async function voidRefundedSource(tx: Tx, source: { kind: InvoiceSourceKind; ref: string; note: string }, now: Date): Promise<void> {
  const items = await tx
    .select({ id: invoiceApplicationItems.id, applicationId: invoiceApplicationItems.applicationId, amountFen: invoiceApplicationItems.amountFen })
    .from(invoiceApplicationItems)
    .where(and(eq(invoiceApplicationItems.sourceKind, source.kind), eq(invoiceApplicationItems.sourceRef, source.ref), eq(invoiceApplicationItems.active, true), isNull(invoiceApplicationItems.refundedAt)));
  for (const item of items) {
    const [application] = await tx.select().from(invoiceApplications).where(eq(invoiceApplications.id, item.applicationId)).for('update').limit(1);
    if (!application) continue;
    const amount = formatFen(Number(item.amountFen));
    if (application.status === 'pending') {
      await tx.update(invoiceApplicationItems).set({ active: false, refundedAt: now, refundNote: source.note }).where(eq(invoiceApplicationItems.id, item.id));
      const [left] = await tx
        .select({ fen: sql<string>`coalesce(sum(${invoiceApplicationItems.amountFen}), 0)` })
        .from(invoiceApplicationItems)
        .where(and(eq(invoiceApplicationItems.applicationId, application.id), eq(invoiceApplicationItems.active, true)));
      const leftFen = Number(left?.fen ?? 0);
      if (leftFen > 0) {
        await tx.update(invoiceApplications).set({ amountFen: leftFen, updatedAt: now }).where(eq(invoiceApplications.id, application.id));
      } else {
        await tx.update(invoiceApplications).set({ status: 'void', rejectReason: `${source.note}，款项已退回，申请自动作废`, decidedAt: now, updatedAt: now }).where(eq(invoiceApplications.id, application.id));
      }
      await postMessage(
        tx,
        application.memberId,
        {
          kind: 'funds',
          title: leftFen > 0 ? '开票申请金额已调整' : '开票申请已作废',
          content:
            leftFen > 0
              ? `${source.note}，其款项${amount}已退回，不再开票；您的开票申请（抬头「${application.title.title}」）金额调整为${formatFen(leftFen)}。`
              : `${source.note}，其款项${amount}已退回，不再开票；您的开票申请（抬头「${application.title.title}」）已作废。`,
          link: '/member/invoiceLs',
        },
        now,
      );
    } else if (application.status === 'issued') {
      await tx.update(invoiceApplicationItems).set({ refundedAt: now, refundNote: source.note }).where(eq(invoiceApplicationItems.id, item.id));
      await tx.insert(invoiceRedLetters).values({ applicationId: application.id, itemId: item.id, amountFen: Number(item.amountFen), reason: `${source.note}，退款${amount}`, createdAt: now });
      // its version moves on: a 红冲 recorded on what finance saw before answers 409
      await tx.update(invoiceApplications).set({ updatedAt: now, version: nextVersion }).where(eq(invoiceApplications.id, application.id));
      await postMessage(
        tx,
        application.memberId,
        {
          kind: 'funds',
          title: '发票待红冲',
          content: `${source.note}，其款项${amount}已退回。该款项已开具的发票（号码 ${application.invoiceNo ?? ''}）将由财务红冲（开具红字发票），红冲后请勿再以原发票报销该金额。`,
          link: '/member/invoiceLs',
        },
        now,
      );
    }
  }
}

/**
 * invoice/red: finance records the red-letter invoice it issued for the refunded money of an
 * issued invoice: every 红冲 the application owes becomes done with that number and date. On
 * the version the queue showed (a refund since changed it: 409); nothing owed: 409.
 */
export async function recordRedLetter(db: DbOrTx, staffId: number, input: AdminInvoiceRedBody, now: Date): Promise<InvoiceApplication> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(invoiceApplications).where(eq(invoiceApplications.rid, input.rid)).for('update').limit(1);
    if (!current) throw notFound('开票申请');
    if (current.version !== input.version) throw decisionChanged();
    const done = await tx
      .update(invoiceRedLetters)
      .set({ status: 'done', redInvoiceNo: input.red_invoice_no, redIssuedOn: input.red_issued_on, staffId, doneAt: now })
      .where(and(eq(invoiceRedLetters.applicationId, current.id), eq(invoiceRedLetters.status, 'needed')))
      .returning({ amountFen: invoiceRedLetters.amountFen });
    if (done.length === 0) throw conflict('该发票没有待红冲的款项');
    const [updated] = await tx.update(invoiceApplications).set({ updatedAt: now, version: nextVersion }).where(eq(invoiceApplications.id, current.id)).returning();
    const fen = done.reduce((sum, r) => sum + Number(r.amountFen), 0);
    await postMessage(
      tx,
      current.memberId,
      { kind: 'funds', title: '发票已红冲', content: `您的发票（号码 ${current.invoiceNo ?? ''}）中已退款的${formatFen(fen)}已红冲，红字发票号码 ${input.red_invoice_no}，开具日期 ${input.red_issued_on}。`, link: '/member/invoiceLs' },
      now,
    );
    return one(tx, updated!);
  });
}
