import { formatFen, ORDER_PAYMENT_CHANGED, type AdminOrderDetail, type ApprovalFiled } from '@lab/contract';
import type { DbOrTx, Tx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { approvedNote, gateAction, type Acting } from '../../approvals';
import { cancelOrder } from '../cancel-core';
import { progressNotice } from '../notices';
import { assertTransition, findOrderByNo, type OrderRow } from '../order-core';
import { adminOrderDetail, notify, staffActor, type Channels } from './progress.service';

/**
 * Staff cancel with a reason (until data is delivered): refund, pickup and hours released. A paid
 * order is refunded, so the cancel carries the refund the person was shown (`refund_fen`: what the
 * order has paid, 0 when not paid) and books only while it still is — an order paid or refunded
 * since answers 409 (PRODUCT.md "Staff decisions and value"). A refund above the maker's limit is
 * filed for approval instead, and the order stays as it is until a second staff member approves.
 */
export async function staffCancel(db: DbOrTx, channels: Channels, acting: Acting, body: CancelPinned, now: Date): Promise<AdminOrderDetail | ApprovalFiled> {
  const outcome = await db.transaction((tx) => cancelByStaff(tx, acting, body, now));
  if ('pendingApproval' in outcome) return outcome;
  await notifyCancelled(db, channels, outcome, body.reason);
  return adminOrderDetail(db, outcome, now);
}

/** The cancellation inside the caller's transaction; approving a filed one books it here too. */
type CancelPinned = { order_no: string; reason: string; refund_fen: number };

export async function cancelByStaff(tx: Tx, acting: Acting, body: CancelPinned, now: Date): Promise<OrderRow | ApprovalFiled> {
  const order = await findOrderByNo(tx, body.order_no.trim(), { lock: true });
  assertTransition(order, 'cancelled');
  const refundFen = order.payment === 'paid' ? order.paidFen : 0;
  if (refundFen !== body.refund_fen) throw new AppError('ORDER_PAYMENT_CHANGED', ORDER_PAYMENT_CHANGED, { status: 409 });
  const filed = await gateAction(
    tx,
    acting,
    {
      action: 'order.cancel',
      valueFen: refundFen,
      payload: { order_no: order.orderNo, reason: body.reason, refund_fen: refundFen },
      summary: `取消订单 ${order.orderNo}「${order.title}」，退回${order.paidFromKind === 'community' ? '科研团体' : '客户'}预存款 ${formatFen(refundFen)}`,
      target: order.orderNo,
      // the account the refund goes back to (an unpaid order refunds nothing: its member)
      targetKey: order.paidFromKind && order.paidFromId !== null ? `${order.paidFromKind}:${order.paidFromId}` : `member:${order.memberId}`,
      note: body.reason,
      dedupeKey: `order.cancel:${order.orderNo}`,
      duplicateMessage: '该订单的取消申请正在审批中，请勿重复提交',
    },
    now,
  );
  if (filed) return filed;
  const actor = await staffActor(tx, acting.by.id);
  return cancelOrder(tx, order, { ...actor, name: `${actor.name}${approvedNote(acting)}` }, body.reason, now);
}

/** The member's SMS and e-mail about a staff cancellation, after the commit. */
export const notifyCancelled = (db: DbOrTx, channels: Channels, row: OrderRow, reason: string) =>
  notify(db, channels, row.memberId, progressNotice('cancelled', { orderNo: row.orderNo, title: row.title, reason }));
