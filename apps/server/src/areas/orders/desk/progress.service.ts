import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { progressLabels, type AdminOrderDetail, type ProgressStatus } from '@lab/contract';
import { onOrderCompleted } from '../order-hooks';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { staffNames } from '../../accounts';
import { sampleRecycles, samplings } from '../pickups/pickups.tables';
import { toRecycle } from '../pickups/sampling.service';
import { postMessage, sendNotice, type NoticeChannels } from '../../messages';
import type { NamedActor } from '../../../platform/actor';
import { orderLink, progressNotice, type ProgressNotice, type ProgressNoticeKind } from '../notices';
import { promisesOf } from '../order-promises';
import { memberCards } from '../order-search.service';
import { orderDetailOf } from '../order-detail.service';
import { addOrderEvent, findOrderByNo, moveProgress, scannedOrderNo, type OrderRow } from '../order-core';
import { orderFiles, orders } from '../orders.tables';
import { findReport } from './reports.service';
import { endHolds } from '../reservation-core';
import { missingAgreement } from '../agreement-rule';
import { carryOrderSamples, sampleHistory } from './sample-moves';
import { orderOnlineParts, type OnlinePart } from './online-parts';

/**
 * Order progress after it is placed: the lab's steps (confirm, sample received, testing,
 * data delivered, completed, re-test, cancel), the member's answers to delivered data
 * (confirm it, or dispute it within the re-test window), the evaluation, and the test record.
 * Every change runs in one transaction with the order row locked, is guarded against a
 * concurrent change (moveProgress), leaves a timeline event naming who did it and an in-site
 * message; the SMS and e-mail go out after the commit.
 */

