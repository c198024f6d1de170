import { Button } from 'antd';
import { FileTextOutlined, GiftOutlined, ShoppingCartOutlined, SwapOutlined } from '@ant-design/icons';
import type { PointsOverview } from '@lab/contract';
import { formatPoints } from './points-format';

/** My points (可用 / 待生效 / 累计获得 / 累计使用) and the ways to earn and use them. */
export function PointsSummary({ overview, onOpenTab }: { overview: PointsOverview; onOpenTab: (tab: 'transfer' | 'award') => void }) {
  const earning =
    overview.pointsPerYuan > 0
      ? `检测订单每实付 1 元积 ${overview.pointsPerYuan} 分（不足 1 元的部分不计）。支付后积分先计入待生效，订单完成后到账可用；订单在完成前取消退款的，待生效积分随之取消。`
      : '订单积分暂停发放，恢复后将在此公布。';
  return (
    <>
      <section className="points-figures" aria-label="我的积分">
        <div className="points-figure is-main">
          <span>可用积分</span>
          <strong data-testid="points-balance">{formatPoints(overview.balance)}</strong>
          <small>{overview.pendingApplications > 0 ? `另有 ${overview.pendingApplications} 项致谢奖励审核中` : '可兑换优惠券与礼品'}</small>
        </div>
        <div className="points-figure is-pending">
          <span>待生效积分</span>
          <strong data-testid="points-pending">{formatPoints(overview.pendingPoints)}</strong>
          <small>{overview.pendingOrders > 0 ? `${overview.pendingOrders} 笔订单完成后到账，暂不可兑换或转赠` : '订单完成后积分到账'}</small>
        </div>
        <div className="points-figure">
          <span>累计获得</span>
          <strong data-testid="points-earned">{formatPoints(overview.earned)}</strong>
          <small>订单积分、奖励与转入</small>
        </div>
        <div className="points-figure">
          <span>累计使用</span>
          <strong data-testid="points-spent">{formatPoints(overview.spent)}</strong>
          <small>兑换、转出与退款扣回</small>
        </div>
      </section>
      <section className="member-card points-ways" aria-label="积分规则">
        <h2 className="member-card-title">如何获得与使用积分</h2>
        <ul className="points-ways-list">
          <li>
            <ShoppingCartOutlined aria-hidden />
            <div>
              <h3>订单积分{overview.pointsPerYuan > 0 ? <em>每 1 元 = {overview.pointsPerYuan} 积分</em> : null}</h3>
              <p data-testid="points-rate">{earning}</p>
            </div>
          </li>
          <li>
            <FileTextOutlined aria-hidden />
            <div>
              <h3>论文致谢奖励</h3>
              <p>论文发表时在致谢中注明本平台的检测服务，提交论文信息，审核通过后发放奖励积分。</p>
              <Button type="link" size="small" onClick={() => onOpenTab('award')}>
                去申请 ›
              </Button>
            </div>
          </li>
          <li>
            <SwapOutlined aria-hidden />
            <div>
              <h3>积分转赠</h3>
              <p>可将可用积分转赠给已注册的其他会员（如同课题组的同学），按对方手机号和姓名即时到账，转出后不可撤回。</p>
              <Button type="link" size="small" onClick={() => onOpenTab('transfer')}>
                去转赠 ›
              </Button>
            </div>
          </li>
          <li>
            <GiftOutlined aria-hidden />
            <div>
              <h3>积分兑换</h3>
              <p>积分可在下方兑换优惠券或礼品，优惠券即时发放到「我的优惠券」，礼品按所选地址寄出。</p>
            </div>
          </li>
        </ul>
      </section>
    </>
  );
}
