import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MEMBER_CANCELLABLE } from '@lab/contract';
import type { Db } from '../../db/client';
import { getJobSettings } from '../../platform/job-settings';
import { orders } from './orders.tables';
import { postMessage, sendNotice, type NoticeChannels } from '../messages';
import { cancelOrder } from './cancel-core';
import type { NamedActor } from '../../platform/actor';
import { orderLink } from './notices';

/**
 * Unpaid orders that must be prepaid (PRODUCT.md "Time-driven rules"): N days after it was
 * placed (default 7, the back office's 任务设置) such an order is cancelled by the system through
 * the same cancelOrder a member's cancel runs (coupon, pickup and booked hours released, timeline,
 * in-site message), and the member is told the day before (an order the job could not warn in
 * time is warned first and cancelled no sooner than 12 hours later). "Must be prepaid": not pay-after-test
 * and still before the sample is received (the states a member may cancel in).
 */

const DAY_MS = 24 * 3600_000;
const NOTICE_LEAD_MS = 12 * 3600_000;
const systemActor: NamedActor = { kind: 'system', id: null, name: '系统' };
export const UNPAID_CANCEL_REASON = '超过付款期限未付款，系统自动取消';

const unpaidPrepay = and(eq(orders.payment, 'unpaid'), eq(orders.payLater, false), inArray(orders.progress, [...MEMBER_CANCELLABLE]));

export interface UnpaidOrdersOutcome {
  noticed: string[];
  cancelled: string[];
}

/** The job: the day-before notices, then the cancels. Each order in its own transaction. */
export async function sweepUnpaidOrders(db: Db, channels: NoticeChannels, log: Pick<FastifyBaseLogger, 'warn'>, now: Date): Promise<UnpaidOrdersOutcome> {
  const { unpaidCancelDays } = await getJobSettings(db);
  const cancelBefore = new Date(now.getTime() - unpaidCancelDays * DAY_MS);
  const noticeBefore = new Date(now.getTime() - (unpaidCancelDays - 1) * DAY_MS);
  const outcome: UnpaidOrdersOutcome = { noticed: [], cancelled: [] };

  // told at least half a day before, so an order the job could not warn in time (it was down) still gets its warning first
  const toldBy = new Date(now.getTime() - NOTICE_LEAD_MS);
  const overdue = and(unpaidPrepay, lte(orders.createdAt, cancelBefore), lte(orders.unpaidNoticeAt, toldBy));
  const due = await db.select({ id: orders.id }).from(orders).where(overdue).orderBy(asc(orders.id));
  for (const { id } of due) {
    const cancelled = await db.transaction(async (tx) => {
      // locked and read again: a payment at the same moment either came first (not unpaid now) or waits for the cancel
      const [order] = await tx.select().from(orders).where(and(eq(orders.id, id), overdue)).for('update');
      return order ? cancelOrder(tx, order, systemActor, UNPAID_CANCEL_REASON, now) : null;
    });
    if (!cancelled) continue;
    outcome.cancelled.push(cancelled.orderNo);
    await sendNotice(db, channels, cancelled.memberId, {
      template: 'order_cancelled',
      params: { orderNo: cancelled.orderNo },
      subject: `订单${cancelled.orderNo}已取消`,
      body: `您的订单${cancelled.orderNo}超过付款期限未付款，已自动取消。`,
    }).catch((error: unknown) => log.warn({ err: error, orderNo: cancelled.orderNo }, 'unpaid order cancel notice failed'));
  }

  const soon = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(unpaidPrepay, isNull(orders.unpaidNoticeAt), lte(orders.createdAt, noticeBefore)))
    .orderBy(asc(orders.id));
  for (const { id } of soon) {
    const noticed = await db.transaction(async (tx) => {
      const [order] = await tx
        .update(orders)
        .set({ unpaidNoticeAt: now })
        .where(and(eq(orders.id, id), unpaidPrepay, isNull(orders.unpaidNoticeAt)))
        .returning();
      if (!order) return null;
      const deadline = new Date(Math.max(order.createdAt.getTime() + unpaidCancelDays * DAY_MS, now.getTime() + NOTICE_LEAD_MS));
      const by = deadline.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
      const text = `您的订单${order.orderNo}尚未付款，如在${by}前仍未付款，系统将自动取消该订单。`;
      await postMessage(tx, order.memberId, { title: `订单${order.orderNo}即将自动取消`, content: text, link: orderLink(order.orderNo) }, now);
      // the SMS and e-mail queue in this transaction: they leave exactly when the notice is recorded
      await sendNotice(tx, channels, order.memberId, { template: 'order_unpaid_reminder', params: { orderNo: order.orderNo, deadline: by }, subject: `订单${order.orderNo}即将自动取消`, body: text });
      return order;
    });
    if (noticed) outcome.noticed.push(noticed.orderNo);
  }
  return outcome;
}
