import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PAY_VENDOR_NAMES } from '@lab/contract';
import type { OnlineMoney } from '../funds';
import { orders } from '../orders/orders.tables';
import { onlinePaymentOrders, onlinePayments } from './payments.tables';

/**
 * The online money a member may invoice, as the funds' invoices read it (funds online-invoices.ts;
 * registered in src/area-hooks.ts): the paid online payments that paid no order, and the online
 * part of each paid order.
 */
export const onlineInvoiceSources: OnlineMoney = {
  /** The member's paid online payments that paid no order (top-ups, money left in the funds), own funds only, oldest first. */
  async prepayments(db, memberId, paymentNos) {
    const rows = await db
      .select()
      .from(onlinePayments)
      .where(
        and(
          eq(onlinePayments.memberId, memberId),
          eq(onlinePayments.state, 'paid'),
          eq(onlinePayments.fundsKind, 'member'),
          paymentNos ? inArray(onlinePayments.paymentNo, paymentNos) : undefined,
          sql`not exists (select 1 from ${onlinePaymentOrders} l where l.payment_id = ${onlinePayments.id} and l.paid_order)`,
        ),
      )
      .orderBy(asc(onlinePayments.paidAt));
    return rows.map((p) => ({ paymentNo: p.paymentNo, topup: p.purpose === 'topup', channel: PAY_VENDOR_NAMES[p.vendor], amountFen: Number(p.amountFen), paidAt: p.paidAt! }));
  },

  /**
   * The member's paid orders and the online part each was paid with, oldest first. `lock` holds
   * the orders' rows (FOR SHARE) until the caller's transaction ends.
   */
  async paidOrderParts(db, memberId, orderNos, lock = false) {
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
        ),
      )
      .orderBy(asc(onlinePayments.paidAt));
    const rows = lock ? await query.for('share', { of: orders }) : await query;
    return rows.map((o) => ({ orderNo: o.orderNo, title: o.title, channel: PAY_VENDOR_NAMES[o.vendor], amountFen: Number(o.amountFen), paidAt: o.paidAt! }));
  },

  /** The payment state of the member's order by number, or null (not theirs, or unknown). */
  async orderPayment(db, memberId, orderNo) {
    const [order] = await db.select({ payment: orders.payment }).from(orders).where(and(eq(orders.orderNo, orderNo), eq(orders.memberId, memberId))).limit(1);
    return order?.payment ?? null;
  },

  /** Whether the member made the online payment with this number. */
  async ownsPayment(db, memberId, paymentNo) {
    const [own] = await db.select({ id: onlinePayments.id }).from(onlinePayments).where(and(eq(onlinePayments.paymentNo, paymentNo), eq(onlinePayments.memberId, memberId))).limit(1);
    return own !== undefined;
  },
};
