import { couponDiscountFen, formatFen, type MemberCoupon, type PlanLine } from '@lab/contract';

export type PricedLine = Pick<PlanLine, 'typeId' | 'groupId'> & { amountFen: number };

/** The part of the selected lines a coupon applies to (its scope), and whether it can be used. */
export function couponEstimate(coupon: MemberCoupon, lines: PricedLine[]): { discountFen: number; reason: string } {
  const inScope = lines.filter((l) =>
    coupon.scope.kind === 'all' ? true : coupon.scope.kind === 'types' ? coupon.scope.ids.includes(l.typeId) : coupon.scope.ids.includes(l.groupId),
  );
  const base = inScope.reduce((sum, l) => sum + l.amountFen, 0);
  if (base === 0) return { discountFen: 0, reason: '不适用于所选项目' };
  if (base < coupon.thresholdFen) return { discountFen: 0, reason: `满${formatFen(coupon.thresholdFen)}可用` };
  return { discountFen: couponDiscountFen(coupon, base), reason: '' };
}

/** What a coupon is worth as its list shows it: 减¥20.00, or 8.5折. */
export const couponValue = (c: Pick<MemberCoupon, 'amountFen' | 'offRateBp'>) => (c.amountFen !== null ? `减${formatFen(c.amountFen)}` : `${(10 - (c.offRateBp ?? 0) / 1000).toFixed(1).replace(/\.0$/, '')}折`);

/** The coupon that takes the most off the priced lines (none usable: undefined). */
export function bestCoupon(list: Parameters<typeof couponEstimate>[0][], priced: Parameters<typeof couponEstimate>[1]): string | undefined {
  let best: { rid: string; off: number } | undefined;
  for (const c of list) {
    const estimate = couponEstimate(c, priced);
    if (!estimate.reason && estimate.discountFen > 0 && (!best || estimate.discountFen > best.off)) best = { rid: c.rid, off: estimate.discountFen };
  }
  return best?.rid;
}
