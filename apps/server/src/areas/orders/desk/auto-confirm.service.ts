import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { getJobSettings } from '../../../platform/job-settings';
import { postMessage, sendNotice } from '../../messages';
import type { NamedActor } from '../../../platform/actor';
import { orderLink } from '../notices';
import { orders } from '../orders.tables';
import { afterSteps, applyStep, type Channels } from './progress.service';

/**
 * 自动确认 (PRODUCT.md "Time-driven rules", issue 33): a delivered order the member neither
 * confirmed nor disputed completes by itself N days after its delivery (default 10, 任务设置),
 * through the same lab step as 完成订单 (points, rebates, timeline, message, notice). The member
 * is told the day before; an order the job could not warn in time is warned first and completed
 * no sooner than 12 hours later. An open dispute keeps the order as it is; a re-test's new
 * delivery starts the days again.
 */

const DAY_MS = 24 * 3600_000;
const NOTICE_LEAD_MS = 12 * 3600_000;
const systemActor: NamedActor = { kind: 'system', id: null, name: '系统' };

const undisputedDelivery = and(eq(orders.progress, 'delivered'), or(isNull(orders.disputedAt), eq(orders.disputeResolved, true)));

export interface AutoConfirmOutcome {
  noticed: string[];
  completed: string[];
}

/** The job: the completions that are due, then the day-before notices. Each order in its own transaction. */
export async function sweepDeliveredOrders(db: Db, channels: Channels, log: Pick<FastifyBaseLogger, 'warn'>, now: Date): Promise<AutoConfirmOutcome> {
  const { autoConfirmDays } = await getJobSettings(db);
  const outcome: AutoConfirmOutcome = { noticed: [], completed: [] };
  const note = `数据交付后${autoConfirmDays}天内未确认也未申请复测，系统自动确认`;

  const due = and(undisputedDelivery, lte(orders.deliveredAt, new Date(now.getTime() - autoConfirmDays * DAY_MS)), lte(orders.autoConfirmNoticeAt, new Date(now.getTime() - NOTICE_LEAD_MS)));
  for (const { id } of await db.select({ id: orders.id }).from(orders).where(due).orderBy(asc(orders.id))) {
    const done = await db.transaction(async (tx) => {
      // locked and read again: the member's confirmation or dispute at the same moment came first, or waits
      const [order] = await tx.select().from(orders).where(and(eq(orders.id, id), due)).for('update');
      return order ? applyStep(tx, order, 'complete', systemActor, note, now, { carrySamples: true }) : null;
    });
    if (!done) continue;
    outcome.completed.push(done.row.orderNo);
    await afterSteps(db, channels, [done], now).catch((error: unknown) => log.warn({ err: error, orderNo: done.row.orderNo }, 'auto-confirm notice failed'));
  }

  const soon = and(undisputedDelivery, isNull(orders.autoConfirmNoticeAt), lte(orders.deliveredAt, new Date(now.getTime() - (autoConfirmDays - 1) * DAY_MS)));
  for (const { id } of await db.select({ id: orders.id }).from(orders).where(soon).orderBy(asc(orders.id))) {
    const noticed = await db.transaction(async (tx) => {
      const [order] = await tx.update(orders).set({ autoConfirmNoticeAt: now }).where(and(eq(orders.id, id), soon)).returning();
      if (!order?.deliveredAt) return null;
      const at = new Date(Math.max(order.deliveredAt.getTime() + autoConfirmDays * DAY_MS, now.getTime() + NOTICE_LEAD_MS));
      const text = `您的订单${order.orderNo}数据已交付，如在${at.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })}前未确认数据或申请复测，系统将自动确认并完成订单。`;
      await postMessage(tx, order.memberId, { title: `订单${order.orderNo}即将自动确认`, content: text, link: orderLink(order.orderNo) }, now);
      // the SMS and e-mail queue in this transaction: they leave exactly when the notice is recorded
      await sendNotice(tx, channels, order.memberId, { template: 'order_auto_confirm_reminder', params: { orderNo: order.orderNo }, subject: `订单${order.orderNo}即将自动确认`, body: text });
      return order;
    });
    if (noticed) outcome.noticed.push(noticed.orderNo);
  }
  return outcome;
}
