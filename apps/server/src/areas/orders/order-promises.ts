import { and, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  PROMISE_CALL_MINUTES,
  PROMISE_NOTICE_MINUTES,
  PROMISE_RETURN_MINUTES,
  PROMISE_WARN_MINUTES,
  type OrderPromise,
  type PromiseKind,
  type PromiseState,
  type RiskFilter,
} from '@lab/contract';
import { sampleRecycles } from './pickups/pickups.tables';
import type { OrderRow } from './order-core';
import { orders } from './orders.tables';

/**
 * The three service promises (PRODUCT.md) of an order, told from its own columns: the
 * manager's call within 2 h of the sample's arrival (managerCalledAt), the data notice within
 * 2 h of delivery (dataNotifiedAt), the samples back within 48 h of full payment (the return
 * request's handling). `promisesOf` says where each stands for a person; `riskCondition` is
 * the same rule in SQL, so the list's 承诺预警 filter finds exactly the orders whose promises
 * read 即将超时 or 已超时.
 */

const MINUTE = 60_000;
const allowed: Record<PromiseKind, number> = { call: PROMISE_CALL_MINUTES, notice: PROMISE_NOTICE_MINUTES, return: PROMISE_RETURN_MINUTES };

/** The progress in which each promise can still be kept (after it, a missing one is 未完成, not a task). */
const CALL_OPEN: OrderRow['progress'][] = ['received', 'testing'];
const NOTICE_OPEN: OrderRow['progress'][] = ['delivered'];

export function promiseOf(kind: PromiseKind, since: Date, doneAt: Date | null, open: boolean, now: Date): OrderPromise {
  const due = since.getTime() + allowed[kind] * MINUTE;
  let state: PromiseState;
  if (doneAt) state = doneAt.getTime() <= due ? 'done' : 'late';
  else if (!open) state = 'missed';
  else if (now.getTime() > due) state = 'overdue';
  else if (now.getTime() >= due - PROMISE_WARN_MINUTES * MINUTE) state = 'due_soon';
  else state = 'pending';
  return { kind, since: since.toISOString(), dueAt: new Date(due).toISOString(), doneAt: doneAt?.toISOString() ?? null, state };
}

export const atRisk = (promise: OrderPromise) => promise.state === 'due_soon' || promise.state === 'overdue';

/** A return request of the order, as far as the promise needs it. */
export interface ReturnAsked {
  createdAt: Date;
  status: 'pending' | 'sent' | 'cancelled';
  handledAt: Date | null;
}

type PromiseColumns = Pick<OrderRow, 'progress' | 'payment' | 'paidAt' | 'receivedAt' | 'managerCalledAt' | 'deliveredAt' | 'dataNotifiedAt'>;

/**
 * The return promise: the clock starts at full payment, or at the request when the member
 * asked later; it runs only once the order is paid. Of several requests, the oldest still
 * open counts, else the last one sent.
 */
export function returnPromise(order: Pick<OrderRow, 'payment' | 'paidAt'>, requests: ReturnAsked[], now: Date): OrderPromise | null {
  if (order.payment !== 'paid' || order.paidAt === null) return null;
  const live = requests.filter((r) => r.status !== 'cancelled');
  const open = live.filter((r) => r.status === 'pending').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
  const request = open ?? live.filter((r) => r.status === 'sent').sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (!request) return null;
  const since = new Date(Math.max(order.paidAt.getTime(), request.createdAt.getTime()));
  return promiseOf('return', since, request.status === 'sent' ? request.handledAt : null, request.status === 'pending', now);
}

export function promisesOf(order: PromiseColumns, requests: ReturnAsked[], now: Date): OrderPromise[] {
  const promises: OrderPromise[] = [];
  if (order.receivedAt) promises.push(promiseOf('call', order.receivedAt, order.managerCalledAt, CALL_OPEN.includes(order.progress), now));
  if (order.deliveredAt) {
    // a notice sent for an earlier delivery (before a re-test) does not count for this one
    const notified = order.dataNotifiedAt && order.dataNotifiedAt.getTime() >= order.deliveredAt.getTime() ? order.dataNotifiedAt : null;
    promises.push(promiseOf('notice', order.deliveredAt, notified, NOTICE_OPEN.includes(order.progress), now));
  }
  const back = returnPromise(order, requests, now);
  if (back) promises.push(back);
  return promises;
}

/** The instant from which a promise started at or before it reads 即将超时. */
const warnFrom = (kind: PromiseKind, now: Date) => new Date(now.getTime() - (allowed[kind] - PROMISE_WARN_MINUTES) * MINUTE);

/**
 * Orders with a promise due within PROMISE_WARN_MINUTES or overdue. Each part can use an
 * index (progress; the order number for the few orders with an open return request), so
 * their OR is a bitmap OR rather than a scan of every order.
 */
export function riskCondition(risk: RiskFilter, now: Date): SQL {
  const call = and(inArray(orders.progress, CALL_OPEN), isNull(orders.managerCalledAt), lte(orders.receivedAt, warnFrom('call', now)))!;
  const notice = and(
    inArray(orders.progress, NOTICE_OPEN),
    or(isNull(orders.dataNotifiedAt), lt(orders.dataNotifiedAt, orders.deliveredAt)),
    lte(orders.deliveredAt, warnFrom('notice', now)),
  )!;
  const returnFrom = warnFrom('return', now).toISOString();
  const back = and(
    eq(orders.payment, 'paid'),
    lte(orders.paidAt, warnFrom('return', now)),
    sql`${orders.orderNo} = any(array(select ${sampleRecycles.orderNo} from ${sampleRecycles} where ${sampleRecycles.status} = 'pending' and ${sampleRecycles.orderNo} is not null and ${sampleRecycles.createdAt} <= ${returnFrom}::timestamptz))`,
  )!;
  switch (risk) {
    case 'call':
      return call;
    case 'notice':
      return notice;
    case 'return':
      return back;
    case 'any':
      return or(call, notice, back)!;
  }
}
