import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from './orders.tables';

/**
 * A member's paid orders as an invoice of their online part reads them (payments'
 * online-invoice-sources.ts for funds' invoices): all of them, or those numbered. `lock` holds
 * their rows (FOR SHARE) until the caller's transaction ends: an invoice application being made
 * waits for a cancel that holds the order, and then sees it refunded.
 */
export async function paidOrdersOf(db: DbOrTx, memberId: number, orderNos?: string[], lock = false): Promise<{ id: number; orderNo: string; title: string }[]> {
  const query = db
    .select({ id: orders.id, orderNo: orders.orderNo, title: orders.title })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.payment, 'paid'), orderNos ? inArray(orders.orderNo, orderNos) : undefined));
  return lock ? query.for('share') : query;
}

/** The payment state of the member's order by number (paid, unpaid …), or null (not theirs, or unknown). */
export async function orderPaymentOf(db: DbOrTx, memberId: number, orderNo: string): Promise<string | null> {
  const [order] = await db
    .select({ payment: orders.payment })
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.memberId, memberId)))
    .limit(1);
  return order?.payment ?? null;
}
