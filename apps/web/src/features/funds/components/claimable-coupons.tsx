import { Alert, Button, Empty, Skeleton } from 'antd';
import type { CouponTemplate } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useClaimable } from '../api/funds/list-claimable';
import { usePromotions } from '../api/list-promotions';
import { claimCoupon } from '../api/funds/claim-coupon';
import { CouponCard } from './coupon-card';

function TemplateGrid({ list, label }: { list: CouponTemplate[]; label: string }) {
  const claim = useApiMutation({ mutationFn: claimCoupon, invalidates: memberDataKeys, onSuccess: () => feedback.success('领取成功') });
  return (
    <ul className="coupon-grid" aria-label={label}>
      {list.map((t) => (
        <CouponCard
          key={t.rid}
          coupon={t}
          action={
            <>
              <span className="member-muted">
                每人限领 {t.perMemberLimit} 张{t.claimedByMe > 0 ? `，已领 ${t.claimedByMe} 张` : ''}
                {t.remaining !== null ? `，剩余 ${t.remaining} 张` : ''}
              </span>
              <Button type="primary" size="small" loading={claim.isPending && claim.variables === t.rid} onClick={() => claim.mutate(t.rid)} disabled={!t.claimable && t.claimedByMe >= t.perMemberLimit}>
                {t.claimable ? '领取' : t.claimedByMe > 0 ? '已领取' : '已领完'}
              </Button>
            </>
          }
        />
      ))}
    </ul>
  );
}

/** 领券中心: coupons claimable now, and the running events (promotion/all4user). */
export function ClaimableCoupons() {
  const claimable = useClaimable();
  const promotions = usePromotions();
  return (
    <section aria-label="领券中心">
      <h2 className="funds-section-title">可领取的优惠券</h2>
      {claimable.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : claimable.isError ? (
        <Alert type="error" showIcon title="可领取的优惠券加载失败" description={claimable.error.message} />
      ) : claimable.data.length === 0 ? (
        <Empty className="member-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可领取的优惠券，敬请关注平台活动" />
      ) : (
        <TemplateGrid list={claimable.data} label="可领取的优惠券" />
      )}
      {promotions.data && promotions.data.length > 0 ? (
        <>
          <h2 className="funds-section-title">平台活动</h2>
          {promotions.data.map((p) => (
            <div key={p.id} className="member-card funds-event">
              <h3 className="member-card-title">{p.title}</h3>
              {p.description ? <p>{p.description}</p> : null}
              <p>活动包含 {p.coupons.length} 种优惠券：{p.coupons.map((c) => c.name).join('、')}</p>
            </div>
          ))}
        </>
      ) : null}
    </section>
  );
}
