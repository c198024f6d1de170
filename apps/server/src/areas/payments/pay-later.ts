import { sql } from 'drizzle-orm';
import { formatFen, Organization, PAY_LATER_DEFAULT_LIMIT_FEN, paymentLabels, type OrderSummary } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../platform/errors';
import { memberContact } from '../accounts';
import { getCreditLine } from '../funds';
import { attestationReview } from '../member';
import { addOrderEvent, assertHoldLive, endHolds, findMemberOrder, markOrderPayLater, memberLiveOrders, refuseExpiredHold, toOrderSummary, type OrderRow } from '../orders';
import { memberActor } from './pay-source';

/**
 * Pay-after-test (测试后结算): eligible members start testing unpaid up to a limit; those orders
 * are settled later (settlement.service.ts).
 */

export const ENTERPRISE_PREPAY = '企业客户需在测试前全额支付，不能选择测试后结算';
/** Why a member without an approved credit line cannot pay after testing, by the state of their 资料认证 review. */
export const PAY_LATER_NEEDS_ATTESTATION = {
  none: '提交资料认证并经实验室审核通过（或获批信用额度）后，才可选择测试后结算',
  pending: '您的资料认证正在审核中，审核通过后才可选择测试后结算',
  refused: '您的资料认证未通过审核，请修改后重新提交，审核通过后才可选择测试后结算',
  notCollege: '测试后结算面向资料认证通过的学生、老师用户，其他用户请申请信用额度',
} as const;

export interface PayLaterStanding {
  /** the member may use pay-after-test at all */
  eligible: boolean;
  reason: string;
  limitFen: number;
  /** payable of live pay-later orders not yet paid (unpaid or unsettled) */
  usedFen: number;
}

/** Payable still owed on the member's live pay-later orders (optionally leaving one order out). */
export async function payLaterUsedFen(db: DbOrTx, memberId: number, exceptOrderId?: number): Promise<number> {
  const owed = await memberLiveOrders(db, memberId, 'to-settle');
  return owed.filter((o) => o.id !== exceptOrderId).reduce((sum, o) => sum + o.totalFen - o.discountFen, 0);
}

/**
 * Who may pay after testing (PRODUCT.md: it "needs an attestation approved by staff"): never
 * 2 企业; 0 学生 / 3 老师 whose 资料认证 a staff member approved; anyone else only with a credit
 * line finance approved. Read afresh each time, so a new submission (pending again) or a
 * refusal takes the right away until staff approve again. What the member typed alone
 * (update4profile sets the type at once) gives nothing. The limit is the credit line, else
 * PAY_LATER_DEFAULT_LIMIT_FEN.
 */
export async function payLaterStanding(db: DbOrTx, memberId: number, exceptOrderId?: number): Promise<PayLaterStanding> {
  // one query after another: inside a transaction they share one connection
  const member = await memberContact(db, memberId);
  const review = await attestationReview(db, memberId);
  const creditFen = await getCreditLine(db, memberId);
  const usedFen = await payLaterUsedFen(db, memberId, exceptOrderId);
  const organization = member?.organization ?? null;
  const limitFen = creditFen > 0 ? creditFen : PAY_LATER_DEFAULT_LIMIT_FEN;
  if (organization === Organization.enterprise) return { eligible: false, reason: ENTERPRISE_PREPAY, limitFen: 0, usedFen };
  if (creditFen > 0) return { eligible: true, reason: '', limitFen, usedFen };
  const college = organization === Organization.student || organization === Organization.teacher;
  if (college && review === 'approved') return { eligible: true, reason: '', limitFen, usedFen };
  const reason = review !== 'approved' ? PAY_LATER_NEEDS_ATTESTATION[review] : PAY_LATER_NEEDS_ATTESTATION.notCollege;
  return { eligible: false, reason, limitFen: 0, usedFen };
}

const limitMessage = (standing: PayLaterStanding, payableFen: number) =>
  `测试后结算额度不足：额度${formatFen(standing.limitFen)}，已使用${formatFen(standing.usedFen)}，本单${formatFen(payableFen)}。请先结算已完成测试的订单或直接支付`;

/** Why this order cannot go pay-after-test now ('' when it can). */
export function payLaterOrderProblem(order: OrderRow, standing: PayLaterStanding): string {
  if (order.progress === 'cancelled') return '订单已取消';
  if (order.payment !== 'unpaid') return `订单当前为「${paymentLabels[order.payment]}」，无需选择测试后结算`;
  if (order.payLater) return '该订单已选择测试后结算';
  if (!standing.eligible) return standing.reason;
  const payableFen = order.totalFen - order.discountFen;
  if (standing.usedFen + payableFen > standing.limitFen) return limitMessage(standing, payableFen);
  return '';
}


/**
 * order/payLater: the member chooses pay-after-test for an unpaid order. The member's
 * pay-later orders are serialised by an advisory lock, so two at once cannot both fit
 * under the limit.
 */
export async function choosePayLater(db: Db, memberId: number, orderNo: string, now: Date): Promise<OrderSummary> {
  const actor = await memberActor(db, memberId);
  await refuseExpiredHold(db, (await findMemberOrder(db, memberId, orderNo)).id, now);
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`paylater:${memberId}`}))`);
    const order = await findMemberOrder(tx, memberId, orderNo, { lock: true });
    await assertHoldLive(tx, order.id, now);
    const standing = await payLaterStanding(tx, memberId, order.id);
    const problem = payLaterOrderProblem(order, standing);
    if (problem) throw new AppError('PAY_LATER_REFUSED', problem, { status: 409 });
    const updated = await markOrderPayLater(tx, order.id, now);
    if (!updated) throw conflict('订单状态已变化，请刷新后重试');
    await endHolds(tx, order.id);
    await addOrderEvent(tx, order.id, {
      status: 'note',
      title: '已选择测试后结算',
      note: `测试完成后结算${formatFen(order.totalFen - order.discountFen)}`,
      actor,
      now,
    });
    return updated;
  });
  return toOrderSummary(row, now);
}

