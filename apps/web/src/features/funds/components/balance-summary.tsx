import { Link } from 'react-router';
import { formatFen } from '@lab/contract';
import { useAsset } from '../api/get-asset';
import './funds.css';

/** The member centre's money: prepaid balance, usable coupons, invoiceable amount — each leading to its page. */
export function BalanceSummary() {
  const { data, isError } = useAsset();
  const items = [
    { to: '/member/prestore', label: '预存款余额', value: data ? formatFen(data.prestoreFen) : '–', action: '去预存' },
    { to: '/member/coupon', label: '可用优惠券', value: data ? `${data.couponNum} 张` : '–', action: '去领券' },
    { to: '/member/invoiceLs', label: '可开票金额', value: data ? formatFen(data.invoiceableFen) : '–', action: '申请开票' },
  ];
  return (
    <section className="funds-summary" aria-label="账户资产">
      {items.map((item) => (
        <Link key={item.label} to={item.to} className="funds-summary-item">
          <span className="funds-summary-label">{item.label}</span>
          <strong data-testid={`asset-${item.label}`}>{item.value}</strong>
          <small>{isError ? '加载失败，请刷新' : item.action} ›</small>
        </Link>
      ))}
      {data && data.communities.length > 0 ? (
        <p className="funds-summary-note">
          团体账户：{data.communities.map((c) => `${c.name} ${formatFen(c.balanceFen)}`).join('；')}
        </p>
      ) : null}
    </section>
  );
}
