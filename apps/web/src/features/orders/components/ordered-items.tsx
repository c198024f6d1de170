import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { ORDERED_ITEMS_SHOWN, useOrderedItems } from '../api/list-ordered-items';

/**
 * 常用项目 / 再次下单: the items the member ordered before (at most 8, most recent first), each
 * leading to its detail page to choose the options again. Nothing is shown while loading, on a
 * failure or when the member has not ordered yet.
 */
export function OrderedItems() {
  const { data } = useOrderedItems();
  const items = (data?.list ?? []).slice(0, ORDERED_ITEMS_SHOWN);
  if (items.length === 0) return null;
  return (
    <section className="plan-history" aria-label="常用项目">
      <header className="plan-history-head">
        <h2>常用项目 / 再次下单</h2>
        <Link to="/member/order">查看全部订单</Link>
      </header>
      <ul className="plan-history-list">
        {items.map((item) => {
          const to = `/detail/${encodeURIComponent(item.rid)}`;
          return (
            <li key={item.rid} className="plan-history-item" data-testid="ordered-item" aria-label={item.name}>
              <Link to={to} className="plan-history-img" tabIndex={-1} aria-hidden>
                <img src={item.img} alt="" width={64} height={48} loading="lazy" />
              </Link>
              <div className="plan-history-main">
                <Link to={to} className="plan-history-name" title={item.name}>
                  {item.name}
                </Link>
                <span className="plan-history-meta">
                  下单 {item.times} 次 · 累计 {item.samples} {item.unit}
                </span>
                <span className="plan-history-meta">最近下单 {formatDate(item.lastOrderedAt)}</span>
              </div>
              <Link to={to} className="plan-history-again" aria-label={`再次下单 ${item.name}`}>
                再次下单
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
