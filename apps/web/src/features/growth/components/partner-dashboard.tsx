import { Alert, Button, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatFen, type PromotionOverview } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { acceptPartnerTerms } from '../api/accept-terms';
import { TermsModal } from './partner-terms';
import { RebateList } from './rebate-list';
import { WithdrawalList } from './withdrawal-list';
import { WithdrawDialog } from './withdraw-dialog';
import { formatRate } from './promotion-format';

/**
 * An approved partner: the four figures, how rebates are paid under the terms (and the new
 * version to accept, when one was published), 申请提现, the rebates and the withdrawals.
 */
export function PartnerDashboard({ overview }: { overview: PromotionOverview }) {
  const [withdrawing, setWithdrawing] = useState(false);
  const [reading, setReading] = useState(false);
  const { terms, payout } = overview;
  const toAccept = overview.acceptedTermsVersion !== terms.version;
  const accept = useApiMutation({
    mutationFn: () => acceptPartnerTerms(terms.version),
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('已同意新版协议');
      setReading(false);
    },
  });
  const nonCash = [
    overview.paidToPrestoreFen > 0 ? `累计转入预存款 ${formatFen(overview.paidToPrestoreFen)}` : '',
    overview.paidAsCouponFen > 0 ? `累计发放返利券 ${formatFen(overview.paidAsCouponFen)}` : '',
  ].filter(Boolean);
  const [tab, setTab] = useState<'rebates' | 'withdrawals'>('rebates');
  const figures = [
    { key: 'frozen', label: '冻结中', fen: overview.frozenFen, note: '好友订单完成后转为可提现' },
    { key: 'withdrawable', label: '可提现', fen: overview.withdrawableFen, note: `单笔不低于 ${formatFen(overview.minWithdrawFen)}` },
    { key: 'pending', label: '提现中', fen: overview.pendingFen, note: '等待财务审核打款' },
    { key: 'withdrawn', label: '已提现', fen: overview.withdrawnFen, note: '累计到账' },
  ] as const;

  return (
    <>
      {toAccept ? (
        <Alert
          className="promo-terms-alert"
          type="warning"
          showIcon
          title={`《${terms.title}》已更新至第 ${terms.version} 版`}
          description="返利比例或发放方式有调整。同意新版协议后方可继续申请提现；之后完成的订单按新版协议发放返利。"
          action={
            <Button size="small" type="primary" onClick={() => setReading(true)}>
              查看并同意
            </Button>
          }
        />
      ) : null}
      <section className="member-card promo-partner" aria-label="我的返利">
        <div className="promo-partner-head">
          <div>
            <h2 className="member-card-title">
              我的返利<span className="promo-badge">推广合伙人 · 返利比例 {formatRate(overview.rateBp)}</span>
            </h2>
            <p className="member-muted">
              邀请码 <strong className="promo-code">{overview.inviteCode}</strong> · 已邀请 {overview.invitedCount} 人 · <Link to="/member/invite">邀请链接与二维码</Link>
            </p>
          </div>
          <Button type="primary" size="large" onClick={() => setWithdrawing(true)}>
            申请提现
          </Button>
        </div>
        <dl className="promo-figures">
          {figures.map((f) => (
            <div key={f.key} className={f.key === 'withdrawable' ? 'is-main' : undefined}>
              <dt>{f.label}</dt>
              <dd data-testid={`figure-${f.key}`}>{formatFen(f.fen)}</dd>
              <dd className="promo-figure-note">{f.note}</dd>
            </div>
          ))}
        </dl>
        <p className="promo-payout" data-testid="promo-payout">
          返利发放方式：<strong>{payout.text}</strong>
          <span>
            （{payout.customerType}用户，按《{terms.title}》第 {terms.version} 版）
            <Button type="link" size="small" className="promo-terms-link" onClick={() => setReading(true)}>
              查看协议
            </Button>
          </span>
          {nonCash.length ? <span className="member-muted"> · {nonCash.join(' · ')}</span> : null}
        </p>
      </section>
      <section className="member-card" aria-label="返利与提现记录">
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as typeof tab)}
          items={[
            { key: 'rebates', label: '返利明细', children: <RebateList /> },
            { key: 'withdrawals', label: '提现记录', children: <WithdrawalList /> },
          ]}
        />
      </section>
      <TermsModal terms={terms} open={reading} onClose={() => setReading(false)} {...(toAccept ? { onAgree: () => accept.mutate(), agreeing: accept.isPending } : {})} />
      <WithdrawDialog
        open={withdrawing}
        withdrawableFen={overview.withdrawableFen}
        minWithdrawFen={overview.minWithdrawFen}
        onClose={() => {
          setWithdrawing(false);
        }}
      />
    </>
  );
}
