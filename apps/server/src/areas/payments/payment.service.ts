import {
  formatFen,
  HOLD_EXPIRED_MESSAGE,
  NO_COUPON,
  type OrderSummary,
  type PayBody,
  type ReadyToPay,
} from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, conflict } from '../../platform/errors';
import type { SignedInMember } from '../../platform/caller';
import { bookDebit, memberCouponState, redeemCoupon } from '../funds';
import { sendNotice, type NoticeChannels, type NoticeContact } from '../messages';
import {
  assertHoldLive,
  findMemberOrder,
  markOrderPaid,
  orderPaymentReference,
  orderScope,
  refuseExpiredHold,
  toOrderSummary,
  type OrderRow,
} from '../orders';
import type { NamedActor } from '../../platform/actor';
import { couponChoices } from './coupon-choices';
import { payLaterOrderProblem, payLaterStanding } from './pay-later';
import { payBalances, resolveSource, type PaySource } from './pay-source';
import { cardChoices, chargeCard, noticeRequest, type CardCharge } from '../grants';

/**
 * Paying an order (PRODUCT.md "Order lifecycle", "Money"): from the member's prepaid funds or
 * a community they own, with an optional coupon, in one transaction with the order row
 * locked — the coupon, the ledger debit and the order's payment state change together or not
 * at all, and a second payment of the same order finds it paid. Pay-after-test (测试后结算)
 * lets eligible members start testing unpaid up to a limit; those orders are settled later.
 */

export const ALREADY_PAID = '订单已支付，请勿重复支付';
export const AWAITING_APPROVAL = '订单正在等待导师审批，请等待导师处理';

// ---- ready2pay ----

export async function readyToPay(db: DbOrTx, memberId: number, orderNo: string, now: Date): Promise<ReadyToPay> {
  const order = await findMemberOrder(db, memberId, orderNo);
  const [scope, balances, standing, cards] = await Promise.all([orderScope(db, order.id), payBalances(db, memberId), payLaterStanding(db, memberId, order.id), cardChoices(db, memberId, now)]);
  const coupons = await couponChoices(db, memberId, order, scope, now);
  const problem = payLaterOrderProblem(order, standing);
  return {
    order: toOrderSummary(order, now),
    balances,
    cards,
    coupons,
    payLater: { allowed: problem === '', reason: problem, limitFen: standing.limitFen, usedFen: standing.usedFen },
  };
}


// ---- paying ----

/** What the payment read with the order, so it need not ask again (payOrder's locked read). */
export interface PayContext {
  /** whether a hold of the order expired unpaid (asked when not given) */
  holdExpired?: boolean | undefined;
}

/**
 * Pays one order the caller has locked (FOR UPDATE) inside the caller's transaction: the
 * coupon (redeemed with the order's scope and its payment reference), the debit of the
 * rest from the source, the payment columns guarded on the state read, the 'paid' event
 * and the in-site message. A payable of zero books no ledger entry but still marks it paid.
 * `coupon`: an explicit coupon is used or refused; the coupon saved when ordering is used
 * when it is still unused and valid (it may have gone to another order meanwhile).
 * Statements: the debit is one (bookDebit by the source's owner: the order's lock serialises
 * its reference, and the account is found in the same statement); the
 * order's update carries the end of its holds, the event and the message (one statement);
 * then growth's handlers, one INSERT … SELECT each.
 */
export async function payLockedOrder(
  tx: Tx,
  order: OrderRow,
  input: { source: PaySource; couponRid?: string | undefined; actor: NamedActor; now: Date; projectNo?: string | undefined; approvedGrant?: boolean } & PayContext,
): Promise<OrderRow> {
  const { source, actor, now } = input;
  if (order.progress === 'cancelled') throw conflict('订单已取消，不能支付');
  if (order.payment === 'paid') throw conflict(ALREADY_PAID);
  // an order waiting for the PI is paid only by the PI's approval (grants area)
  if (order.payment === 'approval' && !input.approvedGrant) throw conflict(AWAITING_APPROVAL);
  if (order.payment === 'refunded') throw conflict('订单已退款，不能支付');
  if (input.holdExpired === undefined) await assertHoldLive(tx, order.id, now);
  else if (input.holdExpired) throw new AppError('HOLD_EXPIRED', HOLD_EXPIRED_MESSAGE, { status: 409 });
  const reference = orderPaymentReference(order.orderNo);
  // the member said "no coupon": not even the one chosen when ordering
  let couponRid = input.couponRid === NO_COUPON ? undefined : input.couponRid;
  if (input.couponRid === undefined && order.couponRid) {
    const chosen = await memberCouponState(tx, order.memberId, order.couponRid);
    if (chosen?.status === 'unused' && chosen.validTo > now) couponRid = order.couponRid;
  }
  let discountFen = 0;
  let couponId: number | null = null;
  if (couponRid) {
    const scope = await orderScope(tx, order.id);
    const redeemed = await redeemCoupon(tx, couponRid, order.memberId, { orderAmountFen: order.totalFen, scope, reference, now });
    discountFen = redeemed.discountFen;
    couponId = redeemed.couponId;
  }
  const payableFen = order.totalFen - discountFen;
  if (payableFen > 0) {
    // an account never opened holds nothing: the balance does not cover the payment
    const booked = await bookDebit(tx, {
      owner: { kind: source.kind, id: source.id },
      amountFen: payableFen,
      type: 'payment',
      reference,
      actor: { kind: actor.kind, id: actor.id },
      note: `订单${order.orderNo}支付`,
      now,
    });
    // the reference was booked before: this order's money already left (never twice)
    if (booked.duplicate) throw conflict(ALREADY_PAID);
  }
  const amountText = `${formatFen(payableFen)}（${payableFen > 0 ? source.name : '无需扣款'}）`;
  const note = `支付${amountText}${discountFen > 0 ? `，优惠券抵扣${formatFen(discountFen)}` : ''}`;
  // one statement (orders' markOrderPaid): the holds end, the 'paid' event and the in-site message
  // go with the update (when the guard finds the order paid meanwhile, the 409 rolls all of it back)
  const row = await markOrderPaid(
    tx,
    order,
    { paidFen: payableFen, discountFen, couponId, couponRid: couponRid ?? null, paidFromKind: source.kind, paidFromId: source.id, projectNo: input.projectNo },
    { note, actor, now },
  );
  if (!row) throw conflict(ALREADY_PAID);
  return row;
}

