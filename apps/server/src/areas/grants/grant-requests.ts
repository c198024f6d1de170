import { and, desc, eq, inArray, lte, or, type SQL } from 'drizzle-orm';
import {
  formatFen,
  GRANT_PIN_CHANGED_MESSAGE,
  grantRequestStatusLabels,
  type GrantRequest,
  type GrantRequestStatus,
} from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, conflict, notFound } from '../../platform/errors';
import { memberContacts } from '../accounts';
import { balanceOf, lockedBalance } from '../funds';
import { postMessage, sendNotice, type NoticeChannels } from '../messages';
import { communityRefs, ownedActiveCommunities } from '../member';
import { lockOrders, setOrderApproval, type OrderRow } from '../orders';
import { assertCapRoom, lockCardFor, recordUse } from './card-payments';
import { cardsByIds } from './cards.service';
import { approvedPayer } from './grant-hooks';
import { grantRequests, grantUsage } from './grants.tables';

/** The PI's approvals (待导师审批): list, approve with a pin, refuse, expire, and what ends them. */

type RequestRow = typeof grantRequests.$inferSelect;

const nameOf = (m: { name: string | null; nickname: string } | undefined) => m?.name || m?.nickname || '会员';

async function toViews(db: DbOrTx, rows: RequestRow[], viewerId: number): Promise<GrantRequest[]> {
  if (!rows.length) return [];
  const [cards, communities, people] = await Promise.all([
    cardsByIds(db, rows.map((r) => r.cardId)),
    communityRefs(db, rows.map((r) => r.communityId)),
    memberContacts(db, rows.map((r) => r.memberId)),
  ]);
  const balances = await balanceOf(db, 'community', [...communities.keys()]);
  return rows.map((r) => {
    const card = cards.get(r.cardId)!;
    const community = communities.get(r.communityId);
    return {
      rid: r.rid,
      status: r.status,
      statusText: grantRequestStatusLabels[r.status],
      orderNo: r.orderNo,
      orderTitle: r.orderTitle,
      amountFen: r.amountFen,
      balanceFen: balances.get(r.communityId) ?? 0,
      cardRid: card.rid,
      cardName: card.name,
      cardNumber: card.number,
      communityName: community?.name ?? '',
      memberName: nameOf(people.get(r.memberId)),
      why: r.why,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      canDecide: r.status === 'pending' && community?.ownerMemberId === viewerId,
    };
  });
}

/** grant/requests: those of the communities I own, and my own; pending first, newest first. */
export async function listRequests(db: DbOrTx, memberId: number, status: GrantRequestStatus | undefined, now: Date): Promise<GrantRequest[]> {
  void now;
  const owned = (await ownedActiveCommunities(db, memberId)).map((c) => c.id);
  const whose: SQL = owned.length ? or(inArray(grantRequests.communityId, owned), eq(grantRequests.memberId, memberId))! : eq(grantRequests.memberId, memberId);
  const rows = await db
    .select()
    .from(grantRequests)
    .where(and(whose, status ? eq(grantRequests.status, status) : undefined))
    .orderBy(desc(eq(grantRequests.status, 'pending')), desc(grantRequests.createdAt), desc(grantRequests.id))
    .limit(200);
  return toViews(db, rows, memberId);
}

/** grant/request: one, for its PI or the member who filed it (anyone else: 404). */
export async function getRequest(db: DbOrTx, memberId: number, rid: string): Promise<GrantRequest> {
  const [row] = await db.select().from(grantRequests).where(eq(grantRequests.rid, rid)).limit(1);
  if (!row) throw notFound('审批单');
  const community = (await communityRefs(db, [row.communityId])).get(row.communityId);
  if (row.memberId !== memberId && community?.ownerMemberId !== memberId) throw notFound('审批单');
  return (await toViews(db, [row], memberId))[0]!;
}

