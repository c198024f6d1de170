import { sampleStatesOf } from './sample-moves';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { progressStatuses, sampleStateLabels, type evaluateAddBody, type OrderDetail, type OrderEvent, type ProgressStatus, type TestRecord } from '@lab/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { AppError, conflict, notFound } from '../../../platform/errors';
import { memberContact } from '../../accounts';
import { orderEvents, orderLines, orders } from '../orders.tables';
import { postMessage } from '../../messages';
import type { NamedActor } from '../../../platform/actor';
import { progressNotice } from '../notices';
import { onOrderCompleted } from '../order-hooks';
import { addOrderEvent, findMemberOrder, moveProgress, retestWindowOpen, toOrderEvent } from '../order-core';
import { orderDetailOf } from '../order-detail.service';
import { EVALUATED_MESSAGE, messageOf, openDispute, stateError } from './progress.service';
import { findReport } from './reports.service';

/**
 * The member's side of an order's progress (我的订单): confirming the delivered data, a
 * re-test request, the evaluation, the test record and the report download. Each answers the
 * order as the member sees it now.
 */

async function memberActor(db: DbOrTx, memberId: number): Promise<NamedActor> {
  const person = await memberContact(db, memberId);
  return { kind: 'member', id: memberId, name: person?.name || person?.nickname || '客户' };
}

// ---- the member's answers ----

/** assign/right: the member confirms the delivered data; the order completes. */
export async function confirmData(db: Db, memberId: number, orderNo: string, now: Date): Promise<OrderDetail> {
  const row = await db.transaction(async (tx) => {
    const order = await findMemberOrder(tx, memberId, orderNo.trim(), { lock: true });
    if (order.progress !== 'delivered') throw stateError(order, '确认数据');
    if (openDispute(order)) throw conflict('您已申请复测，请等待实验室处理');
    const actor = await memberActor(tx, memberId);
    const moved = await moveProgress(tx, order, 'completed', now, { completedAt: now });
    await onOrderCompleted(tx, moved, now);
    await addOrderEvent(tx, order.id, { status: 'confirmed_data', title: '已确认数据', actor, now });
    await addOrderEvent(tx, order.id, { status: 'completed', title: '订单已完成', actor, now });
    return moved;
  });
  return orderDetailOf(db, row, now);
}

/** assign/wrong: a re-test request with a reason, within the window after delivery, one open at a time. */
export async function disputeData(db: Db, memberId: number, body: { order_no: string; reason: string }, now: Date): Promise<OrderDetail> {
  const row = await db.transaction(async (tx) => {
    const order = await findMemberOrder(tx, memberId, body.order_no.trim(), { lock: true });
    if (order.progress !== 'delivered') throw stateError(order, '申请复测');
    if (openDispute(order)) throw conflict('您已提交复测申请，请等待实验室处理');
    if (!retestWindowOpen(order, now)) throw new AppError('RETEST_WINDOW', '已超过复测申请期限（数据交付后15天内）', { status: 409 });
    const actor = await memberActor(tx, memberId);
    const [updated] = await tx
      .update(orders)
      .set({ disputeReason: body.reason, disputedAt: now, disputeResolved: false, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.progress, 'delivered')))
      .returning();
    if (!updated) throw conflict('订单状态已变化，请刷新后重试');
    await addOrderEvent(tx, order.id, { status: 'disputed', title: '申请复测', note: body.reason, actor, now });
    await postMessage(tx, memberId, messageOf(order.orderNo, progressNotice('disputed', { orderNo: order.orderNo, title: order.title })), now);
    return updated;
  });
  return orderDetailOf(db, row, now);
}

/** evaluate/add: once, on a completed order. */
export async function evaluateOrder(db: Db, memberId: number, body: z.infer<typeof evaluateAddBody>, now: Date): Promise<OrderDetail> {
  // answered from the transaction: never a read after the commit (issue 28, fault 12)
  return db.transaction(async (tx) => {
    const order = await findMemberOrder(tx, memberId, body.order_no.trim(), { lock: true });
    if (order.evaluationScore !== null) throw conflict(EVALUATED_MESSAGE);
    if (order.progress !== 'completed') throw new AppError('ORDER_STATE', '订单完成后才能评价', { status: 409 });
    const actor = await memberActor(tx, memberId);
    const [updated] = await tx
      .update(orders)
      .set({ evaluationScore: body.score, evaluationContent: body.content ?? '', evaluatedAt: now, updatedAt: now })
      .where(and(eq(orders.id, order.id), isNull(orders.evaluationScore)))
      .returning();
    if (!updated) throw conflict(EVALUATED_MESSAGE);
    await addOrderEvent(tx, order.id, { status: 'evaluated', title: `已评价（${body.score}星）`, note: body.content ?? '', actor, now });
    return orderDetailOf(tx, updated, now);
  });
}

// ---- the test record ----

/** Where a sample is, told from its order's progress. */
export const sampleStatusText: Record<ProgressStatus, string> = {
  submitted: '订单待确认',
  awaiting_sample: '待寄样',
  received: '已收样，待测试',
  testing: '测试中',
  delivered: '数据已交付',
  completed: '已完成',
  cancelled: '已取消',
};

const recordEventStatuses = new Set<OrderEvent['status']>([...progressStatuses, 'disputed', 'confirmed_data']);

/** order/testRecord: each line's samples with where they are, and the lab's timeline. */
export async function testRecord(db: Db, memberId: number, orderNo: string): Promise<TestRecord[]> {
  const order = await findMemberOrder(db, memberId, orderNo.trim());
  const [lineRows, eventRows] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sort), asc(orderLines.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
  ]);
  const events = eventRows.map(toOrderEvent).filter((e) => recordEventStatuses.has(e.status));
  const states = await sampleStatesOf(db, order.id);
  const retesting = order.progress === 'testing' && order.deliveredAt !== null;
  // a sample with a state of its own says it; an order from before samples had states says its progress
  const statusOf = (code: string) => {
    const known = states.get(code);
    if (known) return retesting && ['queued', 'running', 'processing'].includes(known.state) ? `复测中：${sampleStateLabels[known.state]}` : sampleStateLabels[known.state];
    return retesting ? '复测中' : sampleStatusText[order.progress];
  };
  return lineRows.map((line) => ({
    lineId: line.rid,
    name: line.name,
    samples: line.samples.map((s) => ({ code: s.code, name: s.name, status: statusOf(s.code) })),
    events,
  }));
}

/** One report of the member's own order (another member's order or file → 404). */
export async function memberReport(db: Db, memberId: number, orderNo: string, id: string) {
  const order = await findMemberOrder(db, memberId, orderNo.trim());
  // not before the lab delivers the data: the same 404 as an unknown file
  if (order.deliveredAt === null) throw notFound('报告文件');
  return findReport(db, order, id);
}
