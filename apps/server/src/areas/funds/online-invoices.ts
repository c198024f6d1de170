import { and, eq, inArray } from 'drizzle-orm';
import type { InvoiceOnlineSource } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import { invoiceApplicationItems } from './invoices.tables';

/**
 * Invoices of online money (docs/payments.md "What finance reconciles"). Every fen is invoiced
 * once, where it entered:
 *
 * - an online top-up (and online money that paid no order: the order was cancelled or paid
 *   meanwhile and the money stayed in the funds) is a prepayment, invoiced like a confirmed
 *   transfer top-up: source `online`, its payment number, the whole amount;
 * - an order paid online is a paid order: source `order`, its number, the online part only. The
 *   part the balance paid came from top-ups, which are invoiced as such, so an order paid from
 *   the funds alone is not invoiced again.
 *
 * Only the member's own money (not a community's funds, as with transfer top-ups); the partial
 * unique index of invoice_application_items keeps each source on one live application. The
 * payments (above funds) know the online money: they register its reader here at app start
 * (src/area-hooks.ts: payments/online-invoice-sources.ts).
 */
export interface OnlineMoney {
  /** The member's paid online payments that paid no order, own funds only (all, or those numbered), oldest first. */
  prepayments(db: DbOrTx, memberId: number, paymentNos?: string[]): Promise<{ paymentNo: string; topup: boolean; channel: string; amountFen: number; paidAt: Date }[]>;
  /**
   * The member's paid orders (all, or those numbered) and the online part each was paid with, oldest first. `lock` holds the
   * orders' rows (FOR SHARE) until the caller's transaction ends: an application being made waits for a cancel that holds the
   * order, and then sees it refunded (the refund voids the items it can see: invoices.service voidRefundedSource), so
   * refunded money never lands on an application.
   */
  paidOrderParts(db: DbOrTx, memberId: number, orderNos?: string[], lock?: boolean): Promise<{ orderNo: string; title: string; channel: string; amountFen: number; paidAt: Date }[]>;
  /** The payment state of the member's order by number (paid, unpaid …), or null. */
  orderPayment(db: DbOrTx, memberId: number, orderNo: string): Promise<string | null>;
  /** Whether the member made the online payment with this number. */
  ownsPayment(db: DbOrTx, memberId: number, paymentNo: string): Promise<boolean>;
}

const none: OnlineMoney = { prepayments: async () => [], paidOrderParts: async () => [], orderPayment: async () => null, ownsPayment: async () => false };
let online: OnlineMoney = none;

/** The reader of online money (one: registering again replaces it). */
export function onOnlineMoney(reader: OnlineMoney): void {
  online = reader;
}

/** The refs of these sources already on a live application. */
async function invoiced(db: DbOrTx, kind: 'order' | 'online', refs: string[]): Promise<Set<string>> {
  if (!refs.length) return new Set();
  const rows = await db
    .select({ ref: invoiceApplicationItems.sourceRef })
    .from(invoiceApplicationItems)
    .where(and(eq(invoiceApplicationItems.sourceKind, kind), inArray(invoiceApplicationItems.sourceRef, [...new Set(refs)]), eq(invoiceApplicationItems.active, true)));
  return new Set(rows.map((r) => r.ref));
}

/** invoiceApply/onlineSources: what is still to invoice, oldest first. */
export async function onlineSources(db: DbOrTx, memberId: number): Promise<InvoiceOnlineSource[]> {
  const [paid, ordersPaid] = await Promise.all([online.prepayments(db, memberId), online.paidOrderParts(db, memberId)]);
  const [paymentsDone, ordersDone] = await Promise.all([invoiced(db, 'online', paid.map((p) => p.paymentNo)), invoiced(db, 'order', ordersPaid.map((o) => o.orderNo))]);
  const byOrder = new Map<string, InvoiceOnlineSource>();
  for (const o of ordersPaid) {
    if (ordersDone.has(o.orderNo)) continue;
    const before = byOrder.get(o.orderNo);
    if (before) before.amountFen += o.amountFen;
    else byOrder.set(o.orderNo, { kind: 'order', ref: o.orderNo, title: o.title, channel: o.channel, amountFen: o.amountFen, paidAt: o.paidAt.toISOString() });
  }
  const topups: InvoiceOnlineSource[] = paid
    .filter((p) => !paymentsDone.has(p.paymentNo))
    .map((p) => ({ kind: 'online', ref: p.paymentNo, title: p.topup ? '在线充值' : '在线支付（已存入预存款）', channel: p.channel, amountFen: p.amountFen, paidAt: p.paidAt.toISOString() }));
  return [...topups, ...byOrder.values()].sort((a, b) => a.paidAt.localeCompare(b.paidAt));
}

/** The invoice items of the orders and online top-ups named (invoiceApply/add, edit); refuses what is not online money of the member's. */
export async function onlineItems(db: DbOrTx, memberId: number, orderNos: string[], paymentNos: string[]) {
  const items: { sourceKind: 'order' | 'online'; sourceRef: string; amountFen: number }[] = [];
  const wantedOrders = [...new Set(orderNos)];
  if (wantedOrders.length) {
    const found = await online.paidOrderParts(db, memberId, wantedOrders, true);
    for (const no of wantedOrders) {
      const parts = found.filter((f) => f.orderNo === no);
      if (!parts.length) {
        const payment = await online.orderPayment(db, memberId, no);
        if (payment === null) throw notFound('订单');
        if (payment !== 'paid') throw badRequest(`订单 ${no} 未支付，不能开票`);
        throw badRequest(`订单 ${no} 由预存款支付，相应款项请按预存充值开票`);
      }
      items.push({ sourceKind: 'order', sourceRef: no, amountFen: parts.reduce((sum, p) => sum + p.amountFen, 0) });
    }
  }
  const wantedPayments = [...new Set(paymentNos)];
  if (wantedPayments.length) {
    const found = await online.prepayments(db, memberId, wantedPayments);
    for (const no of wantedPayments) {
      const payment = found.find((p) => p.paymentNo === no);
      if (!payment && !(await online.ownsPayment(db, memberId, no))) throw notFound('支付记录');
      if (!payment) throw badRequest(`在线支付 ${no} 不能按充值开票（未支付、团体账户或已用于订单：请按订单开票）`);
      items.push({ sourceKind: 'online', sourceRef: no, amountFen: payment.amountFen });
    }
  }
  return items;
}
