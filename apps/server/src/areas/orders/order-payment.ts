import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { messageInsert } from '../messages';
import type { NamedActor } from '../../platform/actor';
import { addOrderEvent, orderEventInsert, type OrderRow } from './order-core';
import { onOrderCompleted, onOrderPaid } from './order-hooks';
import { orders } from './orders.tables';
import { endHoldsUpdate } from './reservation-core';

/**
 * The orders' commands for the payments area: payments decides how an order is paid (funds,
 * coupon, online channel) and tells orders with these; only orders writes its rows.
 */

export interface OrderPayment {
  paidFen: number;
  discountFen: number;
  couponId: number | null;
  couponRid: string | null;
  paidFromKind: 'member' | 'community';
  paidFromId: number;
  /** 课题号 written with the payment (left as it is when absent) */
  projectNo?: string | undefined;
}

/**
 * The order is paid (from unpaid or unsettled): in one statement the order's holds end, the
 * 'paid' event and the in-site message are written with the update, then the paid hooks run
 * (growth's rebate and points; do not call onOrderPaid again). Null when the order was paid
 * meanwhile (nothing written: the caller answers 409 and rolls back).
 */
export async function markOrderPaid(tx: Tx, order: OrderRow, payment: OrderPayment, event: { note: string; actor: NamedActor; now: Date }): Promise<OrderRow | null> {
  const { note, actor, now } = event;
  const holdsEnded = tx.$with('holds_ended').as(endHoldsUpdate(tx, order.id));
  const paidEvent = tx.$with('paid_event').as(orderEventInsert(tx, order.id, { status: 'paid', title: '已支付', note, actor, now }));
  const message = tx.$with('paid_message').as(
    messageInsert(tx, order.memberId, { title: `订单${order.orderNo}已支付`, content: `您的订单「${order.title}」已${note}。`, link: `/member/order/${order.orderNo}` }, now),
  );
  const { projectNo, ...paid } = payment;
  // a service order (the vault's paid retention, service-orders.ts) is delivered by its payment
  const delivered = order.kind === 'service' ? { progress: 'completed' as const, completedAt: now } : {};
  const [row] = await tx
    .with(holdsEnded, paidEvent, message)
    .update(orders)
    .set({ payment: 'paid', ...paid, ...(projectNo ? { projectNo } : {}), ...delivered, paidAt: now, updatedAt: now })
    .where(and(eq(orders.id, order.id), inArray(orders.payment, ['unpaid', 'unsettled', 'approval'])))
    .returning();
  if (!row) return null;
  await onOrderPaid(tx, row, now);
  if (row.kind === 'service') {
    await addOrderEvent(tx, row.id, { status: 'completed', title: '已完成', note: '支付后自动完成', actor: { kind: 'system', id: null, name: '系统' }, now });
    await onOrderCompleted(tx, row, now);
  }
  return row;
}

/** The member chose pay-after-test for an unpaid order (still unpaid, not yet pay-later); null when it changed meanwhile. */
export async function markOrderPayLater(tx: Tx, orderId: number, now: Date): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ payLater: true, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.payment, 'unpaid'), eq(orders.payLater, false)))
    .returning();
  return row ?? null;
}

/**
 * An unpaid order waits for the PI's approval of a grant-card payment (待导师审批, the grants
 * area), or stops waiting (refused, expired, the member left: back to 待支付). Guarded on the state
 * it leaves; null when the order changed meanwhile. `projectNo` is written when waiting starts.
 */
export async function setOrderApproval(tx: Tx, orderId: number, waiting: boolean, now: Date, projectNo?: string): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ payment: waiting ? 'approval' : 'unpaid', ...(waiting && projectNo ? { projectNo } : {}), updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.payment, waiting ? 'unpaid' : 'approval')))
    .returning();
  return row ?? null;
}
