import { and, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import {
  couponDiscountFen,
  formatFen,
  HOLD_EXPIRED_MESSAGE,
  NO_COUPON,
  Organization,
  PAY_LATER_DEFAULT_LIMIT_FEN,
  paymentLabels,
  type CouponScope,
  type OrderSummary,
  type PayBody,
  type ReadyToPay,
} from '@lab/contract';
import { onOrderPaid } from '../orders';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, conflict, notFound } from '../../platform/errors';
import { members } from '../accounts/accounts.tables';
import { redeemCoupon, type OrderScope } from '../funds';
import { getCreditLine } from '../funds';
import { accounts, couponTemplates, memberCoupons } from '../funds/funds.tables';
import { balanceOf, balancesOf, balanceTooLow, bookDebit, ensureAccount } from '../funds';
import { findOwnedCommunity } from '../funds';
import { communities, memberProfiles } from '../member/member.tables';
import { messageInsert, sendNotice, type NoticeChannels, type NoticeContact } from '../messages';
import { orderPaymentReference, type Actor } from '../orders';
import { addOrderEvent, findMemberOrder, orderEventInsert, toOrderSummary, type OrderRow } from '../orders';
import { assertHoldLive, refuseExpiredHold } from '../orders';
import { orderLines, orders, reservations } from '../orders/orders.tables';
import { endHolds, endHoldsUpdate, expiredHold } from '../orders';

/**
 * Paying an order (PRODUCT.md "Order lifecycle", "Money"): from the member's prepaid funds or
 * a community they own, with an optional coupon, in one transaction with the order row
 * locked — the coupon, the ledger debit and the order's payment state change together or not
 * at all, and a second payment of the same order finds it paid. Pay-after-test (测试后结算)
 * lets eligible members start testing unpaid up to a limit; those orders are settled later.
 */

export const ALREADY_PAID = '订单已支付，请勿重复支付';
export const ENTERPRISE_PREPAY = '企业客户需在测试前全额支付，不能选择测试后结算';
/** Why a member without an approved credit line cannot pay after testing, by the state of their 资料认证 review. */
export const PAY_LATER_NEEDS_ATTESTATION = {
  none: '提交资料认证并经实验室审核通过（或获批信用额度）后，才可选择测试后结算',
  pending: '您的资料认证正在审核中，审核通过后才可选择测试后结算',
  refused: '您的资料认证未通过审核，请修改后重新提交，审核通过后才可选择测试后结算',
  notCollege: '测试后结算面向资料认证通过的学生、老师用户，其他用户请申请信用额度',
} as const;

/** Who pays: the member's own funds or a community they own (another's community reads as not found). */
export interface PaySource {
  kind: 'member' | 'community';
  id: number;
  name: string;
}

export async function resolveSource(db: DbOrTx, memberId: number, communityRid: string | undefined): Promise<PaySource> {
  if (!communityRid) return { kind: 'member', id: memberId, name: '个人预存款' };
  const community = await findOwnedCommunity(db, memberId, communityRid);
  return { kind: 'community', id: community.id, name: `团体「${community.name}」预存款` };
}

/** The member's own balance and those of the active communities they own. */
export async function payBalances(db: DbOrTx, memberId: number): Promise<ReadyToPay['balances']> {
  const owned = await db
    .select({ id: communities.id, rid: communities.rid, name: communities.name })
    .from(communities)
    .where(and(eq(communities.ownerMemberId, memberId), eq(communities.status, 'active')))
    .orderBy(communities.id);
  const [own, others] = await Promise.all([balanceOf(db, 'member', memberId), balancesOf(db, 'community', owned.map((c) => c.id))]);
  return [
    { kind: 'member', rid: null, name: '个人预存款', balanceFen: own },
    ...owned.map((c) => ({ kind: 'community' as const, rid: c.rid, name: c.name, balanceFen: others.get(c.id) ?? 0 })),
  ];
}

/** The service types and groups an order's lines belong to: a coupon's scope is checked against them. */
export async function orderScope(db: DbOrTx, orderId: number): Promise<OrderScope> {
  const rows = await db.selectDistinct({ typeId: orderLines.typeId, groupId: orderLines.groupId }).from(orderLines).where(eq(orderLines.orderId, orderId));
  return { typeIds: [...new Set(rows.map((r) => r.typeId))], groupIds: [...new Set(rows.map((r) => r.groupId))] };
}

const inScope = (scope: CouponScope, order: OrderScope) =>
  scope.kind === 'all' || (scope.kind === 'types' ? scope.ids.some((id) => order.typeIds.includes(id)) : scope.ids.some((id) => order.groupIds.includes(id)));

