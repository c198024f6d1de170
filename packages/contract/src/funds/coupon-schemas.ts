import { z } from 'zod';
import { pageQuery } from '../common';
import { optionalEnum, rid } from './fields';

// ---- coupons ----

export const couponScopeView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('types'), ids: z.array(z.number()) }),
  z.object({ kind: z.literal('groups'), ids: z.array(z.number()) }),
]);
export type CouponScope = z.infer<typeof couponScopeView>;
export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const couponStatusLabels: Record<CouponStatus, string> = { unused: '可使用', used: '已使用', expired: '已过期' };

export const couponTemplateView = z.object({
  rid: z.string(),
  name: z.string(),
  /** a fixed discount… */
  amountFen: z.number().nullable(),
  /** …or a share off (basis points: 1000 = 10% off, 9折) */
  offRateBp: z.number().nullable(),
  thresholdFen: z.number(),
  scope: couponScopeView,
  scopeText: z.string(),
  /** fixed validity, or `validDays` after claiming */
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  validDays: z.number().nullable(),
  perMemberLimit: z.number(),
  /** null: unlimited */
  remaining: z.number().nullable(),
  /** how many this member holds already */
  claimedByMe: z.number(),
  claimable: z.boolean(),
  description: z.string(),
});
export type CouponTemplate = z.infer<typeof couponTemplateView>;

/** promotion/all4user: the live coupon events */
export const promotionView = z.object({ id: z.string(), title: z.string(), description: z.string(), coupons: z.array(couponTemplateView) });
export type Promotion = z.infer<typeof promotionView>;

export const memberCouponView = z.object({
  rid: z.string(),
  name: z.string(),
  amountFen: z.number().nullable(),
  offRateBp: z.number().nullable(),
  thresholdFen: z.number(),
  scope: couponScopeView,
  scopeText: z.string(),
  status: z.enum(COUPON_STATUSES),
  statusText: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  usedAt: z.string().nullable(),
  claimedAt: z.string(),
});
export type MemberCoupon = z.infer<typeof memberCouponView>;

/** discount4user/add — claim a template */
export const couponClaimBody = z.object({ rid: rid('优惠券') });
/** discount4user/all — my coupons by status */
export const couponListBody = pageQuery.extend({ status: optionalEnum(COUPON_STATUSES, '状态') });
export type CouponListBody = z.infer<typeof couponListBody>;

/** What a coupon's scope is checked against: the services (types) and groups on an order. */
export interface CouponOrderScope {
  typeIds: number[];
  groupIds: number[];
}

/** Whether a coupon of this scope applies to an order with these services (any one of them in scope). */
export const couponInScope = (scope: CouponScope, order: CouponOrderScope): boolean =>
  scope.kind === 'all' || (scope.kind === 'types' ? scope.ids.some((id) => order.typeIds.includes(id)) : scope.ids.some((id) => order.groupIds.includes(id)));

/** The discount a coupon gives on an order amount (never more than the amount). */
export function couponDiscountFen(coupon: { amountFen: number | null; offRateBp: number | null }, orderFen: number): number {
  const raw = coupon.amountFen ?? Math.floor((orderFen * (coupon.offRateBp ?? 0)) / 10_000);
  return Math.max(0, Math.min(raw, orderFen));
}
