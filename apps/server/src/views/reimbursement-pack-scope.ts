import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { isCalendarDate, labDayEnd, labDayStart, type PackPiece, type PackPieceKind, type PackQuery, type PackTemplateView } from '@lab/contract';
import type { DbOrTx } from '../db/client';
import { badRequest, notFound } from '../platform/errors';
import type { StoredKind } from '../platform/files';
import { type OrderRow } from '../areas/orders';
import { contracts } from '../areas/orders/requirements.tables';
import { orders } from '../areas/orders/orders.tables';
import { sealedDocuments } from '../areas/orders/documents/documents.tables';
import { invoiceApplicationItems, invoiceApplications } from '../areas/funds/invoices.tables';
import { prestoreApplications } from '../areas/funds/prestore.tables';
import { onlinePaymentOrders, onlinePayments } from '../areas/payments/payments.tables';
import { communities } from '../areas/member/member.tables';

/**
 * The reimbursement pack's scope (decisions/0050-reimbursement-pack.md): which orders a pack covers,
 * whether the member may take their papers, and where each order's invoices and agreement are.
 */

/** What a template asks for at a pack's total (thresholds kept by admin: content's 报销模板). */
export interface PackTemplate {
  view: PackTemplateView;
  requires: (kind: Exclude<PackPieceKind, 'cover'>, totalFen: number) => boolean;
  /** pieces it leaves out of the ZIP even when present (创新券: the 清单) */
  leaves: PackPieceKind[];
}

export function templateRules(view: PackTemplateView): PackTemplate {
  return {
    view,
    requires: (kind, total) =>
      kind === 'statement' ? view.key === 'default' && total < view.contractFromFen : kind === 'agreement' ? total >= view.contractFromFen : kind === 'payment' ? total >= view.proofFromFen : true,
    leaves: view.key === 'voucher' ? ['statement'] : [],
  };
}

/** A file that goes in the ZIP: a stored one, or a sealed paper issued when the pack is made. */
export type PieceSource = { stored: { kind: StoredKind; name: string } } | { seal: 'statement' | 'payment_proof'; order: OrderRow } | { made: () => Promise<Buffer> };

export interface PlannedPiece extends PackPiece {
  source: PieceSource | null;
}

export interface Scope {
  /** what the pack is of, for the audit row and the file name */
  key: string;
  label: string;
  orders: OrderRow[];
  /** the invoice application the pack was asked for */
  invoice: typeof invoiceApplications.$inferSelect | null;
}

export const due = (o: OrderRow) => o.totalFen - o.discountFen;
export const safeName = (name: string) => name.replace(/[\\/:*?"<>|\r\n\t]+/g, '_').trim() || '文件';
export const extOf = (type: string | null | undefined, name = '') => {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  if (m) return `.${m[1]!.toLowerCase()}`;
  return type === 'application/pdf' ? '.pdf' : type === 'image/png' ? '.png' : type === 'image/jpeg' ? '.jpg' : '';
};

/** Whether the member may take this order's papers: its owner, or the owner of the community that paid it. */
export async function mayTake(db: DbOrTx, memberId: number, order: OrderRow): Promise<boolean> {
  if (order.memberId === memberId) return true;
  if (order.paidFromKind !== 'community' || order.paidFromId === null) return false;
  const [owner] = await db.select({ id: communities.id }).from(communities).where(and(eq(communities.id, order.paidFromId), eq(communities.ownerMemberId, memberId))).limit(1);
  return Boolean(owner);
}

export async function resolveScope(db: DbOrTx, memberId: number, query: PackQuery): Promise<Scope> {
  if (query.order_no) {
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, query.order_no)).limit(1);
    if (!order || !(await mayTake(db, memberId, order))) throw notFound('订单');
    return { key: order.orderNo, label: `订单 ${order.orderNo}`, orders: [order], invoice: null };
  }
  if (query.invoice_rid) {
    const [invoice] = await db
      .select()
      .from(invoiceApplications)
      .where(and(eq(invoiceApplications.rid, query.invoice_rid), eq(invoiceApplications.memberId, memberId)))
      .limit(1);
    if (!invoice) throw notFound('开票申请');
    const items = await db
      .select()
      .from(invoiceApplicationItems)
      .where(and(eq(invoiceApplicationItems.applicationId, invoice.id), eq(invoiceApplicationItems.active, true)));
    const orderNos = items.filter((i) => i.sourceKind === 'order').map((i) => i.sourceRef);
    const paymentNos = items.filter((i) => i.sourceKind === 'online').map((i) => i.sourceRef);
    const viaOnline = paymentNos.length
      ? await db
          .select({ orderId: onlinePaymentOrders.orderId })
          .from(onlinePaymentOrders)
          .innerJoin(onlinePayments, eq(onlinePayments.id, onlinePaymentOrders.paymentId))
          .where(and(inArray(onlinePayments.paymentNo, paymentNos), eq(onlinePaymentOrders.paidOrder, true)))
      : [];
    const covered =
      orderNos.length || viaOnline.length
        ? await db
            .select()
            .from(orders)
            .where(or(orderNos.length ? inArray(orders.orderNo, orderNos) : undefined, viaOnline.length ? inArray(orders.id, viaOnline.map((v) => v.orderId)) : undefined))
            .orderBy(asc(orders.createdAt), asc(orders.id))
        : [];
    return { key: invoice.rid, label: `开票申请（${invoice.title.title}）`, orders: covered, invoice };
  }
  const from = query.from ?? `${(query.to ?? '').slice(0, 7)}-01`;
  const to = query.to ?? from;
  if (!isCalendarDate(from)) throw badRequest('[开始日期]不是有效日期');
  if (!isCalendarDate(to)) throw badRequest('[结束日期]不是有效日期');
  if (from > to) throw badRequest('[开始日期]不能晚于[结束日期]');
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.memberId, memberId), ne(orders.progress, 'cancelled'), gte(orders.createdAt, labDayStart(from)), lt(orders.createdAt, labDayEnd(to))))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(200);
  return { key: `${from}~${to}`, label: `对账期间 ${from} 至 ${to}`, orders: rows, invoice: null };
}

