import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatFen, type PromotionOverview } from '@lab/contract';
import { RebateList } from './rebate-list';
import { WithdrawalList } from './withdrawal-list';
import { WithdrawDialog } from './withdraw-dialog';
import { formatRate } from './promotion-format';

/** An approved partner: the four figures, 申请提现, the rebates and the withdrawals. */
export function PartnerDashboard({ overview }: { overview: PromotionOverview }) {
  const [withdrawing, setWithdrawing] = useState(false);
  const [tab, setTab] = useState<'rebates' | 'withdrawals'>('rebates');
  const figures = [
    { key: 'frozen', label: '冻结中', fen: overview.frozenFen, note: '好友订单完成后转为可提现' },
    { key: 'withdrawable', label: '可提现', fen: overview.withdrawableFen, note: `单笔不低于 ${formatFen(overview.minWithdrawFen)}` },
    { key: 'pending', label: '提现中', fen: overview.pendingFen, note: '等待财务审核打款' },
    { key: 'withdrawn', label: '已提现', fen: overview.withdrawnFen, note: '累计到账' },
  ] as const;

  return (
    <>
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