/** The member's unused, unexpired coupons with the discount each gives on this order and whether it can be used. */
export async function couponChoices(db: DbOrTx, memberId: number, order: OrderRow, scope: OrderScope, now: Date): Promise<ReadyToPay['coupons']> {
  const rows = await db
    .select({ c: memberCoupons, t: couponTemplates })
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(and(eq(memberCoupons.memberId, memberId), eq(memberCoupons.status, 'unused'), gt(memberCoupons.validTo, now)))
    .orderBy(memberCoupons.validTo, memberCoupons.id);
  const choices = rows.map(({ c, t }) => {
    const thresholdFen = Number(t.thresholdFen);
    const discountFen = couponDiscountFen({ amountFen: t.amountFen === null ? null : Number(t.amountFen), offRateBp: t.offRateBp }, order.totalFen);
    let reason = '';
    if (c.validFrom > now) reason = '优惠券尚未到使用时间';
    else if (order.totalFen < thresholdFen) reason = `订单金额未满${thresholdFen / 100}元，不能使用该优惠券`;
    else if (!inScope(t.scope, scope)) reason = '该优惠券不适用于所选服务';
    return { rid: c.rid, name: t.name, discountFen: reason ? 0 : discountFen, usable: reason === '', reason };
  });
  // usable first, the biggest saving first
  return choices.sort((a, b) => Number(b.usable) - Number(a.usable) || b.discountFen - a.discountFen);
}

