import { and, eq, gte } from 'drizzle-orm';
import { formatFen, GRANT_REQUEST_DAYS, labDay, type GrantCardChoice } from '@lab/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { balanceOf } from '../funds';
import { postMessage } from '../messages';
import { assertApprovedMember, communityRef, communityRefs } from '../member';
import { setOrderApproval, type OrderRow } from '../orders';
import { allowanceSpent, assertCardLive, cardsUsed, labMonth, type AllowanceRow, type CardRow } from './grant-core';
import { grantAllowances, grantCards, grantRequests, grantUsage } from './grants.tables';

/**
 * Paying an order with a grant card (经费卡), as the payments area asks it inside the payment's
 * transaction (the order row already locked): the card's row, then the member's allowance row,
 * are locked FOR UPDATE, so parallel payments against one allowance are measured one after the
 * other and together book at most the allowance. Within both limits the use is recorded and the
 * payment books from the community's funds; above either the order waits for the PI.
 */

const DAY_MS = 86_400_000;

export interface CardSource {
  communityId: number;
  communityName: string;
  card: CardRow;
  allowance: AllowanceRow;
}

export type CardCharge =
  /** within the limits: the use is recorded; pay from the community's funds */
  | { kind: 'book'; source: CardSource; projectNo: string }
  /** above a limit: the order waits for the PI (待导师审批); tell the owner after the commit */
  | { kind: 'approval'; source: CardSource; requestRid: string; ownerId: number; why: string; order: OrderRow };

/** The card and the member's allowance, both locked; refused when the card is expired, the member not (or no longer) in the community or without an allowance. */
export async function lockCardFor(tx: DbOrTx, memberId: number, by: { rid: string } | { id: number }, now: Date): Promise<CardSource> {
  const [card] = await tx
    .select()
    .from(grantCards)
    .where('rid' in by ? eq(grantCards.rid, by.rid) : eq(grantCards.id, by.id))
    .limit(1)
    .for('update');
  if (!card) throw notFound('经费卡');
  const community = await communityRef(tx, { id: card.communityId }, { lock: 'share' });
  if (!community || community.status !== 'active') throw notFound('经费卡');
  try {
    await assertApprovedMember(tx, card.communityId, memberId);
  } catch (error) {
    if (error instanceof AppError) throw notFound('经费卡');
    throw error;
  }
  assertCardLive(card, now);
  const [allowance] = await tx
    .select()
    .from(grantAllowances)
    .where(and(eq(grantAllowances.cardId, card.id), eq(grantAllowances.memberId, memberId)))
    .for('update');
  if (!allowance) throw forbidden('您在该经费卡上没有额度，请联系导师设置');
  return { communityId: community.id, communityName: community.name, card, allowance };
}

/** The card's cap, checked with the card's row locked: a cap is never passed, not even by the PI. */
export async function assertCapRoom(tx: DbOrTx, card: CardRow, amountFen: number): Promise<void> {
  if (card.capFen === null) return;
  const used = (await cardsUsed(tx, [card.id])).get(card.id) ?? 0;
  if (used + amountFen > card.capFen) throw conflict(`经费卡「${card.name}」剩余可用${formatFen(Math.max(card.capFen - used, 0))}，不足以支付${formatFen(amountFen)}`);
}

/** Records that the allowance paid the order (once per order). */
export async function recordUse(tx: DbOrTx, source: CardSource, order: Pick<OrderRow, 'id'>, memberId: number, amountFen: number, now: Date): Promise<void> {
  await tx.insert(grantUsage).values({ cardId: source.card.id, allowanceId: source.allowance.id, memberId, orderId: order.id, kind: 'payment', amountFen, month: labMonth(now), createdAt: now });
}

/**
 * Decides a card payment of `amountFen` for the member's locked, unpaid order: books the use
 * (the caller then pays from the community's funds) or files the PI's request and moves the order
 * to 待导师审批.
 */
export async function chargeCard(tx: Tx, input: { memberId: number; memberName: string; cardRid: string; order: OrderRow; amountFen: number; projectNo: string | undefined; now: Date }): Promise<CardCharge> {
  const { memberId, order, amountFen, now } = input;
  const source = await lockCardFor(tx, memberId, { rid: input.cardRid }, now);
  const projectNo = input.projectNo || source.card.number;
  await assertCapRoom(tx, source.card, amountFen);
  const spent = await allowanceSpent(tx, source.allowance, now);
  const left = source.allowance.amountFen - spent;
  const reasons = [
    amountFen > source.allowance.autoLimitFen ? `超出单笔自动批准上限${formatFen(source.allowance.autoLimitFen)}` : '',
    amountFen > left ? `超出${source.allowance.period === 'month' ? '本月' : ''}剩余额度${formatFen(Math.max(left, 0))}` : '',
  ].filter(Boolean);
  if (reasons.length === 0) {
    await recordUse(tx, source, order, memberId, amountFen, now);
    return { kind: 'book', source, projectNo };
  }
  const waiting = await setOrderApproval(tx, order.id, true, now, projectNo);
  if (!waiting) throw conflict('订单状态已变化，请刷新后重试');
  const community = await communityRef(tx, { id: source.communityId });
  const rid = randomId();
  const why = reasons.join('，');
  await tx.insert(grantRequests).values({
    rid,
    cardId: source.card.id,
    allowanceId: source.allowance.id,
    communityId: source.communityId,
    memberId,
    orderId: order.id,
    orderNo: order.orderNo,
    orderTitle: order.title,
    amountFen,
    why,
    createdAt: now,
    expiresAt: new Date(now.getTime() + GRANT_REQUEST_DAYS * DAY_MS),
  });
  const ownerId = community!.ownerMemberId;
  await postMessage(
    tx,
    ownerId,
    {
      title: `经费支付待您审批：订单${order.orderNo}`,
      content: `${input.memberName}申请用经费卡「${source.card.name}」支付订单「${order.title}」${formatFen(amountFen)}（${why}）。请在${GRANT_REQUEST_DAYS}天内审批，逾期将自动拒绝。`,
      link: `/member/grant-approval/${rid}`,
    },
    now,
  );
  return { kind: 'approval', source, requestRid: rid, ownerId, why, order: waiting };
}

/** order/ready2pay: the cards the member may pay with — an allowance on a live card of an active community they belong to. */
export async function cardChoices(db: DbOrTx, memberId: number, now: Date): Promise<GrantCardChoice[]> {
  const rows = await db
    .select({ card: grantCards, allowance: grantAllowances })
    .from(grantAllowances)
    .innerJoin(grantCards, eq(grantCards.id, grantAllowances.cardId))
    .where(and(eq(grantAllowances.memberId, memberId), gte(grantCards.endDate, labDay(now))))
    .orderBy(grantCards.id);
  const communities = await communityRefs(db, rows.map((r) => r.card.communityId));
  const balances = await balanceOf(db, 'community', [...communities.keys()]);
  const choices: GrantCardChoice[] = [];
  for (const { card, allowance } of rows) {
    const community = communities.get(card.communityId);
    if (!community || community.status !== 'active') continue;
    try {
      await assertApprovedMember(db, card.communityId, memberId);
    } catch {
      continue;
    }
    const spent = await allowanceSpent(db, allowance, now);
    choices.push({
      rid: card.rid,
      name: card.name,
      number: card.number,
      communityRid: community.rid,
      communityName: community.name,
      balanceFen: balances.get(community.id) ?? 0,
      leftFen: Math.max(allowance.amountFen - spent, 0),
      autoLimitFen: allowance.autoLimitFen,
    });
  }
  return choices;
}
