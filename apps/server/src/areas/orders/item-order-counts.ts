import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bumpContentVersion } from '../content';
import { setItemOrderCounts } from '../catalog';
import { orderLines, orders } from './orders.tables';

/** The orders whose progress is completed: 已完成订单 among the site's figures (catalog/site-figures.ts, registered in src/area-hooks.ts). */
export async function countCompletedOrders(db: DbOrTx): Promise<number> {
  const [done] = await db.select({ n: count() }).from(orders).where(eq(orders.progress, 'completed'));
  return done?.n ?? 0;
}

/**
 * Sets each item's 已服务 N 单 (service_items.order_count) to the completed orders that include
 * it, counted from the orders. A completion adds one as it happens (order-hooks.ts
 * onOrderCompleted); the demo seed calls this once its orders exist, so no item states a number
 * the data lacks.
 */
export async function recountItemOrders(db: DbOrTx): Promise<void> {
  const counts = await db
    .select({ itemId: orderLines.itemId, orders: sql<number>`count(distinct ${orderLines.orderId})`.mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.progress, 'completed'))
    .groupBy(orderLines.itemId);
  await setItemOrderCounts(db, counts);
  // what the pages state changed: cached answers are drawn again
  await bumpContentVersion(db);
}