/** The pending request locked, for its PI (404 for anyone else, 409 once decided). */
async function lockPending(tx: Tx, ownerId: number, rid: string): Promise<RequestRow> {
  const [row] = await tx.select().from(grantRequests).where(eq(grantRequests.rid, rid)).for('update');
  if (!row) throw notFound('审批单');
  const community = (await communityRefs(tx, [row.communityId])).get(row.communityId);
  if (community?.ownerMemberId !== ownerId) throw notFound('审批单');
  if (row.status !== 'pending') throw conflict(`该审批单${grantRequestStatusLabels[row.status]}，无需再处理`);
  return row;
}

/**
 * grant/approve: books exactly what the PI saw. Inside one transaction: the request, the order,
 * the card and the allowance locked; the order's amount and the community's balance must still be
 * what the page showed (`amount_fen`, `balance_fen`), else 409 and nothing is booked; the card must
 * be live with room under its cap. Then the use is recorded and payments pays the order from the
 * community's funds (a balance too low refuses it, the allowance never creates money).
 */
export async function approveRequest(db: Db, ownerId: number, body: { rid: string; amount_fen: number; balance_fen: number }, now: Date): Promise<GrantRequest> {
  await db.transaction(async (tx) => {
    const request = await lockPending(tx, ownerId, body.rid);
    if (request.expiresAt <= now) throw conflict('该审批单已超过7天，已失效');
    const [order] = await lockOrders(tx, { ids: [request.orderId] });
    if (!order || order.payment !== 'approval' || order.progress === 'cancelled') throw conflict('订单已不在待导师审批状态');
    // the same order of locks as a member's card payment (order, card, allowance, then the account): no deadlock between them
    const source = await lockCardFor(tx, request.memberId, { id: request.cardId }, now);
    const balance = await lockedBalance(tx, 'community', request.communityId);
    if (order.totalFen !== request.amountFen || body.amount_fen !== request.amountFen || body.balance_fen !== balance) {
      throw new AppError('GRANT_PIN_CHANGED', GRANT_PIN_CHANGED_MESSAGE, { status: 409 });
    }
    await assertCapRoom(tx, source.card, request.amountFen);
    await recordUse(tx, source, order, request.memberId, request.amountFen, now);
    const owner = (await memberContacts(tx, [ownerId])).get(ownerId);
    const paid = await approvedPayer()(tx, order, {
      community: { id: source.communityId, name: source.communityName },
      cardName: source.card.name,
      projectNo: order.projectNo || source.card.number,
      actor: { kind: 'member', id: ownerId, name: nameOf(owner) },
      now,
    });
    if (paid.paidFen !== request.amountFen) throw new AppError('GRANT_PIN_CHANGED', GRANT_PIN_CHANGED_MESSAGE, { status: 409 });
    await tx.update(grantRequests).set({ status: 'approved', decidedAt: now }).where(eq(grantRequests.id, request.id));
  });
  return getRequest(db, ownerId, body.rid);
}

/** Ends a pending request (refused or expired): the order back to 待支付 and the member told in-site. */
async function endRequest(tx: DbOrTx, request: RequestRow, status: 'refused' | 'expired', reason: string, now: Date): Promise<void> {
  await tx.update(grantRequests).set({ status, reason, decidedAt: now }).where(eq(grantRequests.id, request.id));
  await setOrderApproval(tx as Tx, request.orderId, false, now);
  const orderNo = request.orderNo;
  await postMessage(
    tx,
    request.memberId,
    {
      title: `订单${orderNo}的经费支付${status === 'expired' ? '已过期' : '未获批准'}`,
      content: `您用经费卡支付订单${orderNo}（${formatFen(request.amountFen)}）的申请${status === 'expired' ? '已过期' : '未获批准'}：${reason}。订单已回到待支付，您可以改用其他方式支付。`,
      link: `/member/order/${orderNo}`,
    },
    now,
  );
}

