import { and, eq, gt } from 'drizzle-orm';
import { couponDiscountFen, couponInScope, type CouponOrderScope } from '@lab/contract';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { couponTemplates, memberCoupons } from './coupons.tables';
import { payFromFunds, type PayInput } from './ledger.service';


/** A coupon spent on an order: checked against the order's scope and threshold, used once. */


export const COUPON_USED_MESSAGE = '优惠券已使用或不可用';

/**
 * Redeems a member's coupon inside the caller's transaction: checks threshold, scope and
 * validity, then a guarded `UPDATE … WHERE status = 'unused' AND member_id = …` — of any
 * number of concurrent redemptions exactly one succeeds. Answers the discount in fen.
 */
export async function redeemCoupon(
  tx: Tx,
  memberCouponRid: string,
  memberId: number,
  input: { orderAmountFen: number; scope: CouponOrderScope; reference: string; now: Date },
): Promise<{ discountFen: number; couponId: number }> {
  const [coupon] = await tx
    .select({ c: memberCoupons, t: couponTemplates })
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(and(eq(memberCoupons.rid, memberCouponRid), eq(memberCoupons.memberId, memberId)))
    .limit(1);
  if (!coupon) throw notFound('优惠券');
  const { c, t } = coupon;
  const gone = () => new AppError('COUPON_USED', c.status === 'unused' && c.validTo <= input.now ? '优惠券已过期' : COUPON_USED_MESSAGE, { status: 409 });
  if (c.status === 'used' || c.validTo <= input.now) throw gone();
  if (c.validFrom > input.now) throw conflict('优惠券尚未到使用时间');
  if (input.orderAmountFen < Number(t.thresholdFen)) throw new AppError('COUPON_THRESHOLD', `订单金额未满${Number(t.thresholdFen) / 100}元，不能使用该优惠券`, { status: 409 });
  if (!couponInScope(t.scope, input.scope)) throw new AppError('COUPON_SCOPE', '该优惠券不适用于所选服务', { status: 409 });
  const discountFen = couponDiscountFen({ amountFen: t.amountFen === null ? null : Number(t.amountFen), offRateBp: t.offRateBp }, input.orderAmountFen);
  const [used] = await tx
    .update(memberCoupons)
    .set({ status: 'used', usedAt: input.now, usedReference: input.reference, discountFen })
    .where(and(eq(memberCoupons.id, c.id), eq(memberCoupons.memberId, memberId), eq(memberCoupons.status, 'unused'), gt(memberCoupons.validTo, input.now)))
    .returning({ id: memberCoupons.id });
  // a concurrent redemption won the row
  if (!used) throw new AppError('COUPON_USED', COUPON_USED_MESSAGE, { status: 409 });
  return { discountFen, couponId: c.id };
}

/**
 * Pays an order from prepaid funds with an optional coupon, atomically: the coupon is spent
 * only if the funds cover the rest, and the funds only if the coupon was still unused.
 */
export async function payWithFundsAndCoupon(
  db: Db,
  input: PayInput & { memberId: number; couponRid?: string; scope?: CouponOrderScope },
): Promise<{ discountFen: number; paidFen: number }> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw badRequest('[金额]必须大于0');
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const discountFen = input.couponRid
      ? (await redeemCoupon(tx, input.couponRid, input.memberId, { orderAmountFen: input.amountFen, scope: input.scope ?? { typeIds: [], groupIds: [] }, reference: input.reference, now })).discountFen
      : 0;
    const paidFen = input.amountFen - discountFen;
    if (paidFen > 0) await payFromFunds(tx, { ...input, amountFen: paidFen, now });
    return { discountFen, paidFen };
  });
}