/** After the commit: SMS and e-mail; a failure is logged and never undoes the payment. */
export async function noticePaid(
  db: Db,
  channels: NoticeChannels,
  to: number | NoticeContact,
  paid: OrderRow[],
  log?: { warn: (obj: unknown, msg: string) => void },
) {
  if (paid.length === 0) return;
  const amountFen = paid.reduce((sum, o) => sum + o.paidFen, 0);
  const orderNos = paid.map((o) => o.orderNo).join('、');
  try {
    await sendNotice(db, channels, to, {
      template: 'order_paid',
      params: { orderNo: orderNos, amount: formatFen(amountFen) },
      subject: `订单${orderNos}已支付`,
      body: `您的订单${orderNos}已支付${formatFen(amountFen)}，我们将按流程为您安排测试。`,
    });
  } catch (error) {
    log?.warn({ err: error }, 'payment notice failed');
  }
}

/**
 * order/pay: one transaction with the order row locked, then the notice. An expired hold is
 * released in a transaction of its own (committed, so the refusal does not roll it back) and
 * the payment refused. With a grant card (经费卡, grants area) the community's funds pay within the
 * member's allowance, or the order waits for the PI (`filed`: the PI is told by SMS after the commit).
 * `payer`: the member as their token's read found them (name and contact), so paying reads only
 * the order: locked, with whether a hold expired (orders' findMemberOrder, one statement);
 * test/statement-bounds.test.ts holds order/pay to 10 statements.
 */
export async function payOrder(
  db: Db,
  channels: NoticeChannels,
  payer: SignedInMember,
  body: PayBody,
  now: Date,
  log?: { warn: (obj: unknown, msg: string) => void },
): Promise<{ summary: OrderSummary; filed: boolean }> {
  type Outcome =
    | { expiredOrderId: number }
    | { paid: OrderRow; contact: NoticeContact }
    | { filed: Extract<CardCharge, { kind: 'approval' }>; memberName: string };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const memberId = payer.id;
    const { order, holdExpired } = await findMemberOrder(tx, memberId, body.order_no, { lock: true, holdsAt: now });
    if (holdExpired) return { expiredOrderId: order.id };
    if (order.progress === 'cancelled') throw conflict('订单已取消，不能支付');
    if (order.payment === 'paid') throw conflict(ALREADY_PAID);
    if (order.payment === 'approval') throw conflict(AWAITING_APPROVAL);
    const actor: NamedActor = { kind: 'member', id: memberId, name: payer.name || payer.nickname || '会员' };
    const contact: NoticeContact = { phone: payer.phone, email: payer.email };
    if (body.card_rid) {
      // a grant card: no coupon (a member's coupon does not discount the group's grant)
      const charge = await chargeCard(tx, { memberId, memberName: actor.name, cardRid: body.card_rid, order, amountFen: order.totalFen, projectNo: body.project_no, now });
      if (charge.kind === 'approval') return { filed: charge, memberName: actor.name };
      const source: PaySource = { kind: 'community', id: charge.source.communityId, name: `团体「${charge.source.communityName}」预存款（经费卡「${charge.source.card.name}」）` };
      const paid = await payLockedOrder(tx, order, { source, couponRid: NO_COUPON, actor, now, holdExpired: false, projectNo: charge.projectNo });
      if (paid.paidFen !== order.totalFen) throw conflict('订单金额已变化，请刷新后重试');
      return { paid, contact };
    }
    const source = await resolveSource(tx, memberId, body.community_rid);
    const paid = await payLockedOrder(tx, order, { source, couponRid: body.coupon_rid, actor, now, projectNo: body.project_no, holdExpired: false });
    return { paid, contact };
  });
  if ('expiredOrderId' in outcome) {
    await refuseExpiredHold(db, outcome.expiredOrderId, now);
    throw new AppError('HOLD_EXPIRED', HOLD_EXPIRED_MESSAGE, { status: 409 });
  }
  if ('filed' in outcome) {
    const { filed } = outcome;
    await noticeRequest(db, channels, filed.ownerId, { rid: filed.requestRid, orderNo: filed.order.orderNo, amountFen: filed.order.totalFen, memberName: outcome.memberName }, log);
    return { summary: toOrderSummary(filed.order, now), filed: true };
  }
  await noticePaid(db, channels, outcome.contact, [outcome.paid], log);
  return { summary: toOrderSummary(outcome.paid, now), filed: false };
}
