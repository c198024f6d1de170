import type { Tx } from '../../db/client';
import type { OrderRow } from './order-core';
import { eq } from 'drizzle-orm';
import { countOrderedItems } from '../catalog';
import { orderLines } from './orders.tables';
import { bumpContentVersion } from '../content';

/**
 * What higher modules do when an order's money or progress changes, run inside the order's own
 * transaction (so a rebate or points exist exactly when the payment does). Ordering sits below
 * growth (docs/architecture.md), so growth registers its handlers here at app start
 * (src/area-hooks.ts) instead of ordering importing growth:
 * - paid: a frozen rebate for the inviter if they are an approved partner; pending points for the payer
 * - completed: the frozen rebate becomes withdrawable (credited to the partner's rebate account)
 *   and the pending points are credited to the payer's points account
 * - refunded: a frozen rebate is reversed; pending points are dropped
 * Nothing earned on an order is spendable before the order is final (PRODUCT.md), and an order
 * cannot be refunded once completed, so a refund always takes back everything the order gave.
 * Each handler is idempotent per order (a second call books nothing).
 */
export type OrderEvent = 'paid' | 'completed' | 'refunded';
export type OrderHandler = (tx: Tx, order: OrderRow, now: Date) => Promise<void>;

const handlers: Record<OrderEvent, OrderHandler[]> = { paid: [], completed: [], refunded: [] };

/** Adds a handler once (registering twice is a no-op); handlers run in registration order. */
export function onOrderEvent(event: OrderEvent, handler: OrderHandler): void {
  if (!handlers[event].includes(handler)) handlers[event].push(handler);
}

export async function onOrderPaid(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  for (const handle of handlers.paid) await handle(tx, order, now);
}

export async function onOrderCompleted(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  // the public pages state the count of completed orders (25-catalog siteFigures, cached per
  // content version): a completion makes them recount, in the same transaction
  await bumpContentVersion(tx);
  // and each item on it has served one more order (已服务 N 单 on its page, service_items.order_count)
  const itemsOnOrder = tx.selectDistinct({ id: orderLines.itemId }).from(orderLines).where(eq(orderLines.orderId, order.id));
  await countOrderedItems(tx, itemsOnOrder);
  for (const handle of handlers.completed) await handle(tx, order, now);
}

export async function onOrderRefunded(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  for (const handle of handlers.refunded) await handle(tx, order, now);
}
