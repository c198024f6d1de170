import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PageWindow } from '../../db/paginate';
import type { DbOrTx } from '../../db/client';
import { orders } from './orders.tables';

/**
 * A member's paid orders as the growth area reads them (invites, rebates): an order that counts
 * is one whose money arrived and that was not cancelled. By member or order id, never a join.
 */

const paidOrder = and(eq(orders.payment, 'paid'), ne(orders.progress, 'cancelled'));

/** How many paid orders each of these members has (a member with none is absent). */
export async function paidOrderCounts(db: DbOrTx, memberIds: number[]): Promise<Map<number, number>> {
  if (!memberIds.length) return new Map();
  const rows = await db
    .select({ memberId: orders.memberId, n: count() })
    .from(orders)
    .where(and(inArray(orders.memberId, memberIds), paidOrder))
    .groupBy(orders.memberId);
  return new Map(rows.map((r) => [r.memberId, r.n]));
}

/** One page of a member's paid orders, the latest paid first. */
export async function paidOrders(db: DbOrTx, memberId: number, window: PageWindow) {
  return db
    .select({ id: orders.id, orderNo: orders.orderNo, title: orders.title, paidFen: orders.paidFen, paidAt: orders.paidAt, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), paidOrder))
    .orderBy(sql`${orders.paidAt} desc nulls last`, desc(orders.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** Orders' numbers by id (missing ids are absent). */
export async function orderNumbers(db: DbOrTx, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, unique));
  return new Map(rows.map((r) => [r.id, r.orderNo]));
}
