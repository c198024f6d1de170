import { and, asc, eq, isNull } from 'drizzle-orm';
import { progressLabels, type AdminCallBody, type AdminOrderDetail, type SampleLabels } from '@lab/contract';
import type { Db } from '../../../db/client';
import { AppError, conflict } from '../../../platform/errors';
import { postMessage, sendNotice } from '../../messages';
import { progressNotice } from '../notices';
import { addOrderEvent, findOrderByNo, scannedOrderNo, type OrderRow } from '../order-core';
import { memberCards } from '../order-search.service';
import { orderLines, orders } from '../orders.tables';
import { adminOrderDetail, messageOf, staffActor, type Channels } from './progress.service';

/**
 * The desk's work beside the lifecycle steps: recording the manager's call after the sample
 * arrived (记录回访), sending the data notice again (重发数据通知), and the sample labels.
 */

export const NOTICE_FAILED_MESSAGE = '通知发送失败，请稍后重试';

/** 记录回访 (sales): once per order, after the sample arrived; keeps the promise's time and who called. */
export async function recordManagerCall(db: Db, staffId: number, body: AdminCallBody, now: Date): Promise<AdminOrderDetail> {
  const row = await db.transaction(async (tx) => {
    const order = await findOrderByNo(tx, body.order_no.trim(), { lock: true });
    if (order.progress === 'cancelled') throw new AppError('ORDER_STATE', '订单已取消，无需回访', { status: 409 });
    if (order.receivedAt === null) throw new AppError('ORDER_STATE', '样品签收后才能记录回访', { status: 409 });
    if (order.managerCalledAt !== null) throw conflict('该订单已记录回访');
    const [updated] = await tx
      .update(orders)
      .set({ managerCalledAt: now, managerCalledBy: staffId, managerCallNote: body.note, updatedAt: now })
      .where(and(eq(orders.id, order.id), isNull(orders.managerCalledAt)))
      .returning();
    if (!updated) throw conflict('该订单已记录回访');
    // the member's timeline says the call happened; what was said stays with the lab
    await addOrderEvent(tx, order.id, { status: 'note', title: '客户经理已电话回访', actor: await staffActor(tx, staffId), now });
    return updated;
  });
  return adminOrderDetail(db, row, now);
}

const notifiable = (order: OrderRow) => order.deliveredAt !== null && (order.progress === 'delivered' || order.progress === 'completed');

/**
 * 重发数据通知: the delivery notice again, by SMS and e-mail first; only once it went out is it
 * recorded (dataNotifiedAt, the in-site message, a timeline note). A provider failure changes
 * nothing and says so.
 */
export async function resendDataNotice(db: Db, channels: Channels, staffId: number, orderNo: string, now: Date): Promise<AdminOrderDetail> {
  const order = await findOrderByNo(db, orderNo.trim());
  if (!notifiable(order)) throw new AppError('ORDER_STATE', `订单当前为「${progressLabels[order.progress]}」，数据交付后才能发送数据通知`, { status: 409 });
  const notice = progressNotice('delivered', { orderNo: order.orderNo, title: order.title, unsettled: order.payment === 'unsettled' });
  try {
    await sendNotice(db, channels, order.memberId, { template: notice.template, params: notice.params, subject: notice.title, body: notice.content });
  } catch (error) {
    channels.log?.error({ err: error, orderNo: order.orderNo }, 'data notice failed');
    throw new AppError('NOTICE_FAILED', NOTICE_FAILED_MESSAGE, { status: 503 });
  }
  const row = await db.transaction(async (tx) => {
    const current = await findOrderByNo(tx, order.orderNo, { lock: true });
    // a re-test started meanwhile: this notice was about data that is being tested again
    if (!notifiable(current) || current.deliveredAt?.getTime() !== order.deliveredAt?.getTime()) throw conflict('订单状态已变化，请刷新后重试');
    const [updated] = await tx.update(orders).set({ dataNotifiedAt: now, updatedAt: now }).where(eq(orders.id, current.id)).returning();
    await postMessage(tx, current.memberId, messageOf(current.orderNo, notice), now);
    await addOrderEvent(tx, current.id, { status: 'note', title: '数据通知已重新发送', actor: await staffActor(tx, staffId), now });
    return updated!;
  });
  return adminOrderDetail(db, row, now);
}

/** 样品标签: one label per sample (its code under a QR code of the order number), with the member. */
export async function sampleLabels(db: Db, orderNo: string): Promise<SampleLabels> {
  const order = await findOrderByNo(db, scannedOrderNo(orderNo));
  const [lines, cards] = await Promise.all([
    db.select({ name: orderLines.name, samples: orderLines.samples }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sort), asc(orderLines.id)),
    memberCards(db, [order.memberId]),
  ]);
  const member = cards.get(order.memberId);
  return {
    orderNo: order.orderNo,
    createdAt: order.createdAt.toISOString(),
    member: { name: member?.name ?? order.contact, phone: member?.phone ?? order.phone, company: member?.company ?? null },
    labels: lines.flatMap((line) =>
      line.samples.map((sample) => ({
        code: sample.code,
        name: sample.name,
        lineName: line.name,
        count: sample.count,
        form: sample.form,
        hazards: sample.hazards ?? '',
        magnetic: sample.magnetic,
        returnWanted: sample.returnWanted,
      })),
    ),
  };
}