export interface Channels extends NoticeChannels {
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export type StaffAction = 'confirm' | 'receive' | 'test' | 'deliver' | 'complete' | 'retest';

interface Step {
  from: ProgressStatus;
  to: ProgressStatus;
  /** for the refusal: 订单当前为「…」，不能<verb> */
  verb: string;
  /** the timeline title */
  event: string;
  notice: ProgressNoticeKind;
}

/** Each staff action moves from exactly one state to one state (both allowed by progressTransitions). */
export const staffSteps: Record<StaffAction, Step> = {
  confirm: { from: 'submitted', to: 'awaiting_sample', verb: '确认订单', event: '订单已确认', notice: 'confirmed' },
  receive: { from: 'awaiting_sample', to: 'received', verb: '确认收样', event: '样品已签收', notice: 'received' },
  test: { from: 'received', to: 'testing', verb: '开始测试', event: '开始测试', notice: 'testing' },
  deliver: { from: 'testing', to: 'delivered', verb: '交付数据', event: '数据已交付', notice: 'delivered' },
  complete: { from: 'delivered', to: 'completed', verb: '完成订单', event: '订单已完成', notice: 'completed' },
  retest: { from: 'delivered', to: 'testing', verb: '安排复测', event: '开始复测', notice: 'retest' },
};

export const ENTERPRISE_UNPAID_MESSAGE = '企业订单需全额付款后才能开始测试';
export const UNPAID_MESSAGE = '订单未支付，请先付款或选择测试后结算';
export const NO_REPORT_MESSAGE = '请先上传报告文件';
export const EVALUATED_MESSAGE = '该订单已评价';

export const stateError = (order: Pick<OrderRow, 'progress'>, verb: string) =>
  new AppError('ORDER_STATE', `订单当前为「${progressLabels[order.progress]}」，不能${verb}`, { status: 409 });

export const openDispute = (order: Pick<OrderRow, 'disputedAt' | 'disputeResolved'>) => order.disputedAt !== null && !order.disputeResolved;

export { scannedOrderNo };

export async function staffActor(db: DbOrTx, staffId: number): Promise<NamedActor> {
  // a staff member's name is required (staff-schemas), so it names them
  const names = await staffNames(db, [staffId]);
  return { kind: 'staff', id: staffId, name: names.get(staffId) || '实验室' };
}

/**
 * SMS and e-mail after the commit: a failing provider is logged and never undoes the change.
 * Answers whether the notice went out (delivering records it as the data notice's time).
 */
export async function notify(db: Db, channels: Channels, memberId: number, notice: ProgressNotice): Promise<boolean> {
  try {
    await sendNotice(db, channels, memberId, { template: notice.template, params: notice.params, subject: notice.title, body: notice.content });
    return true;
  } catch (error) {
    channels.log?.error({ err: error, template: notice.template }, 'order notice failed');
    return false;
  }
}

export const messageOf = (orderNo: string, notice: ProgressNotice) => ({ title: notice.title, content: notice.content, link: orderLink(orderNo) });

// ---- the detail ----

const CANCELLABLE: OrderRow['progress'][] = ['submitted', 'awaiting_sample', 'received', 'testing'];
const UPLOADABLE: OrderRow['progress'][] = ['testing', 'delivered'];

/** What the order's state allows the desk to do now, and why a step it would allow must still wait. */
function deskActions(order: OrderRow, reportCount: number, agreementProblem: string | null): Pick<AdminOrderDetail, 'staffActions' | 'blocked'> {
  const step = (action: StaffAction) => order.progress === staffSteps[action].from;
  const blocked: AdminOrderDetail['blocked'] = {};
  if (step('test')) {
    const reason = [startTestingProblem(order), agreementProblem].filter(Boolean).join('；');
    if (reason) blocked.test = reason;
  }
  if (step('deliver') && reportCount === 0) blocked.deliver = NO_REPORT_MESSAGE;
  return {
    staffActions: {
      confirm: step('confirm'),
      receive: step('receive'),
      test: step('test'),
      deliver: step('deliver'),
      complete: step('complete'),
      retest: step('retest'),
      cancel: CANCELLABLE.includes(order.progress),
      upload: UPLOADABLE.includes(order.progress),
      call: order.receivedAt !== null && order.managerCalledAt === null && order.progress !== 'cancelled',
      notify: order.deliveredAt !== null && (order.progress === 'delivered' || order.progress === 'completed'),
    },
    blocked,
  };
}

/**
 * The desk's view of an order: the member's detail (with reports as soon as they are
 * uploaded), the member and how to reach them, the lab's times, the manager's call, the
 * promises with their deadlines, the sample returns asked for, and the actions open now.
 */
export async function adminOrderDetail(db: DbOrTx, order: OrderRow, now: Date): Promise<AdminOrderDetail> {
  const [detail, cards, caller, returnRows, sampleEvents, agreementProblem, online] = await Promise.all([
    orderDetailOf(db, order, now, 'staff'),
    memberCards(db, [order.memberId]),
    staffNames(db, [order.managerCalledBy]),
    db
      .select()
      .from(sampleRecycles)
      .where(and(eq(sampleRecycles.orderNo, order.orderNo), eq(sampleRecycles.memberId, order.memberId)))
      .orderBy(asc(sampleRecycles.createdAt), asc(sampleRecycles.id)),
    sampleHistory(db, order.id),
    order.progress === staffSteps.test.from ? missingAgreement(db, order) : null,
    order.paidFen > 0 ? orderOnlineParts(db, order.id) : Promise.resolve([]),
  ]);
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    ...detail,
    member: cards.get(order.memberId) ?? { rid: '', name: '', phone: '', organization: null, company: null, email: null },
    paidFen: order.paidFen,
    paidBy: paidBy(order, detail.paidFrom, online),
    receivedAt: iso(order.receivedAt),
    deliveredAt: iso(order.deliveredAt),
    completedAt: iso(order.completedAt),
    cancelledAt: iso(order.cancelledAt),
    cancelReason: order.cancelReason,
    managerCall: order.managerCalledAt ? { at: order.managerCalledAt.toISOString(), by: (order.managerCalledBy !== null && caller.get(order.managerCalledBy)) || '', note: order.managerCallNote ?? '' } : null,
    dataNotifiedAt: iso(order.dataNotifiedAt),
    promises: promisesOf(order, returnRows, now),
    returns: returnRows.map(toRecycle),
    sampleEvents,
    ...deskActions(order, detail.reports.length, agreementProblem),
  };
}

