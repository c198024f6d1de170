import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { NamedActor } from '../../platform/actor';
import { formatFen } from '@lab/contract';
import { refundToFunds, returnCouponOfOrder, voidRefundedSource } from '../funds';
import { samplings } from './pickups/pickups.tables';
import { onOrderRefunded } from './order-hooks';
import { refundToChannels, type ChannelRefund } from './refund-channels';
import { postMessage } from '../messages';
import { addOrderEvent, moveProgress, type OrderRow } from './order-core';
import { orders, reservations } from './orders.tables';
import { releaseReservations } from './reservation-core';

/** The ledger reference of an order's payment (and of its refund). */
export const orderPaymentReference = (orderNo: string) => `order:${orderNo}`;


/** The timeline's note of a refund: the funds' part and each channel's part. */
function refundNote(order: OrderRow, channels: ChannelRefund[]): string {
  if (order.paidFen <= 0) return '';
  const fundsName = `${order.paidFromKind === 'community' ? '团体' : '个人'}预存款`;
  if (channels.length === 0) return `退回${fundsName}`;
  const toChannels = channels.reduce((sum, c) => sum + c.amountFen, 0);
  const parts = channels.map((c) => `原路退回${c.channel}${formatFen(c.amountFen)}`);
  if (order.paidFen > toChannels) parts.unshift(`退回${fundsName}${formatFen(order.paidFen - toChannels)}`);
  return parts.join('；');
}

/**
 * Returns a paid order's money to the account it came from (once: the ledger books a
 * reference once) and gives the coupon back while it is still valid. Leaves payment 'refunded'.
 * The part paid online goes back to its channel (refund-channels.ts: 51-payment's handler books
 * it out of the funds again and records the channel refund, sent after the commit).
 */
export async function refundOrder(tx: Tx, order: OrderRow, actor: NamedActor, now: Date): Promise<OrderRow> {
  if (order.payment !== 'paid') return order;
  let channels: ChannelRefund[] = [];
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
    channels = await refundToChannels(tx, order, { actor: { kind: actor.kind, id: actor.id }, now });
    // money no longer paid is no longer invoiced: a pending application drops it, an issued invoice owes a 红冲 (issue 28, hole 4)
    await voidRefundedSource(tx, { kind: 'order', ref: order.orderNo, note: `订单${order.orderNo}已取消` }, now);
  }
  if (order.couponId !== null) await returnCouponOfOrder(tx, order.couponId, now);
  await addOrderEvent(tx, order.id, {
    status: 'refunded',
    title: '已退款',
    note: refundNote(order, channels),
    actor,
    now,
  });
  const [row] = await tx.update(orders).set({ payment: 'refunded', updatedAt: now }).where(eq(orders.id, order.id)).returning();
  await onOrderRefunded(tx, row!, now);
  return row!;
}

const cancelledBy: Record<NamedActor['kind'], string> = { member: '您已取消订单', staff: '实验室已取消您的订单', system: '系统已自动取消您的订单' };

/**
 * Cancels an order inside the caller's transaction (the order row locked by the caller):
 * the progress check, the refund of a paid order, the pending home pickup and the booked
 * instrument hours released, the timeline event and the member's in-site message.
 */
export async function cancelOrder(tx: Tx, order: OrderRow, actor: NamedActor, reason: string, now: Date): Promise<OrderRow> {
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
      content: `${cancelledBy[actor.kind]}「${order.title}」${reason ? `，原因：${reason}` : ''}${order.payment === 'paid' && order.paidFen > 0 ? '。已支付的款项已按原支付方式退回（预存款退回预存款账户，在线支付原路退回）' : ''}。`,
      link: `/member/order/${order.orderNo}`,
    },
    now,
  );
  return row;
}
