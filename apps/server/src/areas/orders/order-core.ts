import { and, eq, sql } from 'drizzle-orm';
import {
  MEMBER_CANCELLABLE,
  RETEST_WINDOW_DAYS,
  paymentLabels,
  progressLabels,
  progressTransitions,
  type OrderEvent,
  type OrderSummary,
  type ProgressStatus,
} from '@lab/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { dayNumber, insertNumbered, type NumberSpec } from '../../platform/numbers';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { NamedActor } from '../../platform/actor';
import { orderEvents, orders, reservations } from './orders.tables';
import { expiredHold } from './reservation-core';

/**
 * What every part of ordering shares: finding an order with its owner, the summary and the
 * actions a member may take, the allowed progress changes, and the timeline events.
 */
export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How a member is named to staff and on the order: the real name, else the nickname. */
export const memberName = (m: { name: string | null; nickname: string }) => m.name || m.nickname;

/** 'KY' + Shanghai date + 8 random digits: unique (the column is), never guessable from another. */
export const ORDER_NO: NumberSpec = { constraint: 'orders_orderNo_unique', draw: dayNumber('KY', 8) };
/** A fresh candidate order number (tests that insert orders directly); services insert through insertOrderRow. */
export const newOrderNo = (now: Date) => ORDER_NO.draw(now);

/** Inserts an order row under a fresh number (platform/numbers.ts: a clash of the random digits draws again). */
export async function insertOrderRow(tx: DbOrTx, values: Omit<typeof orders.$inferInsert, 'orderNo'>, now: Date): Promise<OrderRow> {
  return insertNumbered(tx, ORDER_NO, now, async (sp, orderNo) => {
    const [row] = await sp
      .insert(orders)
      .values({ ...values, orderNo })
      .returning();
    return row!;
  });
}

/** A sample's lab code: <order no>-<line>-<n> (order numbers are two letters and digits). */
export const SAMPLE_CODE = /^([A-Z]{2}\d{8,})-\d+-\d+$/;

/**
 * What a scanner sends at sample receipt: the order number from the label, or a sample code
 * (<order no>-<line>-<n>), possibly with spaces or in lower case.
 */
export function scannedOrderNo(text: string): string {
  const value = text.trim().toUpperCase();
  const sample = SAMPLE_CODE.exec(value);
  return sample ? sample[1]! : value;
}

/**
 * The member's own order, or 404 — another member's number answers exactly like a wrong one.
 * With `holdsAt` (paying, inside the payment's transaction): the order locked, and whether a
 * hold of it had expired unpaid at that moment, in the same statement (order/pay's one read).
 */
export async function findMemberOrder(db: DbOrTx, memberId: number, orderNo: string, options?: { lock?: boolean }): Promise<OrderRow>;
export async function findMemberOrder(db: Tx, memberId: number, orderNo: string, options: { lock: true; holdsAt: Date }): Promise<{ order: OrderRow; holdExpired: boolean }>;
export async function findMemberOrder(
  db: DbOrTx,
  memberId: number,
  orderNo: string,
  options: { lock?: boolean; holdsAt?: Date } = {},
): Promise<OrderRow | { order: OrderRow; holdExpired: boolean }> {
  const where = and(eq(orders.orderNo, orderNo), eq(orders.memberId, memberId));
  if (options.holdsAt) {
    const expired = db.select({ one: sql`1` }).from(reservations).where(and(eq(reservations.orderId, orders.id), expiredHold(options.holdsAt)));
    const [found] = await db
      .select({ order: orders, holdExpired: sql<boolean>`exists (${expired})` })
      .from(orders)
      .where(where)
      .limit(1)
      .for('update');
    if (!found) throw notFound('订单');
    return found;
  }
  const query = db.select().from(orders).where(where).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('订单');
  return row;
}

/** Staff: any order by number (404 when unknown). */
export async function findOrderByNo(db: DbOrTx, orderNo: string, options: { lock?: boolean } = {}): Promise<OrderRow> {
  const query = db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('订单');
  return row;
}

/** Refuses a progress change the lifecycle does not allow, naming the current state. */
export function assertTransition(order: Pick<OrderRow, 'progress'>, to: ProgressStatus): void {
  if (!progressTransitions[order.progress].includes(to)) {
    throw new AppError('ORDER_STATE', `订单当前为「${progressLabels[order.progress]}」，不能${transitionVerb[to]}`, { status: 409 });
  }
}

