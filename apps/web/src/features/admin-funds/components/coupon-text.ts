import { formatFen, type CouponTemplate } from '@lab/contract';
import { formatDate } from '../../../lib/format';

/** ¥50 减 (满 ¥300 可用) or 9 折, as a person reads a coupon's value. */
export function couponValueText(t: Pick<CouponTemplate, 'amountFen' | 'offRateBp' | 'thresholdFen'>): string {
  const value = t.amountFen !== null ? `立减 ${formatFen(t.amountFen)}` : `${(10_000 - (t.offRateBp ?? 0)) / 1000} 折`;
  return t.thresholdFen > 0 ? `满 ${formatFen(t.thresholdFen)} ${value}` : `无门槛 ${value}`;
}

/** 领取后 30 天 or 2026-12-01 至 2026-12-31. */
export function couponValidityText(t: Pick<CouponTemplate, 'validDays' | 'validFrom' | 'validTo'>): string {
  if (t.validDays) return `领取后 ${t.validDays} 天`;
  return `${formatDate(t.validFrom)} 至 ${formatDate(t.validTo)}`;
}
