import { and, count, eq } from 'drizzle-orm';
import { progressLabels, sampleMoves, sampleStateLabels, type AdminOrderDetail, type AdminSampleMoveBody, type ProgressStatus, type SampleState } from '@lab/contract';
import type { Db, Tx } from '../../../db/client';
import { AppError, conflict } from '../../../platform/errors';
import { findOrderByNo, SAMPLE_CODE, type OrderRow } from '../order-core';
import { adminOrderDetail, afterSteps, applyStep, reportCount, staffActor, type Channels, type StepDone } from './progress.service';
import { queueEnd } from './queue.service';
import { ensureSampleRows, serviceTimeMarks } from './sample-moves';
import { orderSamples, sampleEvents } from './samples.tables';

/**
 * 样品状态 at the desk: one sample moves one state on, scanned or clicked (samples/move). The
 * order follows its samples along the lifecycle it always had (PRODUCT.md): the first sample
 * received receives the order (confirming it first when the desk asked 确认并收样), the first
 * sample on the instrument starts its testing (paid, or pay-after-test), and the last sample's
 * data delivers it once a report is uploaded. Everything in one transaction with the order
 * locked; a refusal changes nothing.
 */

export const unknownSampleMessage = (code: string) => `未找到样品编号「${code}」，请核对样品标签`;
export const NOT_CONFIRMED_MESSAGE = '订单尚未确认，请先确认订单，或选择「确认并收样」';

/** The order's progress each target state needs (退样 and 留样 need none). */
const orderStatesFor: Partial<Record<SampleState, readonly ProgressStatus[]>> = {
  received: ['submitted', 'awaiting_sample', 'received', 'testing'],
  queued: ['received', 'testing'],
  running: ['received', 'testing'],
  processing: ['testing'],
  data_out: ['testing'],
};

/** Refuses a move the sample's state does not allow, naming where it is and what comes next. */
function checkMove(code: string, from: SampleState, to: SampleState): void {
  if (from === to) throw conflict(`样品${code}已是「${sampleStateLabels[to]}」`);
  const allowed = sampleMoves[from];
  if (allowed.includes(to)) return;
  if (allowed.length === 0) throw new AppError('SAMPLE_STATE', `样品${code}已${sampleStateLabels[from]}，不能再变更状态`, { status: 409 });
  const next = allowed.map((s) => `「${sampleStateLabels[s]}」`).join('或');
  throw new AppError('SAMPLE_STATE', `样品${code}当前为「${sampleStateLabels[from]}」，不能跳到「${sampleStateLabels[to]}」，下一步应为${next}`, { status: 409 });
}

/** The sample of a scanned code with its order locked; an order from before sample states gets its rows first. */
async function lockedSample(tx: Tx, code: string, now: Date): Promise<{ order: OrderRow; sample: typeof orderSamples.$inferSelect }> {
  const match = SAMPLE_CODE.exec(code);
  if (!match) throw new AppError('SAMPLE_NOT_FOUND', unknownSampleMessage(code), { status: 404 });
  let order: OrderRow;
  try {
    order = await findOrderByNo(tx, match[1]!, { lock: true });
  } catch {
    throw new AppError('SAMPLE_NOT_FOUND', unknownSampleMessage(code), { status: 404 });
  }
  const find = () => tx.select().from(orderSamples).where(and(eq(orderSamples.code, code), eq(orderSamples.orderId, order.id))).limit(1).for('update');
  let [sample] = await find();
  if (!sample) {
    await ensureSampleRows(tx, order, now);
    [sample] = await find();
  }
  if (!sample) throw new AppError('SAMPLE_NOT_FOUND', unknownSampleMessage(code), { status: 404 });
  return { order, sample };
}

/** Whether every sample of the order is through (data out, returned or kept) with at least one data out. */
async function allDataOut(tx: Tx, orderId: number): Promise<boolean> {
  const rows = await tx.select({ state: orderSamples.state, n: count() }).from(orderSamples).where(eq(orderSamples.orderId, orderId)).groupBy(orderSamples.state);
  const through = new Set<SampleState>(['data_out', 'returned', 'retained']);
  return rows.some((r) => r.state === 'data_out') && rows.every((r) => through.has(r.state));
}

/** samples/move: one sample one state on (a bare scan: the next state), the order following. */
export async function moveSample(db: Db, channels: Channels, staffId: number, body: AdminSampleMoveBody, now: Date): Promise<AdminOrderDetail> {
  const code = body.code.trim().toUpperCase();
  const { order, steps } = await db.transaction(async (tx) => {
    const actor = await staffActor(tx, staffId);
    const { order: locked, sample } = await lockedSample(tx, code, now);
    const to = body.to ?? sampleMoves[sample.state][0];
    if (!to) throw new AppError('SAMPLE_STATE', `样品${code}已${sampleStateLabels[sample.state]}，不能再变更状态`, { status: 409 });
    checkMove(code, sample.state, to);
    const needs = orderStatesFor[to];
    if (locked.progress === 'cancelled' && to !== 'returned') throw new AppError('ORDER_STATE', '订单已取消，样品只能退样', { status: 409 });
    if (needs && !needs.includes(locked.progress)) {
      throw new AppError('ORDER_STATE', `订单当前为「${progressLabels[locked.progress]}」，样品不能进入「${sampleStateLabels[to]}」`, { status: 409 });
    }
    if (to === 'received' && locked.progress === 'submitted' && !body.confirm) throw new AppError('ORDER_NOT_CONFIRMED', NOT_CONFIRMED_MESSAGE, { status: 409 });
    // the order first, so a refusal there (an unpaid order cannot start testing) changes nothing
    const done: StepDone[] = [];
    let current = locked;
    const step = async (action: Parameters<typeof applyStep>[2], tell = true) => {
      const result = await applyStep(tx, current, action, actor, `样品${code}`, now, { carrySamples: false, tell });
      done.push(result);
      current = result.row;
    };
    if (to === 'received' && current.progress === 'submitted') await step('confirm', false);
    if (to === 'received' && current.progress === 'awaiting_sample') await step('receive');
    if (to === 'running' && current.progress === 'received') await step('test');
    const [moved] = await tx
      .update(orderSamples)
      .set({ state: to, stateAt: now, queuePos: to === 'queued' ? queueEnd(sample.itemId) : null, ...serviceTimeMarks(to, now) })
      .where(and(eq(orderSamples.id, sample.id), eq(orderSamples.state, sample.state)))
      .returning({ id: orderSamples.id });
    if (!moved) throw conflict('样品状态已变化，请刷新后重试');
    await tx.insert(sampleEvents).values({
      sampleId: sample.id,
      orderId: locked.id,
      fromState: sample.state,
      toState: to,
      note: body.note ?? '',
      actorKind: actor.kind,
      actorId: actor.id,
      actorName: actor.name,
      createdAt: now,
    });
    // the last sample's data: the order's data is delivered, once the report is there
    if (to === 'data_out' && current.progress === 'testing' && (await allDataOut(tx, locked.id)) && (await reportCount(tx, locked.id)) > 0) await step('deliver');
    return { order: current, steps: done };
  });
  const after = steps.length > 0 ? await afterSteps(db, channels, steps, now) : null;
  return adminOrderDetail(db, after ?? order, now);
}
