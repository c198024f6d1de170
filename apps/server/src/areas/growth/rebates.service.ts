import { and, eq, sql } from 'drizzle-orm';
import { formatFen, payoutCustomerType } from '@lab/contract';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { memberInvite } from '../accounts';
import { creditAccount, ensureAccount, grant } from '../funds';
import { systemActor } from '../../platform/actor';
import { postMessage } from '../messages';
import { orderNumbers } from '../orders';
import { currentPartnerTerms } from './partner-terms.service';
import { maskOrderNo } from './invites.service';
import type { OrderRow } from '../orders';
import { promoterApplications, rebates } from './growth.tables';
import { growthSettingSql } from './settings.service';

/**
 * A partner's rebate on the paid orders of the members they invited (issue 7), driven by the
 * order hooks inside the order's own transaction:
 * - paid: a frozen rebate of floor(paidFen × rateBp / 10000) when the payer's inviter is an
 *   approved partner (none when it rounds to 0); one per order (unique index)
 * - completed: frozen → withdrawable, credited to the partner's 'rebate' account
 *   (rebate_release, reference rebate:<rid>)
 * - refunded: frozen → reversed (nothing was credited yet)
 * Every step is guarded on the rebate's status, so running it twice changes nothing.
 */

export type RebateRow = typeof rebates.$inferSelect;

/** The ledger reference of a rebate's release into the partner's account. */
export const rebateReference = (rid: string) => `rebate:${rid}`;

export const rebateOf = (paidFen: number, rateBp: number) => Math.floor((paidFen * rateBp) / 10_000);

/** The member's partner application in force (approved), if any. */
export async function approvedApplication(db: DbOrTx, memberId: number) {
  const [row] = await db
    .select()
    .from(promoterApplications)
    .where(and(eq(promoterApplications.memberId, memberId), eq(promoterApplications.status, 'approved')))
    .limit(1);
  return row ?? null;
}

/**
 * Frozen → released (status 'withdrawable'), guarded on 'frozen', and paid as the partner terms in
 * force say for the partner's customer type (issue 28, hole 10): cash — credited to the partner's
 * rebate account, withdrawable; prestore — credited straight to their prepaid funds
 * (rebate_to_prestore, spendable on tests only); coupon — a coupon worth the rebate. The rebate
 * row keeps how it was paid and under which version of the terms.
 */
async function release(tx: Tx, rebateId: number, now: Date): Promise<void> {
  const [moved] = await tx
    .update(rebates)
    .set({ status: 'withdrawable', releasedAt: now })
    .where(and(eq(rebates.id, rebateId), eq(rebates.status, 'frozen')))
    .returning();
  if (!moved) return;
  if (moved.rebateFen <= 0) return;
  const terms = await currentPartnerTerms(tx, now);
  const partner = await memberInvite(tx, moved.partnerMemberId);
  const payout = terms.payout[payoutCustomerType(partner?.organization)];
  const reference = rebateReference(moved.rid);
  const orderNo = (await orderNumbers(tx, [moved.orderId])).get(moved.orderId);
  const orderText = orderNo ? `订单${maskOrderNo(orderNo)}` : '订单';
  let couponId: number | null = null;
  if (payout === 'cash') {
    const account = await ensureAccount(tx, 'member', moved.partnerMemberId, 'rebate');
    await creditAccount(tx, account.id, moved.rebateFen, 'rebate_release', reference, systemActor, now, `推广返利（订单已完成）`);
  } else if (payout === 'prestore') {
    const account = await ensureAccount(tx, 'member', moved.partnerMemberId, 'prestore');
    await creditAccount(tx, account.id, moved.rebateFen, 'rebate_to_prestore', reference, systemActor, now, `推广返利（${orderText}已完成，按合伙人协议转入预存款）`);
  } else {
    const coupon = await grant(
      tx,
      { name: `推广返利券 ${formatFen(moved.rebateFen)}`, description: `${orderText}的推广返利，无门槛，全部服务可用`, amountFen: moved.rebateFen, validDays: terms.couponDays },
      moved.partnerMemberId,
      now,
      null,
    );
    couponId = coupon.id;
  }
  await tx.update(rebates).set({ payout, termsVersion: terms.version, couponId }).where(eq(rebates.id, moved.id));
  if (payout !== 'cash') {
    await postMessage(
      tx,
      moved.partnerMemberId,
      {
        kind: 'promotion',
        title: payout === 'prestore' ? '推广返利已转入预存款' : '推广返利券已发放',
        content:
          payout === 'prestore'
            ? `${orderText}已完成，推广返利${formatFen(moved.rebateFen)}已按《推广合伙人协议》转入您的预存款账户，可用于支付检测服务。`
            : `${orderText}已完成，推广返利${formatFen(moved.rebateFen)}已按《推广合伙人协议》以优惠券发放，${terms.couponDays}天内有效。`,
        link: payout === 'prestore' ? '/member/prestore' : '/member/coupon',
      },
      now,
    );
  }
}

/**
 * order paid: a frozen rebate for the payer's inviter (from the accounts area) when they are an
 * approved partner — one INSERT … SELECT that checks the partner and reads the rate in force. The
 * amount is rebateOf in SQL (integer division of non-negative numbers is the floor); none when it is 0.
 */
export async function rebateOnPaid(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.paidFen <= 0) return;
  const payer = await memberInvite(tx, order.memberId);
  if (payer?.inviterId == null || payer.inviterId === payer.id) return;
  const rate = growthSettingSql(tx, 'rebateRateBp');
  const created = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${rebates} (rid, partner_member_id, invitee_member_id, order_id, paid_fen, rate_bp, rebate_fen, status, created_at)
        select ${randomId()}, ${payer.inviterId}::int, ${payer.id}::int, ${order.id}::int, ${order.paidFen}::bigint, s.rate, ${order.paidFen}::bigint * s.rate / 10000, 'frozen',
          ${now.toISOString()}::timestamptz
        from (select ${rate} as rate) s
        where exists (select 1 from ${promoterApplications} p where p.member_id = ${payer.inviterId}::int and p.status = 'approved')
          and ${order.paidFen}::bigint * s.rate / 10000 > 0
        on conflict (order_id) do nothing
        returning id`,
  );
  // settled after testing: the order may already be complete, so the rebate is earned at once
  if (created[0] && order.progress === 'completed') await release(tx, created[0].id, now);
}

/** order completed: its frozen rebate becomes withdrawable. */
export async function rebateOnCompleted(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const [rebate] = await tx.select().from(rebates).where(and(eq(rebates.orderId, order.id), eq(rebates.status, 'frozen'))).limit(1);
  if (rebate) await release(tx, rebate.id, now);
}

/** order refunded: a frozen rebate is reversed. */
export async function rebateOnRefunded(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  await tx
    .update(rebates)
    .set({ status: 'reversed', reversedAt: now })
    .where(and(eq(rebates.orderId, order.id), eq(rebates.status, 'frozen')));
}
