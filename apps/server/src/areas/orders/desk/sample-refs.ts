import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { notFound } from '../../../platform/errors';
import { orderLines, orders } from '../orders.tables';

/**
 * Staff: an order by its number with the lab codes of its samples (the data vault files raw
 * data under them), from the order lines, so an order whose samples the desk has not moved yet
 * has them too. 404 when there is no such order.
 */
export async function orderSamplesByNo(db: DbOrTx, orderNo: string) {
  const [order] = await db.select({ id: orders.id, orderNo: orders.orderNo, memberId: orders.memberId, title: orders.title }).from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  if (!order) throw notFound('订单');
  const lines = await db.select({ name: orderLines.name, samples: orderLines.samples }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sort), asc(orderLines.id));
  const samples = lines.flatMap((line) => line.samples.map((sample) => ({ code: sample.code, name: `${sample.name}（${line.name}）` })));
  return { ...order, samples };
}
