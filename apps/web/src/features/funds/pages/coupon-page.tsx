import { Alert, Empty, Pagination, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { COUPON_STATUSES, couponStatusLabels, type CouponStatus } from '@lab/contract';
import { useCoupons } from '../api/list-coupons';
import { CouponCard, couponStatusTag } from '../components/coupon-card';
import { ClaimableCoupons } from '../components/claimable-coupons';
import { formatDateTime } from '../components/money';
import '../../../components/member/member-pages.css';
import '../components/funds.css';

const emptyText: Record<CouponStatus, string> = {
  unused: '暂无可使用的优惠券，可在下方领券中心领取',
  used: '还没有使用过优惠券',
  expired: '没有已过期的优惠券',
};

function CouponList({ status }: { status: CouponStatus }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useCoupons(status, page);
  if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError) return <Alert type="error" showIcon title="优惠券加载失败" description={error.message} />;
  if (data.list.length === 0) return <Empty className="member-empty" description={emptyText[status]} />;
  return (
    <>
      <ul className="coupon-grid" aria-label={couponStatusLabels[status]}>
        {data.list.map((c) => (
          <CouponCard
            key={c.rid}
            coupon={c}
            off={status !== 'unused'}
            tag={couponStatusTag(c)}
            action={c.usedAt ? <span className="member-muted">使用时间 {formatDateTime(c.usedAt)}</span> : <span className="member-muted">领取时间 {formatDateTime(c.claimedAt)}</span>}
          />
        ))}
      </ul>
      {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} /> : null}
    </>
  );
}

/** 优惠券: mine by status (可使用 / 已使用 / 已过期), the claimable ones and the events. */
export default function CouponPage() {
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">优惠券</h1>
      </div>
      <p className="member-page-lead">下单支付时可选择一张满足门槛与适用范围的优惠券，每张仅可使用一次，不找零、不兑换现金。</p>
      <Tabs items={COUPON_STATUSES.map((s) => ({ key: s, label: couponStatusLabels[s], children: <CouponList status={s} /> }))} destroyOnHidden />
      <ClaimableCoupons />
    </div>
  );
}