/** The issued (or pending) invoices that cover an order: its own, or for an order the funds paid, the top-ups' invoices before it. */
export async function orderInvoices(db: DbOrTx, order: OrderRow) {
  const byOrder = await db
    .select({ app: invoiceApplications })
    .from(invoiceApplicationItems)
    .innerJoin(invoiceApplications, eq(invoiceApplications.id, invoiceApplicationItems.applicationId))
    .where(and(eq(invoiceApplicationItems.sourceKind, 'order'), eq(invoiceApplicationItems.sourceRef, order.orderNo), eq(invoiceApplicationItems.active, true)));
  if (byOrder.length || order.paidFromKind === null || order.paidFromId === null || !order.paidAt) return { apps: byOrder.map((r) => r.app), viaTopups: false };
  // paid from the prepaid funds alone: the money was invoiced when it was topped up (funds/online-invoices.ts)
  const topups = await db
    .select({ rid: prestoreApplications.rid })
    .from(prestoreApplications)
    .where(
      and(
        order.paidFromKind === 'community' ? eq(prestoreApplications.communityId, order.paidFromId) : and(eq(prestoreApplications.memberId, order.paidFromId), isNull(prestoreApplications.communityId)),
        eq(prestoreApplications.status, 'confirmed'),
        lte(prestoreApplications.decidedAt, order.paidAt),
      ),
    );
  const onlineTopups = await db
    .select({ no: onlinePayments.paymentNo })
    .from(onlinePayments)
    .where(and(eq(onlinePayments.purpose, 'topup'), eq(onlinePayments.fundsKind, order.paidFromKind), eq(onlinePayments.fundsId, order.paidFromId), eq(onlinePayments.state, 'paid'), lte(onlinePayments.paidAt, order.paidAt)));
  const refs = [...topups.map((t) => t.rid), ...onlineTopups.map((t) => t.no)];
  if (!refs.length) return { apps: [], viaTopups: true };
  const apps = await db
    .selectDistinct({ app: invoiceApplications })
    .from(invoiceApplicationItems)
    .innerJoin(invoiceApplications, eq(invoiceApplications.id, invoiceApplicationItems.applicationId))
    .where(and(inArray(invoiceApplicationItems.sourceKind, ['prestore', 'online']), inArray(invoiceApplicationItems.sourceRef, refs), eq(invoiceApplicationItems.active, true)))
    .orderBy(desc(invoiceApplications.issuedOn));
  return { apps: apps.map((r) => r.app), viaTopups: true };
}

export type InvoiceRow = typeof invoiceApplications.$inferSelect;
export const invoiceFile = (app: InvoiceRow): PieceSource | null => (app.status === 'issued' && app.fileName ? { stored: { kind: 'invoices', name: app.fileName } } : null);

/** The signed agreement of an order: signed online (a sealed 协议 in the register) or printed, signed and uploaded. */
export async function orderAgreement(db: DbOrTx, order: OrderRow): Promise<{ source: PieceSource; ext: string } | null> {
  const [sealed] = await db
    .select()
    .from(sealedDocuments)
    .where(and(eq(sealedDocuments.orderId, order.id), eq(sealedDocuments.kind, 'agreement'), isNull(sealedDocuments.revokedAt), isNull(sealedDocuments.supersededAt)))
    .orderBy(desc(sealedDocuments.issuedAt))
    .limit(1);
  if (sealed) return { source: { stored: { kind: 'documents', name: sealed.storedName } }, ext: '.pdf' };
  const [signed] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.orderId, order.id), eq(contracts.kind, 'agreement'), inArray(contracts.status, ['signed', 'confirmed'])))
    .limit(1);
  if (signed?.signedStoredName) return { source: { stored: { kind: 'protocols', name: signed.signedStoredName } }, ext: extOf(signed.signedType, signed.signedStoredName) };
  return null;
}
