import { and, asc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { PAY_VENDOR_NAMES, type InvoiceOnlineSource } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import { orders } from '../orders/orders.tables';
import { onlinePaymentOrders, onlinePayments } from '../payments/payments.tables';

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
 * unique index of invoice_application_items keeps each source on one live application.
 */

const notInvoiced = (kind: 'order' | 'online', ref: AnyColumn) =>
  sql`not exists (select 1 from invoice_application_items i where i.source_kind = ${kind} and i.source_ref = ${ref} and i.active)`;

/** The member's paid online payments that paid no order (top-ups, money left in the funds), own funds only. */
function prepayments(db: DbOrTx, memberId: number, paymentNos?: string[], onlyOpen = false) {
  return db
    .select()
    .from(onlinePayments)
    .where(
      and(
        eq(onlinePayments.memberId, memberId),
        eq(onlinePayments.state, 'paid'),
        eq(onlinePayments.fundsKind, 'member'),
        paymentNos ? inArray(onlinePayments.paymentNo, paymentNos) : undefined,
        sql`not exists (select 1 from ${onlinePaymentOrders} l where l.payment_id = ${onlinePayments.id} and l.paid_order)`,
        onlyOpen ? notInvoiced('online', onlinePayments.paymentNo) : undefined,
      ),
    )
    .orderBy(asc(onlinePayments.paidAt));
}

/**
 * The member's paid orders and the online part each was paid with. `lock` holds the orders' rows
 * (FOR SHARE) until the caller's transaction ends: an application being made waits for a cancel
 * that holds the order, and then sees it refunded (the refund voids the items it can see:
 * invoices.service voidRefundedSource), so refunded money never lands on an application.
 */
function onlinePaidOrders(db: DbOrTx, memberId: number, orderNos?: string[], onlyOpen = false, lock = false) {
  const query = db
    .select({ orderNo: orders.orderNo, title: orders.title, vendor: onlinePayments.vendor, paidAt: onlinePayments.paidAt, amountFen: onlinePaymentOrders.amountFen })
    .from(onlinePaymentOrders)
    .innerJoin(onlinePayments, eq(onlinePayments.id, onlinePaymentOrders.paymentId))
    .innerJoin(orders, eq(orders.id, onlinePaymentOrders.orderId))
    .where(
      and(
        eq(orders.memberId, memberId),
        eq(orders.payment, 'paid'),
        eq(onlinePaymentOrders.paidOrder, true),
        eq(onlinePayments.state, 'paid'),
        orderNos ? inArray(orders.orderNo, orderNos) : undefined,
        onlyOpen ? notInvoiced('order', orders.orderNo) : undefined,
      ),
    )
    .orderBy(asc(onlinePayments.paidAt));
  return lock ? query.for('share', { of: orders }) : query;
}

/** invoiceApply/onlineSources: what is still to invoice, oldest first. */
export async function onlineSources(db: DbOrTx, memberId: number): Promise<InvoiceOnlineSource[]> {
  const [paid, ordersPaid] = await Promise.all([prepayments(db, memberId, undefined, true), onlinePaidOrders(db, memberId, undefined, true)]);
  const byOrder = new Map<string, InvoiceOnlineSource>();
  for (const o of ordersPaid) {
    const before = byOrder.get(o.orderNo);
    if (before) before.amountFen += Number(o.amountFen);
    else byOrder.set(o.orderNo, { kind: 'order', ref: o.orderNo, title: o.title, channel: PAY_VENDOR_NAMES[o.vendor], amountFen: Number(o.amountFen), paidAt: o.paidAt!.toISOString() });
  }
  const topups: InvoiceOnlineSource[] = paid.map((p) => ({
    kind: 'online',
    ref: p.paymentNo,
    title: p.purpose === 'topup' ? '在线充值' : '在线支付（已存入预存款）',
    channel: PAY_VENDOR_NAMES[p.vendor],
    amountFen: Number(p.amountFen),
    paidAt: p.paidAt!.toISOString(),
  }));
  return [...topups, ...byOrder.values()].sort((a, b) => a.paidAt.localeCompare(b.paidAt));
}

/** The invoice items of the orders and online top-ups named (invoiceApply/add, edit); refuses what is not online money of the member's. */
export async function onlineItems(db: DbOrTx, memberId: number, orderNos: string[], paymentNos: string[]) {
  const items: { sourceKind: 'order' | 'online'; sourceRef: string; amountFen: number }[] = [];
  const wantedOrders = [...new Set(orderNos)];
  if (wantedOrders.length) {
    const found = await onlinePaidOrders(db, memberId, wantedOrders, false, true);
    for (const no of wantedOrders) {
      const parts = found.filter((f) => f.orderNo === no);
      if (!parts.length) {
        const [order] = await db.select({ payment: orders.payment }).from(orders).where(and(eq(orders.orderNo, no), eq(orders.memberId, memberId))).limit(1);
        if (!order) throw notFound('订单');
        if (order.payment !== 'paid') throw badRequest(`订单 ${no} 未支付，不能开票`);
        throw badRequest(`订单 ${no} 由预存款支付，相应款项请按预存充值开票`);
      }
      items.push({ sourceKind: 'order', sourceRef: no, amountFen: parts.reduce((sum, p) => sum + Number(p.amountFen), 0) });
    }
  }
  const wantedPayments = [...new Set(paymentNos)];
  if (wantedPayments.length) {
    const found = await prepayments(db, memberId, wantedPayments);
    for (const no of wantedPayments) {
      const payment = found.find((p) => p.paymentNo === no);
      if (!payment) {
        const [own] = await db.select({ id: onlinePayments.id }).from(onlinePayments).where(and(eq(onlinePayments.paymentNo, no), eq(onlinePayments.memberId, memberId))).limit(1);
        if (!own) throw notFound('支付记录');
      }
      if (!payment) throw badRequest(`在线支付 ${no} 不能按充值开票（未支付、团体账户或已用于订单：请按订单开票）`);
      items.push({ sourceKind: 'online', sourceRef: no, amountFen: Number(payment.amountFen) });
    }
  }
  return items;
}