/**
 * Each part of what paid the order: the online payments by channel, then what the prepaid funds
 * gave (the balance part of a mixed payment, a balance or grant-card payment), named by whose funds.
 */
function paidBy(order: OrderRow, from: AdminOrderDetail['paidFrom'], online: OnlinePart[]): AdminOrderDetail['paidBy'] {
  const parts: AdminOrderDetail['paidBy'] = online.map((p) => ({ channel: p.channel, amountFen: p.amountFen, paidAt: p.paidAt?.toISOString() ?? null, reference: p.paymentNo }));
  const fromFunds = order.paidFen - online.reduce((n, p) => n + p.amountFen, 0);
  if (fromFunds > 0) {
    const funds = from.kind === 'community' ? `科研团体预存款「${from.name}」` : '本人预存款';
    parts.push({ channel: funds, amountFen: fromFunds, paidAt: order.paidAt?.toISOString() ?? null, reference: '' });
  }
  return parts;
}

/** The order of a number, or of a sample code scanned at the desk. */
export async function getAdminOrder(db: Db, orderNo: string, now: Date): Promise<AdminOrderDetail> {
  return adminOrderDetail(db, await findOrderByNo(db, scannedOrderNo(orderNo)), now);
}

// ---- staff steps ----

/** Why testing cannot start yet (payment), or null. */
function startTestingProblem(order: OrderRow): string | null {
  if (order.organization === 2 && order.payment !== 'paid') return ENTERPRISE_UNPAID_MESSAGE;
  if (order.payment === 'unpaid' && !order.payLater) return UNPAID_MESSAGE;
  return null;
}

/** Payment first, then the signed agreement where the lab requires one (agreement-rule.ts): 409 naming what is missing. */
async function checkCanStartTesting(tx: Tx, order: OrderRow): Promise<void> {
  const problem = startTestingProblem(order);
  if (problem) throw new AppError('ORDER_UNPAID', problem, { status: 409 });
  const agreement = await missingAgreement(tx, order);
  if (agreement) throw new AppError('AGREEMENT_MISSING', agreement, { status: 409 });
}

export async function reportCount(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orderFiles)
    .where(and(eq(orderFiles.orderId, orderId), eq(orderFiles.kind, 'report')));
  return row?.n ?? 0;
}

/** What one lab step did inside its transaction: the moved order and the notice to send after the commit. */
export interface StepDone {
  row: OrderRow;
  /** null: the member is told by the step that follows it (确认并收样 tells only of the receipt) */
  notice: ProgressNotice | null;
  action: StaffAction;
}

export interface StepOptions {
  /** bring the order's samples along (an order-level click) */
  carrySamples: boolean;
  /** false: no message of its own (a confirm done together with the receipt) */
  tell?: boolean;
}

/**
 * One lab step on an order already locked in `tx`: the guarded move, its side effects, the
 * timeline event and the in-site message. `carrySamples` brings the order's samples along (an
 * order-level click); a step that follows from one sample's move (samples.service.ts) moves
 * only the order.
 */
