import { Button } from 'antd';
import { useState } from 'react';
import { formatFen, type CouponTemplate, type MemberCoupon } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useClaimable } from '../../funds/api/funds/list-claimable';
import { claimCoupon } from '../../funds/api/funds/claim-coupon';
import { couponValue } from './coupon-estimate';
import './claim-coupons.css';

/** The templates this member may claim now (stock left, under their limit). */
export const claimableNow = (list: CouponTemplate[] | undefined) => (list ?? []).filter((t) => t.claimable);

/**
 * 可领 N 张 where a coupon is chosen (checkout, the pay dialog): the coupons of 领券中心 the member
 * has not claimed yet, each claimed in place, so nobody pays full price for not knowing of them.
 * `onClaimed` gets the coupon claimed (to choose it). Nothing is drawn when none is claimable.
 */
export function ClaimCoupons({ onClaimed }: { onClaimed?: (coupon: MemberCoupon) => void }) {
  const claimable = useClaimable();
  const [open, setOpen] = useState(false);
  const claim = useApiMutation({
    mutationFn: claimCoupon,
    invalidates: memberDataKeys,
    onSuccess: (coupon) => {
      feedback.success(`已领取「${coupon.name}」，可直接使用`);
      onClaimed?.(coupon);
    },
  });
  const list = claimableNow(claimable.data);
  if (list.length === 0) return null;
  return (
    <div className="coupon-claim">
      <Button type="link" size="small" className="coupon-claim-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        可领 {list.length} 张优惠券{open ? '（收起）' : ''}
      </Button>
      {open ? (
        <ul className="coupon-claim-list" aria-label="可领取的优惠券">
          {list.map((t) => (
            <li key={t.rid} className="coupon-claim-item">
              <span className="coupon-claim-name">{t.name}</span>
              <span className="coupon-claim-meta">
                {couponValue(t)}，{t.thresholdFen > 0 ? `满${formatFen(t.thresholdFen)}可用` : '无门槛'}，{t.scopeText}
              </span>
              <Button size="small" type="primary" ghost loading={claim.isPending && claim.variables === t.rid} disabled={claim.isPending && claim.variables !== t.rid} onClick={() => claim.mutate(t.rid)}>
                领取
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
