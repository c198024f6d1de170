import { asc, eq, inArray } from 'drizzle-orm';
import { labMinute, type OrderPromise, type PromiseKind, type StaffRole } from '@lab/contract';
import type { Db } from '../../../db/client';
import { orderPromiseMisses } from './desk.tables';
import { sampleRecycles } from '../pickups/pickups.tables';
import { orders } from '../orders.tables';
import type { SmsProvider } from '../../../platform/messaging';
import { notifyStaffOfRole, raiseStaffAlert, raisedAlertKeys } from '../../messages';
import { itemsByIds } from '../../catalog';
import { addOrderEvent, type OrderRow } from '../order-core';
import { atRisk, promisesOf, riskCondition, type ReturnAsked } from '../order-promises';
import { getJobSettings } from '../../../platform/job-settings';
import { promisedDaysOfItems } from './item-waits';
import { slippingSamples } from './queue-estimate';

/**
 * The service promises' job (PRODUCT.md "Time-driven rules"), every minute: a promise that
 * reads 即将超时 (PROMISE_WARN_MINUTES, 30, before it falls due — the dashboard's rule, through
 * the same `riskCondition` and `promisesOf`) raises an in-site alert for the role that keeps it
 * and, through the outbox, a WeChat template message to each of that role's staff who bound a
 * WeChat (docs/decisions/0056-wechat-staff-alerts-and-subscriptions.md) or, unless the back office
 * turned it off, an SMS to the others; one that passed its deadline undone is recorded as missed on the order
 * (`order_promise_misses`, a 系统 event on its timeline) and counted on the dashboard.
 *
 * Once per promise: the alert's key and the miss's unique (order, kind, deadline) settle a
 * second run or a second instance, and the alert, its SMS rows and the miss each commit in one
 * transaction with the row that says they happened.
 */

/** who keeps each promise: the customer manager calls; the lab sends the data notice and the samples back */
export const PROMISE_ROLE: Record<PromiseKind, StaffRole> = { call: 'sales', notice: 'lab', return: 'lab' };
const PROMISE_LABEL: Record<PromiseKind, string> = {
  call: '到样回访（收样后2小时内致电客户）',
  notice: '数据通知（交付后2小时内通知客户）',
  return: '样品回寄（付清后48小时内寄回）',
};
/** a promise that fell due longer ago than this (the job was down, or data from before it ran) is recorded, not alerted */
const ALERT_LOOKBACK_MS = 24 * 3600_000;
const systemActor = { kind: 'system' as const, id: null, name: '系统' };

export interface PromiseCheckOutcome {
  /** `<kind>:<order no>` of each new alert */
  alerted: string[];
  /** `<kind>:<order no>` of each promise newly recorded as missed */
  missed: string[];
}

const alertKey = (order: OrderRow, promise: OrderPromise) => `promise:${promise.kind}:${order.orderNo}:${promise.dueAt}`;

