import { Link } from 'react-router';
import { formatFen } from '@lab/contract';
import { useAsset } from '../api/get-asset';
import './funds.css';

/** The member centre's money (asset/init): prepaid balance, usable coupons, invoiceable amount — each leading to its page. */
export function BalanceSummary() {
  const { data, isError } = useAsset();
  const items = [
    { to: '/member/prestore', label: '预存款余额', value: data ? formatFen(data.prestoreFen) : '–', action: '预存 / 明细' },
    { to: '/member/coupon', label: '可用优惠券', value: data ? `${data.couponNum} 张` : '–', action: '领券中心' },
    { to: '/member/invoiceLs', label: '可开票金额', value: data ? formatFen(data.invoiceableFen) : '–', action: '申请开票' },
  ];
  return (
    <section className="mc-card funds-summary-card" aria-label="资金与发票">
      <h2 className="mc-card-title">资金与发票</h2>
      <div className="funds-summary">
        {items.map((item) => (
          <Link key={item.label} to={item.to} className="funds-summary-item">
            <span className="funds-summary-label">{item.label}</span>
            <strong data-testid={`asset-${item.label}`}>{item.value}</strong>
            <small>{isError ? '加载失败，请刷新' : item.action} ›</small>
          </Link>
        ))}
      </div>
      {data && (data.communities.length > 0 || data.creditLimitFen > 0) ? (
        <p className="funds-summary-note">
          {data.communities.map((c) => `团体「${c.name}」${formatFen(c.balanceFen)}`).join('；')}
          {data.communities.length > 0 && data.creditLimitFen > 0 ? '；' : ''}
          {data.creditLimitFen > 0 ? `先测后付额度 ${formatFen(data.creditLimitFen)}` : ''}
        </p>
      ) : null}
    </section>
  );
}
