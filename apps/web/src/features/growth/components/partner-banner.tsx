import { Link } from 'react-router';
import { formatFen, type InviteOverview } from '@lab/contract';
import { formatRate } from './invite-format';

/** A partner sees their rebate figures; anyone else how to become one. */
export function PartnerBanner({ partner }: { partner: InviteOverview['partner'] }) {
  if (!partner) {
    return (
      <section className="invite-partner" aria-label="推广合伙人">
        <div>
          <h2>成为推广合伙人</h2>
          <p>审核通过后，您邀请的好友每笔付款订单都可为您带来返利，订单完成后可提现到银行卡或转入预存款。</p>
        </div>
        <Link className="invite-partner-link" to="/member/promotion">
          了解并申请
        </Link>
      </section>
    );
  }
  return (
    <section className="invite-partner is-partner" aria-label="推广合伙人">
      <div>
        <h2>推广合伙人 · 返利比例 {formatRate(partner.rateBp)}</h2>
        <dl className="invite-partner-figures">
          <div>
            <dt>冻结中</dt>
            <dd data-testid="invite-frozen">{formatFen(partner.frozenFen)}</dd>
          </div>
          <div>
            <dt>可提现</dt>
            <dd data-testid="invite-withdrawable">{formatFen(partner.withdrawableFen)}</dd>
          </div>
        </dl>
      </div>
      <Link className="invite-partner-link" to="/member/promotion">
        返利与提现
      </Link>
    </section>
  );
}
