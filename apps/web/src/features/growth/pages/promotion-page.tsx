import { Alert, Button, Skeleton } from 'antd';
import { usePromotion } from '../api/get-promotion';
import { ApplyForm, PartnerExplainer } from '../components/apply-section';
import { PendingCard } from '../components/pending-card';
import { PartnerDashboard } from '../components/partner-dashboard';
import '../../../components/member/member-pages.css';
import '../../../components/member/member-forms.css';
import '../components/promotion.css';

/** 推广合伙人 (/member/promotion): apply; wait for the review; as a partner, the rebates and withdrawals. */
export default function PromotionPage() {
  const promotion = usePromotion();

  if (promotion.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (promotion.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="推广信息加载失败"
        description={promotion.error.message}
        action={<Button onClick={() => void promotion.refetch()}>重试</Button>}
      />
    );
  }
  const overview = promotion.data;
  return (
    <div className="member-page promo-page">
      <div className="member-page-head">
        <h1 className="page-title">推广合伙人</h1>
      </div>
      {overview.status === 'approved' ? (
        <>
          <p className="member-page-lead">
            {overview.payout.kind === 'cash'
              ? '好友订单付款后返利进入冻结中，订单完成后转为可提现；提现经财务审核后打款到银行卡或转入预存款。'
              : `好友订单付款后返利进入冻结中，订单完成后按《推广合伙人协议》${overview.payout.kind === 'prestore' ? '转入您的预存款账户' : '以优惠券发放'}。`}
          </p>
          <PartnerDashboard overview={overview} />
        </>
      ) : (
        <>
          <p className="member-page-lead">推荐同学、同事使用科研检测服务，好友每笔付款订单都可为您带来返利。</p>
          {overview.status === 'none' ? (
            // first the plan, then the form; a review or a refusal comes first
            <div className="promo-apply-layout is-explainer-first">
              <PartnerExplainer rateBp={overview.rateBp} payout={overview.payout} />
              <ApplyForm overview={overview} />
            </div>
          ) : (
            <div className="promo-apply-layout">
              {overview.status === 'pending' ? <PendingCard overview={overview} /> : <ApplyForm overview={overview} />}
              <PartnerExplainer rateBp={overview.rateBp} payout={overview.payout} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
