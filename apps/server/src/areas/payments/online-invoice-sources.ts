import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PAY_VENDOR_NAMES } from '@lab/contract';
import type { OnlineMoney } from '../funds';
import { orderPaymentOf, paidOrdersOf } from '../orders';
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

  /** The member's paid orders (orders' face; `lock` holds their rows) and the online part each was paid with, oldest first. */
  async paidOrderParts(db, memberId, orderNos, lock = false) {
    const paid = await paidOrdersOf(db, memberId, orderNos, lock);
    if (!paid.length) return [];
    const byId = new Map(paid.map((o) => [o.id, o]));
    const parts = await db
      .select({ orderId: onlinePaymentOrders.orderId, vendor: onlinePayments.vendor, paidAt: onlinePayments.paidAt, amountFen: onlinePaymentOrders.amountFen })
      .from(onlinePaymentOrders)
      .innerJoin(onlinePayments, eq(onlinePayments.id, onlinePaymentOrders.paymentId))
      .where(and(inArray(onlinePaymentOrders.orderId, [...byId.keys()]), eq(onlinePaymentOrders.paidOrder, true), eq(onlinePayments.state, 'paid')))
      .orderBy(asc(onlinePayments.paidAt));
    return parts.map((p) => ({ orderNo: byId.get(p.orderId)!.orderNo, title: byId.get(p.orderId)!.title, channel: PAY_VENDOR_NAMES[p.vendor], amountFen: Number(p.amountFen), paidAt: p.paidAt! }));
  },

  /** The payment state of the member's order by number, or null (not theirs, or unknown). */
  orderPayment: (db, memberId, orderNo) => orderPaymentOf(db, memberId, orderNo),

  /** Whether the member made the online payment with this number. */
  async ownsPayment(db, memberId, paymentNo) {
    const [own] = await db.select({ id: onlinePayments.id }).from(onlinePayments).where(and(eq(onlinePayments.paymentNo, paymentNo), eq(onlinePayments.memberId, memberId))).limit(1);
    return own !== undefined;
  },
};