// ---- pay-after-test ----

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
  const [row] = await db
    .select({ due: sql<string>`coalesce(sum(${orders.totalFen} - ${orders.discountFen}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.memberId, memberId),
        ne(orders.progress, 'cancelled'),
        or(eq(orders.payment, 'unsettled'), and(eq(orders.payLater, true), eq(orders.payment, 'unpaid'))),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    );
  return Number(row?.due ?? 0);
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
  const [member] = await db
    .select({ organization: members.organization, review: memberProfiles.reviewStatus })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .where(eq(members.id, memberId))
    .limit(1);
  const creditFen = await getCreditLine(db, memberId);
  const usedFen = await payLaterUsedFen(db, memberId, exceptOrderId);
  const organization = member?.organization ?? null;
  const review = member?.review ?? 'none';
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
function payLaterOrderProblem(order: OrderRow, standing: PayLaterStanding): string {
  if (order.progress === 'cancelled') return '订单已取消';
  if (order.payment !== 'unpaid') return `订单当前为「${paymentLabels[order.payment]}」，无需选择测试后结算`;
  if (order.payLater) return '该订单已选择测试后结算';
  if (!standing.eligible) return standing.reason;
  const payableFen = order.totalFen - order.discountFen;
  if (standing.usedFen + payableFen > standing.limitFen) return limitMessage(standing, payableFen);
  return '';
}

// ---- ready2pay ----

export async function readyToPay(db: DbOrTx, memberId: number, orderNo: string, now: Date): Promise<ReadyToPay> {
  const order = await findMemberOrder(db, memberId, orderNo);
  const [scope, balances, standing] = await Promise.all([orderScope(db, order.id), payBalances(db, memberId), payLaterStanding(db, memberId, order.id)]);
  const coupons = await couponChoices(db, memberId, order, scope, now);
  const problem = payLaterOrderProblem(order, standing);
  return {
    order: toOrderSummary(order, now),
    balances,
    coupons,
    payLater: { allowed: problem === '', reason: problem, limitFen: standing.limitFen, usedFen: standing.usedFen },
  };
}

// ---- paying ----

export interface PaidOrder {
  order: OrderRow;
  source: PaySource;
}

export const memberActor = async (db: DbOrTx, memberId: number): Promise<Actor> => {
  const [row] = await db.select({ name: members.name, nickname: members.nickname }).from(members).where(eq(members.id, memberId)).limit(1);
  return { kind: 'member', id: memberId, name: row?.name || row?.nickname || '会员' };
};

/** What the payment read with the order, so it need not ask again (payOrder's one read). */
export interface PayContext {
  /** the source's prepaid account, when it is open */
  accountId?: number | null | undefined;
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
 * Statements: the debit is one (bookDebit: the order's lock serialises its reference); the
 * order's update carries the end of its holds, the event and the message (one statement);
 * then growth's handlers, one INSERT … SELECT each.
 */
export async function payLockedOrder(
  tx: Tx,
  order: OrderRow,
  input: { source: PaySource; couponRid?: string | undefined; actor: Actor; now: Date } & PayContext,
): Promise<OrderRow> {
  const { source, actor, now } = input;
  if (order.progress === 'cancelled') throw conflict('订单已取消，不能支付');
  if (order.payment === 'paid') throw conflict(ALREADY_PAID);
  if (order.payment === 'refunded') throw conflict('订单已退款，不能支付');
  if (input.holdExpired === undefined) await assertHoldLive(tx, order.id, now);
  else if (input.holdExpired) throw new AppError('HOLD_EXPIRED', HOLD_EXPIRED_MESSAGE, { status: 409 });
  const reference = orderPaymentReference(order.orderNo);
  // the member said "no coupon": not even the one chosen when ordering
  let couponRid = input.couponRid === NO_COUPON ? undefined : input.couponRid;
  if (input.couponRid === undefined && order.couponRid) {
    const [saved] = await tx
      .select({ id: memberCoupons.id })
      .from(memberCoupons)
      .where(and(eq(memberCoupons.rid, order.couponRid), eq(memberCoupons.memberId, order.memberId), eq(memberCoupons.status, 'unused'), gt(memberCoupons.validTo, now)))
      .limit(1);
    if (saved) couponRid = order.couponRid;
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
    const accountId = input.accountId === undefined ? (await ensureAccount(tx, source.kind, source.id)).id : input.accountId;
    if (accountId === null) throw balanceTooLow();
    const booked = await bookDebit(tx, {
      accountId,
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
  // one statement: the holds end, the 'paid' event and the in-site message go with the update
  // (when the guard finds the order paid meanwhile, the 409 rolls all of it back)
  const holdsEnded = tx.$with('holds_ended').as(endHoldsUpdate(tx, order.id));
  const event = tx.$with('paid_event').as(orderEventInsert(tx, order.id, { status: 'paid', title: '已支付', note, actor, now }));
  const message = tx.$with('paid_message').as(
    messageInsert(
      tx,
      order.memberId,
      { title: `订单${order.orderNo}已支付`, content: `您的订单「${order.title}」已${note}。`, link: `/member/order/${order.orderNo}` },
      now,
    ),
  );
  const [row] = await tx
    .with(holdsEnded, event, message)
    .update(orders)
    .set({
      payment: 'paid',
      paidFen: payableFen,
      discountFen,
      couponId,
      couponRid: couponRid ?? null,
      paidFromKind: source.kind,
      paidFromId: source.id,
      paidAt: now,
      updatedAt: now,
    })
    .where(and(eq(orders.id, order.id), inArray(orders.payment, ['unpaid', 'unsettled'])))
    .returning();
  if (!row) throw conflict(ALREADY_PAID);
  await onOrderPaid(tx, row, now);
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
 * The member's order locked, with what paying it needs in the same read: the member's name
 * (the event's actor) and contact (the notice), their prepaid account and whether a hold of
 * the order expired unpaid.
 */
async function lockOrderToPay(tx: Tx, memberId: number, orderNo: string, now: Date) {
  const [found] = await tx
    .select({
      order: orders,
      name: members.name,
      nickname: members.nickname,
      phone: members.phone,
      email: members.email,
      accountId: accounts.id,
      holdExpired: sql<boolean>`exists (${tx.select({ one: sql`1` }).from(reservations).where(and(eq(reservations.orderId, orders.id), expiredHold(now)))})`,
    })
    .from(orders)
    .innerJoin(members, eq(members.id, orders.memberId))
    .leftJoin(accounts, and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, orders.memberId), eq(accounts.kind, 'prestore')))
    .where(and(eq(orders.orderNo, orderNo), eq(orders.memberId, memberId)))
    .limit(1)
    .for('update', { of: orders });
  if (!found) throw notFound('订单');
  return found;
}

/**
 * order/pay: one transaction with the order row locked, then the notice. An expired hold is
 * released in a transaction of its own (committed, so the refusal does not roll it back) and
 * the payment refused.
 */
export async function payOrder(db: Db, channels: NoticeChannels, memberId: number, body: PayBody, now: Date, log?: { warn: (obj: unknown, msg: string) => void }): Promise<OrderSummary> {
  type Outcome = { expiredOrderId: number } | { paid: OrderRow; contact: NoticeContact };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const found = await lockOrderToPay(tx, memberId, body.order_no, now);
    const { order } = found;
    if (found.holdExpired) return { expiredOrderId: order.id };
    if (order.progress === 'cancelled') throw conflict('订单已取消，不能支付');
    if (order.payment === 'paid') throw conflict(ALREADY_PAID);
    const actor: Actor = { kind: 'member', id: memberId, name: found.name || found.nickname || '会员' };
    const source = await resolveSource(tx, memberId, body.community_rid);
    const context: PayContext = source.kind === 'member' ? { accountId: found.accountId, holdExpired: false } : { holdExpired: false };
    const paid = await payLockedOrder(tx, order, { source, couponRid: body.coupon_rid, actor, now, ...context });
    return { paid, contact: { phone: found.phone, email: found.email } };
  });
  if ('expiredOrderId' in outcome) {
    await refuseExpiredHold(db, outcome.expiredOrderId, now);
    throw new AppError('HOLD_EXPIRED', HOLD_EXPIRED_MESSAGE, { status: 409 });
  }
  await noticePaid(db, channels, outcome.contact, [outcome.paid], log);
  return toOrderSummary(outcome.paid, now);
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
    const [updated] = await tx
      .update(orders)
      .set({ payLater: true, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.payment, 'unpaid'), eq(orders.payLater, false)))
      .returning();
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
