import type { Tx } from '../../db/client';
import type { OrderRow } from './order-core';
import { rebateOnCompleted, rebateOnPaid, rebateOnRefunded } from '../60-growth/rebates.service';
import { pointsOnCompleted, pointsOnPaid, pointsOnRefunded } from '../60-growth/points.service';

/**
 * What growth does when an order's money or progress changes, inside the order's own
 * transaction (so a rebate or points exist exactly when the payment does):
 * - paid: a frozen rebate for the inviter if they are an approved partner; pending points for the payer
 * - completed: the frozen rebate becomes withdrawable (credited to the partner's rebate account)
 *   and the pending points are credited to the payer's points account
 * - refunded: a frozen rebate is reversed; pending points are dropped
 * Nothing earned on an order is spendable before the order is final (PRODUCT.md), and an order
 * cannot be refunded once completed, so a refund always takes back everything the order gave.
 * Each handler is idempotent per order (a second call books nothing).
 */
type Handler = (tx: Tx, order: OrderRow, now: Date) => Promise<void>;

const handlers: Record<'paid' | 'completed' | 'refunded', Handler[]> = {
  paid: [rebateOnPaid, pointsOnPaid],
  completed: [rebateOnCompleted, pointsOnCompleted],
  refunded: [rebateOnRefunded, pointsOnRefunded],
};

export async function onOrderPaid(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  for (const handle of handlers.paid) await handle(tx, order, now);
}

export async function onOrderCompleted(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  for (const handle of handlers.completed) await handle(tx, order, now);
}

export async function onOrderRefunded(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  for (const handle of handlers.refunded) await handle(tx, order, now);
}
