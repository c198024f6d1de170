import { couponDiscountFen, couponInScope, type CouponOrderScope, type ReadyToPay } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { unusedCouponsOf } from '../funds';
import type { OrderRow } from '../orders';

/** The coupons a member may choose when paying an order, each with its discount on it. */

/** The member's unused, unexpired coupons with the discount each gives on this order and whether it can be used. */
export async function couponChoices(db: DbOrTx, memberId: number, order: OrderRow, scope: CouponOrderScope, now: Date): Promise<ReadyToPay['coupons']> {
  const rows = await unusedCouponsOf(db, memberId, now);
  const choices = rows.map(({ c, t }) => {
    const thresholdFen = Number(t.thresholdFen);
    const discountFen = couponDiscountFen({ amountFen: t.amountFen === null ? null : Number(t.amountFen), offRateBp: t.offRateBp }, order.totalFen);
    let reason = '';
    if (c.validFrom > now) reason = '优惠券尚未到使用时间';
    else if (order.totalFen < thresholdFen) reason = `订单金额未满${thresholdFen / 100}元，不能使用该优惠券`;
    else if (!couponInScope(t.scope, scope)) reason = '该优惠券不适用于所选服务';
    return { rid: c.rid, name: t.name, discountFen: reason ? 0 : discountFen, usable: reason === '', reason };
  });
  // usable first, the biggest saving first
  return choices.sort((a, b) => Number(b.usable) - Number(a.usable) || b.discountFen - a.discountFen);
}