const transitionVerb: Record<ProgressStatus, string> = {
  submitted: '重新提交',
  awaiting_sample: '确认订单',
  received: '确认收样',
  testing: '开始测试',
  delivered: '交付数据',
  completed: '完成订单',
  cancelled: '取消',
};

export interface EventInput {
  status: OrderEvent['status'];
  title: string;
  note?: string;
  actor: NamedActor;
  now: Date;
}

export async function addOrderEvent(tx: DbOrTx, orderId: number, event: EventInput): Promise<void> {
  await orderEventInsert(tx, orderId, event);
}

/** The event's insert, not yet sent: a caller may send it as part of a bigger statement (a CTE). */
export function orderEventInsert(tx: DbOrTx, orderId: number, event: EventInput) {
  return tx.insert(orderEvents).values({
    orderId,
    status: event.status,
    title: event.title,
    note: event.note ?? '',
    actorKind: event.actor.kind,
    actorId: event.actor.id,
    actorName: event.actor.name,
    createdAt: event.now,
  });
}

export const toOrderEvent = (row: OrderEventRow): OrderEvent => ({
  status: row.status as OrderEvent['status'],
  title: row.title,
  note: row.note,
  actor: row.actorKind,
  actorName: row.actorName,
  at: row.createdAt.toISOString(),
});

export function retestWindowOpen(order: Pick<OrderRow, 'deliveredAt'>, now: Date): boolean {
  return order.deliveredAt !== null && now.getTime() - order.deliveredAt.getTime() <= RETEST_WINDOW_DAYS * DAY_MS;
}

/** The columns a summary is made of: lists read only these, not the whole row. */
export const summaryColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  kind: orders.kind,
  progress: orders.progress,
  payment: orders.payment,
  title: orders.title,
  lineCount: orders.lineCount,
  sampleCount: orders.sampleCount,
  totalFen: orders.totalFen,
  discountFen: orders.discountFen,
  payLater: orders.payLater,
  projectNo: orders.projectNo,
  delivery: orders.delivery,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  deliveredAt: orders.deliveredAt,
  disputedAt: orders.disputedAt,
  disputeResolved: orders.disputeResolved,
  evaluationScore: orders.evaluationScore,
};
export type SummaryRow = Pick<OrderRow, keyof typeof summaryColumns>;

export function memberActions(order: SummaryRow, now: Date): OrderSummary['actions'] {
  const live = order.progress !== 'cancelled';
  const openDispute = order.disputedAt !== null && !order.disputeResolved;
  return {
    pay: live && (order.payment === 'unpaid' || order.payment === 'unsettled') && order.totalFen > 0,
    cancel: MEMBER_CANCELLABLE.includes(order.progress),
    confirmData: order.progress === 'delivered' && !openDispute,
    dispute: order.progress === 'delivered' && !openDispute && retestWindowOpen(order, now),
    evaluate: order.progress === 'completed' && order.evaluationScore === null,
  };
}

export function toOrderSummary(order: SummaryRow, now: Date): OrderSummary {
  return {
    orderNo: order.orderNo,
    kind: order.kind,
    progress: order.progress,
    progressText: progressLabels[order.progress],
    payment: order.payment,
    paymentText: paymentLabels[order.payment],
    title: order.title,
    lineCount: order.lineCount,
    sampleCount: order.sampleCount,
    totalFen: order.totalFen,
    discountFen: order.discountFen,
    payableFen: order.totalFen - order.discountFen,
    payLater: order.payLater,
    projectNo: order.projectNo,
    delivery: order.delivery,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    actions: memberActions(order, now),
  };
}

/** Guarded progress update: only from the state read, so two staff clicks cannot both apply. */
export async function moveProgress(tx: Tx, order: OrderRow, to: ProgressStatus, now: Date, extra: Partial<typeof orders.$inferInsert> = {}): Promise<OrderRow> {
  assertTransition(order, to);
  const [row] = await tx
    .update(orders)
    .set({ progress: to, updatedAt: now, ...extra })
    .where(and(eq(orders.id, order.id), eq(orders.progress, order.progress)))
    .returning();
  if (!row) throw conflict('订单状态已变化，请刷新后重试');
  return row;
}
