import { inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serviceItems } from './catalog.tables';

/**
 * Each of these items has served one more order (已服务 N 单 on its page,
 * service_items.order_count): orders calls this when an order completes, in its transaction.
 * `itemIds`: the ids, or a query of them (one statement either way).
 */
export async function countOrderedItems(tx: DbOrTx, itemIds: number[] | SQLWrapper): Promise<void> {
  if (Array.isArray(itemIds) && itemIds.length === 0) return;
  await tx.update(serviceItems).set({ orderCount: sql`${serviceItems.orderCount} + 1` }).where(inArray(serviceItems.id, itemIds));
}

/** Sets every item's order count: the given ones to their count, all others to 0 (one statement; the demo seed's recount). */
export async function setItemOrderCounts(db: DbOrTx, counts: { itemId: number; orders: number }[]): Promise<void> {
  const rows = sql.join(
    counts.map((c) => sql`(${c.itemId}::int, ${c.orders}::int)`),
    sql`, `,
  );
  await db.update(serviceItems).set({
    orderCount: counts.length ? sql`coalesce((select v.n from (values ${rows}) as v(id, n) where v.id = ${serviceItems.id}), 0)` : 0,
  });
}
