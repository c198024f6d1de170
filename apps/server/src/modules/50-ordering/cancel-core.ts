import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { refundToFunds } from '../35-funds/ledger.service';
import { memberCoupons } from '../../db/tables/funds.tables';
import { samplings } from '../../db/tables/member.tables';
import { onOrderRefunded } from './order-hooks';
import { postMessage } from '../15-messages/messages.service';
import { addOrderEvent, moveProgress, type OrderRow } from './order-core';
import { orders, reservations } from '../../db/tables/orders.tables';
import { releaseReservations } from './reservation-core';

/** The ledger reference of an order's payment (and of its refund). */
export const orderPaymentReference = (orderNo: string) => `order:${orderNo}`;

export interface Actor {
  kind: 'member' | 'staff' | 'system';
  id: number | null;
  name: string;
}

/**
 * Returns a paid order's money to the account it came from (once: the ledger books a
 * reference once) and gives the coupon back while it is still valid. Leaves payment 'refunded'.
 */
export async function refundOrder(tx: Tx, order: OrderRow, actor: Actor, now: Date): Promise<OrderRow> {
  if (order.payment !== 'paid') return order;
  if (order.paidFen > 0) {
    if (!order.paidFromKind || order.paidFromId === null) throw new AppError('INTERNAL', '订单支付来源缺失');
    await refundToFunds(tx, {
      ownerKind: order.paidFromKind,
      ownerId: order.paidFromId,
      amountFen: order.paidFen,
      reference: orderPaymentReference(order.orderNo),
      actor: { kind: actor.kind, id: actor.id },
      note: `订单${order.orderNo}取消退款`,
      now,
    });
  }
  if (order.couponId !== null) {
    await tx
      .update(memberCoupons)
      .set({ status: 'unused', usedAt: null, usedReference: null, discountFen: null })
      .where(and(eq(memberCoupons.id, order.couponId), eq(memberCoupons.status, 'used'), gt(memberCoupons.validTo, now)));
  }
  await addOrderEvent(tx, order.id, {
    status: 'refunded',
    title: '已退款',
    note: order.paidFen > 0 ? `退回${order.paidFromKind === 'community' ? '团体' : '个人'}预存款` : '',
    actor,
    now,
  });
  const [row] = await tx.update(orders).set({ payment: 'refunded', updatedAt: now }).where(eq(orders.id, order.id)).returning();
  await onOrderRefunded(tx, row!, now);
  return row!;
}

const cancelledBy: Record<Actor['kind'], string> = { member: '您已取消订单', staff: '实验室已取消您的订单', system: '系统已自动取消您的订单' };

/**
 * Cancels an order inside the caller's transaction (the order row locked by the caller):
 * the progress check, the refund of a paid order, the pending home pickup and the booked
 * instrument hours released, the timeline event and the member's in-site message.
 */
export async function cancelOrder(tx: Tx, order: OrderRow, actor: Actor, reason: string, now: Date): Promise<OrderRow> {
  let row = await moveProgress(tx, order, 'cancelled', now, { cancelledAt: now, cancelReason: reason || null });
  await addOrderEvent(tx, order.id, { status: 'cancelled', title: '订单已取消', note: reason, actor, now });
  row = await refundOrder(tx, row, actor, now);
  if (order.samplingId !== null) {
    await tx
      .update(samplings)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(samplings.id, order.samplingId), eq(samplings.status, 'pending')));
  }
  const booked = await tx.select({ id: reservations.id }).from(reservations).where(and(eq(reservations.orderId, order.id), eq(reservations.status, 'booked')));
  await releaseReservations(tx, booked.map((r) => r.id), now);
  await postMessage(
    tx,
    order.memberId,
    {
      title: `订单${order.orderNo}已取消`,
      content: `${cancelledBy[actor.kind]}「${order.title}」${reason ? `，原因：${reason}` : ''}${order.payment === 'paid' && order.paidFen > 0 ? '。已支付的款项已退回预存款账户' : ''}。`,
      link: `/member/order/${order.orderNo}`,
    },
    now,
  );
  return row;
}
