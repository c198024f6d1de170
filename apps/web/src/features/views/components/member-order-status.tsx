import { Link } from 'react-router';
import { formatFen } from '@lab/contract';
import { useMemberHome } from '../api/get-member-home';
import { useOrders } from '../../orders/api/list-orders';
import { nextStep } from '../../orders/components/order-format';
import { formatDate } from '../../../lib/format';

/** The strip's figures, 报告待下载 first: each leads to the list it counts. */
const strip = [
  { key: 'reportReady', label: '报告待下载', to: '/member/order?tab=delivered' },
  { key: 'unpaid', label: '待支付', to: '/member/unpaid' },
  { key: 'awaitingSample', label: '待寄样', to: '/member/order?tab=awaiting_sample' },
  { key: 'testing', label: '测试中', to: '/member/order?tab=testing' },
] as const;

/**
 * 我的订单 at the head of the member centre (issue 31): how many orders wait on the member or
 * the lab, each count a link to its list, and the latest orders with their next step.
 */
export function MemberOrderStatus() {
  const home = useMemberHome();
  const recent = useOrders({ tab: 'all', page: 1, pageSize: 3 });
  const counts = home.data?.orders;
  const latest = recent.data?.list ?? [];
  return (
    <section className="mc-card mc-orders" aria-labelledby="mc-orders-title">
      <div className="mc-orders-head">
        <h2 id="mc-orders-title" className="mc-card-title">
          我的订单
        </h2>
        <Link to="/member/order">全部订单</Link>
      </div>
      <nav className="mc-order-strip" aria-label="订单状态">
        {strip.map((s) => {
          const n = counts?.[s.key];
          return (
            <Link key={s.key} to={s.to} className={n ? 'mc-order-state is-due' : 'mc-order-state'}>
              {/* the visible text is the name (axe: label-content-name-mismatch): "3 报告待下载" */}
              <strong data-testid={`order-state-${s.label}`}>{n ?? '–'}</strong>{' '}
              <span>{s.label}</span>
            </Link>
          );
        })}
      </nav>
      {latest.length > 0 ? (
        <ul className="mc-recent" aria-label="最近订单">
          {latest.map((o) => {
            const step = nextStep(o);
            return (
              <li key={o.orderNo} className="mc-recent-item">
                <Link to={`/member/order/${encodeURIComponent(o.orderNo)}`} className="mc-recent-title">
                  {o.title}
                </Link>
                <span className="mc-recent-meta">
                  <span className="nowrap">{formatDate(o.createdAt)}</span> · {o.progressText} · {formatFen(o.payableFen)}
                </span>
                {step.to ? (
                  <Link to={step.to} className="mc-recent-step">
                    {step.text}
                  </Link>
                ) : (
                  <span className="mc-recent-step is-waiting">{step.text}</span>
                )}
              </li>
            );
          })}
        </ul>
      ) : recent.isSuccess ? (
        <p className="mc-muted">
          还没有订单，<Link to="/experiment/plan">去实验计划选择检测项目</Link>
        </p>
      ) : null}
    </section>
  );
}