export async function applyStep(tx: Tx, order: OrderRow, action: StaffAction, actor: NamedActor, note: string, now: Date, options: StepOptions): Promise<StepDone> {
  const step = staffSteps[action];
  // a service order (数据保管延期) has nothing for the lab to do: its payment completes it
  if (order.kind === 'service') throw new AppError('ORDER_STATE', '数据保管延期订单支付后自动完成，无需实验室处理', { status: 409 });
  if (order.progress !== step.from) throw stateError(order, step.verb);
  const extra: Partial<typeof orders.$inferInsert> = {};
  let unsettled = false;
  // the lab has the order in hand: its booked hours are no longer an unpaid hold that lapses
  if (action === 'receive') {
    extra.receivedAt = now;
    await endHolds(tx, order.id);
  }
  if (action === 'test') await checkCanStartTesting(tx, order);
  if (action === 'deliver') {
    if ((await reportCount(tx, order.id)) === 0) throw new AppError('REPORT_MISSING', NO_REPORT_MESSAGE, { status: 409 });
    extra.deliveredAt = now;
    // a new delivery (after a re-test too) waits for its own notice
    extra.dataNotifiedAt = null;
    // a new delivery gets its own days before it is confirmed by itself, and its own notice
    extra.autoConfirmNoticeAt = null;
    if (order.payLater && order.payment === 'unpaid') {
      extra.payment = 'unsettled';
      unsettled = true;
    }
  }
  if (action === 'complete') extra.completedAt = now;
  // a re-test answers the member's dispute; completing without one closes it too
  if ((action === 'retest' || action === 'complete') && openDispute(order)) extra.disputeResolved = true;
  const moved = await moveProgress(tx, order, step.to, now, extra);
  if (step.to === 'completed') await onOrderCompleted(tx, moved, now);
  // the sample is in the lab: a home pickup still open was evidently collected
  if (action === 'receive' && order.samplingId !== null && actor.kind === 'staff') {
    await tx
      .update(samplings)
      .set({ status: 'collected', collectedAt: now, staffId: actor.id })
      .where(and(eq(samplings.id, order.samplingId), eq(samplings.status, 'pending')));
  }
  if (options.carrySamples) await carryOrderSamples(tx, order, action, actor, now);
  await addOrderEvent(tx, order.id, { status: step.to, title: step.event, note, actor, now });
  if (unsettled) await addOrderEvent(tx, order.id, { status: 'unsettled', title: '待结算', note: '测试后结算：数据已交付，请完成结算', actor, now });
  if (options.tell === false) return { row: moved, notice: null, action };
  const message = progressNotice(step.notice, { orderNo: order.orderNo, title: order.title, unsettled, delivery: order.delivery, kind: order.kind });
  await postMessage(tx, order.memberId, messageOf(order.orderNo, message), now);
  return { row: moved, notice: message, action };
}

/**
 * After the commit: the steps' SMS and e-mail; a delivery whose notice went out records it as the
 * data notice's time. Answers the order as it is now.
 */
export async function afterSteps(db: Db, channels: Channels, steps: StepDone[], now: Date): Promise<OrderRow | null> {
  let current: OrderRow | null = steps.at(-1)?.row ?? null;
  for (const done of steps) {
    if (!done.notice) continue;
    const sent = await notify(db, channels, done.row.memberId, done.notice);
    // the data notice's promise counts from this delivery: record when its notice actually went out
    if (done.action === 'deliver' && sent) {
      const [noted] = await db
        .update(orders)
        .set({ dataNotifiedAt: now })
        .where(and(eq(orders.id, done.row.id), eq(orders.deliveredAt, now)))
        .returning();
      current = noted ?? current;
    }
  }
  return current;
}

/** confirm | receive | test | deliver | complete | retest, by a staff member; receive with `confirm` also confirms a 待确认 order (确认并收样). */
export async function staffMove(
  db: Db,
  channels: Channels,
  staffId: number,
  action: StaffAction,
  body: { order_no: string; note?: string | undefined; confirm?: boolean | undefined },
  now: Date,
): Promise<AdminOrderDetail> {
  const orderNo = action === 'receive' ? scannedOrderNo(body.order_no) : body.order_no.trim();
  const note = body.note ?? '';
  const steps = await db.transaction(async (tx) => {
    const actor = await staffActor(tx, staffId);
    const order = await findOrderByNo(tx, orderNo, { lock: true });
    const done: StepDone[] = [];
    if (action === 'receive' && body.confirm === true && order.progress === 'submitted') done.push(await applyStep(tx, order, 'confirm', actor, '', now, { carrySamples: true, tell: false }));
    done.push(await applyStep(tx, done.at(-1)?.row ?? order, action, actor, note, now, { carrySamples: true }));
    return done;
  });
  const current = await afterSteps(db, channels, steps, now);
  return adminOrderDetail(db, current!, now);
}

export async function staffReport(db: Db, orderNo: string, id: string) {
  const order = await findOrderByNo(db, orderNo.trim());
  return findReport(db, order, id);
}

export async function staffActorName(db: DbOrTx, staffId: number): Promise<{ id: number; name: string }> {
  const actor = await staffActor(db, staffId);
  return { id: staffId, name: actor.name };
}
