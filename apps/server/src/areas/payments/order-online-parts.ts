import { and, asc, eq } from 'drizzle-orm';
import { PAY_VENDOR_NAMES } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { onlinePaymentOrders, onlinePayments } from './payments.tables';

/** The paid online payments that paid an order, with the part each gave it (orders' desk view; registered in src/area-hooks.ts). */
export async function orderOnlineParts(db: DbOrTx, orderId: number): Promise<{ channel: string; amountFen: number; paidAt: Date | null; paymentNo: string }[]> {
  const rows = await db
    .select({ vendor: onlinePayments.vendor, amountFen: onlinePaymentOrders.amountFen, paidAt: onlinePayments.paidAt, paymentNo: onlinePayments.paymentNo })
    .from(onlinePaymentOrders)
    .innerJoin(onlinePayments, eq(onlinePayments.id, onlinePaymentOrders.paymentId))
    .where(and(eq(onlinePaymentOrders.orderId, orderId), eq(onlinePaymentOrders.paidOrder, true), eq(onlinePayments.state, 'paid')))
    .orderBy(asc(onlinePayments.paidAt), asc(onlinePayments.id));
  return rows.map((r) => ({ channel: PAY_VENDOR_NAMES[r.vendor], amountFen: r.amountFen, paidAt: r.paidAt, paymentNo: r.paymentNo }));
}