export async function checkPromises(db: Db, sms: SmsProvider, now: Date): Promise<PromiseCheckOutcome> {
  const outcome: PromiseCheckOutcome = { alerted: [], missed: [] };
  const rows = await db.select().from(orders).where(riskCondition('any', now)).orderBy(asc(orders.id));
  if (rows.length === 0) return outcome;

  const orderNos = rows.map((row) => row.orderNo);
  const [requests, misses] = await Promise.all([
    db
      .select({ orderNo: sampleRecycles.orderNo, memberId: sampleRecycles.memberId, createdAt: sampleRecycles.createdAt, status: sampleRecycles.status, handledAt: sampleRecycles.handledAt })
      .from(sampleRecycles)
      .where(inArray(sampleRecycles.orderNo, orderNos)),
    db
      .select({ orderId: orderPromiseMisses.orderId, kind: orderPromiseMisses.kind, dueAt: orderPromiseMisses.dueAt })
      .from(orderPromiseMisses)
      .where(inArray(orderPromiseMisses.orderId, rows.map((row) => row.id))),
  ]);
  const recorded = new Set(misses.map((miss) => `${miss.orderId}:${miss.kind}:${miss.dueAt.toISOString()}`));

  // the return requests by order, read once: not a scan of every request per order
  const requestsOf = new Map<string, typeof requests>();
  for (const request of requests) if (request.orderNo) requestsOf.set(request.orderNo, [...(requestsOf.get(request.orderNo) ?? []), request]);
  const found = rows.flatMap((order) => {
    const asked: ReturnAsked[] = (requestsOf.get(order.orderNo) ?? []).filter((r) => r.memberId === order.memberId);
    return promisesOf(order, asked, now)
      .filter(atRisk)
      .map((promise) => ({ order, promise }));
  });
  const keys = found.map(({ order, promise }) => alertKey(order, promise));
  const raised = await raisedAlertKeys(db, keys);
  const settings = await getJobSettings(db);

  for (const { order, promise } of found) {
    const key = alertKey(order, promise);
    const due = new Date(promise.dueAt);
    const overdue = promise.state === 'overdue';
    if (!raised.has(key) && due.getTime() >= now.getTime() - ALERT_LOOKBACK_MS) {
      const label = PROMISE_LABEL[promise.kind];
      const when = overdue ? `已于${labMinute(due)}超时` : `将于${labMinute(due)}到期`;
      const isNew = await db.transaction(async (tx) => {
        const fresh = await raiseStaffAlert(tx, {
          key,
          kind: 'promise_due',
          role: PROMISE_ROLE[promise.kind],
          title: `订单${order.orderNo}的${label.slice(0, 4)}${overdue ? '已超时' : '即将到期'}`,
          content: `订单${order.orderNo}（${order.title}）的服务承诺“${label}”${when}，请尽快处理。`,
          link: `/admin/orders/${order.orderNo}`,
          createdAt: now,
        });
        if (fresh) {
          await notifyStaffOfRole(tx, sms, PROMISE_ROLE[promise.kind], {
            template: 'staff_promise_due',
            params: { orderNo: order.orderNo, promise: label.slice(0, 4), dueAt: labMinute(due) },
            body: `订单${order.orderNo}的${label}${when}，请尽快处理。`,
            sms: settings.promiseAlertSms,
          });
        }
        return fresh;
      });
      if (isNew) outcome.alerted.push(`${promise.kind}:${order.orderNo}`);
    }

    if (overdue && !recorded.has(`${order.id}:${promise.kind}:${promise.dueAt}`)) {
      const isNew = await db.transaction(async (tx) => {
        const [miss] = await tx
          .insert(orderPromiseMisses)
          .values({ orderId: order.id, kind: promise.kind, since: new Date(promise.since), dueAt: due, recordedAt: now })
          .onConflictDoNothing()
          .returning({ id: orderPromiseMisses.id });
        if (!miss) return false;
        await addOrderEvent(tx, order.id, { status: order.progress, title: '服务承诺超时', note: `${PROMISE_LABEL[promise.kind]}未在${labMinute(due)}前完成`, actor: systemActor, now });
        return true;
      });
      if (isNew) outcome.missed.push(`${promise.kind}:${order.orderNo}`);
    }
  }
  return outcome;
}

/** The misses recorded on one order, oldest deadline first (the order's detail, tests). */
export function promiseMissesOf(db: Db, orderId: number) {
  return db.select().from(orderPromiseMisses).where(eq(orderPromiseMisses.orderId, orderId)).orderBy(asc(orderPromiseMisses.dueAt));
}

/**
 * A slipping estimate (issue 33): a queued sample whose estimate now ends after the day its
 * item's 测试周期 promised, counted from its receipt, raises one in-site alert for the lab (key
 * per sample, so a second run or instance raises nothing), naming the sample, the promised day
 * and the estimate — in the same transaction a WeChat template message to each lab member who
 * bound one (no SMS: the in-site alert is the rest's). The queue board is where the lab acts on it.
 */
export async function checkSlippingEstimates(db: Db, sms: SmsProvider, now: Date): Promise<string[]> {
  const slipping = await slippingSamples(db, now, (itemIds) => promisedDaysOfItems(db, itemIds));
  if (slipping.length === 0) return [];
  const raised = await raisedAlertKeys(
    db,
    slipping.map((s) => `estimate:${s.code}`),
  );
  const fresh = slipping.filter((s) => !raised.has(`estimate:${s.code}`));
  if (fresh.length === 0) return [];
  const [orderRows, items] = await Promise.all([
    db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, [...new Set(fresh.map((s) => s.orderId))])),
    itemsByIds(db, new Set(fresh.map((s) => s.itemId))),
  ]);
  const orderNos = new Map(orderRows.map((o) => [o.id, o.orderNo]));
  const alerted: string[] = [];
  for (const sample of fresh) {
    const orderNo = orderNos.get(sample.orderId) ?? '';
    const content = `订单${orderNo}的样品${sample.code}前面还有 ${sample.estimate.ahead} 个样品，预计 ${sample.estimate.fromDay} 至 ${sample.estimate.toDay} 出数据，晚于测试周期承诺的 ${sample.dueDay}。请调整排队或联系客户。`;
    const isNew = await db.transaction(async (tx) => {
      const fresh = await raiseStaffAlert(tx, {
        key: `estimate:${sample.code}`,
        kind: 'estimate_slip',
        role: 'lab',
        title: `样品${sample.code}预计出数据晚于承诺周期`,
        content,
        link: `/admin/queue?rid=${items.get(sample.itemId)?.rid ?? ''}`,
        createdAt: now,
      });
      if (fresh) {
        const estimate = `${sample.estimate.fromDay}至${sample.estimate.toDay}`;
        await notifyStaffOfRole(tx, sms, 'lab', { template: 'estimate_slip', params: { sample: sample.code, orderNo, estimate, dueDay: sample.dueDay }, body: content, sms: false });
      }
      return fresh;
    });
    if (isNew) alerted.push(sample.code);
  }
  return alerted;
}
