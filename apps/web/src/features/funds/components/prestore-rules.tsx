import { GiftOutlined } from '@ant-design/icons';
import { formatFen, type PrestoreRules } from '@lab/contract';

/** 预存规则: the tiers, the minimum and how a top-up arrives. */
export function PrestoreRulesCard({ rules }: { rules: PrestoreRules }) {
  return (
    <section className="member-card" aria-label="预存规则">
      <h2 className="member-card-title">预存规则</h2>
      {rules.rules.length > 0 ? (
        <ul className="funds-tiers">
          {rules.rules.map((r) => (
            <li key={r.id}>
              <GiftOutlined /> {r.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="member-muted">当前暂无预存赠送活动。</p>
      )}
      <ol className="funds-steps">
        <li>提交预存申请，单笔不少于 {formatFen(rules.minAmountFen)}，赠送按单笔金额达到的最高档计算。</li>
        <li>按页面所示账户对公转账，转账备注请填写预存单号，并上传转账凭证。</li>
        <li>财务确认到账后，预存款与赠送金额一并计入余额，可用于支付订单。</li>
        <li>到账的预存款可在「发票记录」申请开具发票，赠送金额不开具发票。</li>
      </ol>
    </section>
  );
}
