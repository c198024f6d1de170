import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { formatFen, type CouponTemplate, type MemberCoupon } from '@lab/contract';
import { formatDate } from '../../../lib/format';

/** ¥50 or 9折 (offRateBp 1000 = 10% off). */
export function couponValue(c: Pick<MemberCoupon, 'amountFen' | 'offRateBp'>): ReactNode {
  if (c.amountFen !== null) {
    const yuan = c.amountFen % 100 === 0 ? String(c.amountFen / 100) : (c.amountFen / 100).toFixed(2);
    return (
      <>
        <small>¥</small>
        {yuan}
      </>
    );
  }
  const rate = (10_000 - (c.offRateBp ?? 0)) / 1000;
  return (
    <>
      {Number.isInteger(rate) ? rate : rate.toFixed(1).replace(/0$/, '')}
      <small>折</small>
    </>
  );
}

export const thresholdText = (thresholdFen: number) => (thresholdFen > 0 ? `满${formatFen(thresholdFen)}可用` : '无门槛');

function validityOf(c: MemberCoupon | CouponTemplate): string {
  if (c.validFrom && c.validTo) return `${formatDate(c.validFrom)} 至 ${formatDate(c.validTo)}`;
  if ('validDays' in c && c.validDays) return `领取后 ${c.validDays} 天内有效`;
  return '长期有效';
}

/** One coupon as a ticket: value on the left, name, threshold, validity and scope on the right. */
export function CouponCard({ coupon, off = false, tag, action }: { coupon: MemberCoupon | CouponTemplate; off?: boolean; tag?: ReactNode; action?: ReactNode }) {
  return (
    <li className={off ? 'coupon-card is-off' : 'coupon-card'} data-testid="coupon-card">
      <div className="coupon-value">
        <strong>{couponValue(coupon)}</strong>
        <span>{thresholdText(coupon.thresholdFen)}</span>
      </div>
      <div className="coupon-body">
        <h3>
          {coupon.name}
          {tag}
        </h3>
        <p>适用范围：{coupon.scopeText}</p>
        <p>有效期：{validityOf(coupon)}</p>
        {'description' in coupon && coupon.description ? <p>{coupon.description}</p> : null}
        {action ? <div className="coupon-actions">{action}</div> : null}
      </div>
    </li>
  );
}

export const couponStatusTag = (c: MemberCoupon) => <Tag color={c.status === 'unused' ? 'blue' : 'default'}>{c.statusText}</Tag>;