/** grant/refuse: the PI says no, with a reason. */
export async function refuseRequest(db: Db, ownerId: number, body: { rid: string; reason: string }, now: Date): Promise<GrantRequest> {
  await db.transaction(async (tx) => {
    const request = await lockPending(tx, ownerId, body.rid);
    await endRequest(tx, request, 'refused', `导师拒绝：${body.reason}`, now);
  });
  return getRequest(db, ownerId, body.rid);
}

export const EXPIRED_REASON = '导师7天内未审批，已自动拒绝';

/** The grant-requests job: pending requests past their 7 days are refused, the members told (in-site and SMS). */
export async function expireRequests(db: Db, channels: NoticeChannels, now: Date): Promise<string[]> {
  const due = await db
    .select({ id: grantRequests.id })
    .from(grantRequests)
    .where(and(eq(grantRequests.status, 'pending'), lte(grantRequests.expiresAt, now)))
    .limit(500);
  const expired: string[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(grantRequests).where(and(eq(grantRequests.id, id), eq(grantRequests.status, 'pending'))).for('update');
      if (!row) return null;
      await endRequest(tx, row, 'expired', EXPIRED_REASON, now);
      return row;
    });
    if (!done) continue;
    expired.push(done.rid);
    const orderNo = done.orderNo;
    await sendNotice(db, channels, done.memberId, {
      template: 'grant_request_expired',
      params: { orderNo },
      subject: `订单${orderNo}的经费支付已过期`,
      body: `您用经费卡支付订单${orderNo}的申请导师7天内未审批，已自动拒绝，订单已回到待支付。`,
    }).catch(() => undefined);
  }
  return expired;
}

/** A membership ended (member hook): the member's pending requests in that community (all, when dissolved) are refused. */
export async function refuseLeaversRequests(tx: DbOrTx, communityId: number, memberId: number | null, now: Date): Promise<void> {
  const rows = await tx
    .select()
    .from(grantRequests)
    .where(and(eq(grantRequests.communityId, communityId), eq(grantRequests.status, 'pending'), memberId === null ? undefined : eq(grantRequests.memberId, memberId)))
    .for('update');
  for (const row of rows) await endRequest(tx, row, 'refused', memberId === null ? '团体已解散' : '您已离开该团体', now);
}

/** An order refunded (orders' hook): what its card payment used goes back to the card and the allowance (once). */
export async function returnToAllowance(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const [use] = await tx.select().from(grantUsage).where(and(eq(grantUsage.orderId, order.id), eq(grantUsage.kind, 'payment'))).limit(1);
  if (!use) return;
  await tx
    .insert(grantUsage)
    .values({ cardId: use.cardId, allowanceId: use.allowanceId, memberId: use.memberId, orderId: use.orderId, kind: 'refund', amountFen: -use.amountFen, month: use.month, createdAt: now })
    .onConflictDoNothing();
}

/** After a request is filed: the PI's notice (待导师审批) with the link to the approval page (a failure never undoes the filing). */
export async function noticeRequest(db: Db, channels: NoticeChannels, ownerId: number, input: { rid: string; orderNo: string; amountFen: number; memberName: string }, log?: { warn: (obj: unknown, msg: string) => void }) {
  const link = `${channels.siteUrl ?? ''}/member/grant-approval/${input.rid}`;
  try {
    await sendNotice(db, channels, ownerId, {
      // 待导师审批: by the channels the PI chose (WeChat when bound and following, else SMS; and e-mail)
      template: 'tutor_approval',
      params: { orderNo: input.orderNo, member: input.memberName, amount: formatFen(input.amountFen), link },
      subject: `经费支付待您审批：订单${input.orderNo}`,
      body: `${input.memberName}申请用经费卡支付订单${input.orderNo}（${formatFen(input.amountFen)}），请审批：${link}`,
    });
  } catch (error) {
    log?.warn({ err: error }, 'grant request notice failed');
  }
}
