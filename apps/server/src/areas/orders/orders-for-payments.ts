import { and, asc, eq, gte, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { OrderRow } from './order-core';
import { orderLines, orders } from './orders.tables';

/**
 * Orders as the payments area reads them (paying, settling, the statement, finance's lists):
 * by id or number, locked for the payment's transaction, and a member's live orders.
 */

/** Orders' numbers by id, in one query (missing ids are absent). */
export async function orderNosOf(db: DbOrTx, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, unique));
  return new Map(rows.map((row) => [row.id, row.orderNo]));
}

/** The ids of the orders with these numbers. */
export async function orderIdsByNo(db: DbOrTx, orderNos: string[]): Promise<number[]> {
  if (!orderNos.length) return [];
  const rows = await db.select({ id: orders.id }).from(orders).where(inArray(orders.orderNo, orderNos));
  return rows.map((row) => row.id);
}

/** Orders locked (FOR UPDATE) in id order, so two payments over the same orders queue instead of deadlocking. */
export async function lockOrders(tx: Tx, which: { ids: number[] } | { memberId: number; orderNos: string[] }): Promise<OrderRow[]> {
  const where = 'ids' in which ? inArray(orders.id, which.ids) : and(eq(orders.memberId, which.memberId), inArray(orders.orderNo, which.orderNos));
  return tx.select().from(orders).where(where).orderBy(asc(orders.id)).for('update');
}

/** The service types and groups an order's lines belong to: a coupon's scope is checked against them. */
export async function orderScope(db: DbOrTx, orderId: number): Promise<{ typeIds: number[]; groupIds: number[] }> {
  const rows = await db.selectDistinct({ typeId: orderLines.typeId, groupId: orderLines.groupId }).from(orderLines).where(eq(orderLines.orderId, orderId));
  return { typeIds: [...new Set(rows.map((r) => r.typeId))], groupIds: [...new Set(rows.map((r) => r.groupId))] };
}

/**
 * A member's orders that are not cancelled, oldest first: those still to settle (tested and
 * unsettled, or pay-after-test and unpaid), or those created in [from, to).
 */
export function memberLiveOrders(db: DbOrTx, memberId: number, which: 'to-settle' | { from: Date; to: Date }): Promise<OrderRow[]> {
  const filter: SQL | undefined =
    which === 'to-settle'
      ? or(eq(orders.payment, 'unsettled'), and(eq(orders.payLater, true), eq(orders.payment, 'unpaid')))
      : and(gte(orders.createdAt, which.from), lt(orders.createdAt, which.to));
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.memberId, memberId), ne(orders.progress, 'cancelled'), filter))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}
