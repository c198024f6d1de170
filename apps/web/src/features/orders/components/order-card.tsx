import { Link } from 'react-router';
import { deliveryLabels, formatFen, type OrderSummary } from '@lab/contract';
import { OrderActions } from './order-actions';
import { OrderTags } from './order-tags';
import { formatDateTime, sampleSummary } from './order-format';

/** One order in a list: number, date, what was ordered, samples, amount, tags and what can be done now. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const detail = `/member/order/${encodeURIComponent(order.orderNo)}`;
  return (
    <li className="ord-card" data-testid="ord-card" aria-label={`订单 ${order.orderNo}`}>
      <div className="ord-card-head">
        <span className="ord-card-no">
          订单编号 <Link to={detail}>{order.orderNo}</Link>
        </span>
        <span className="member-muted">{formatDateTime(order.createdAt)}</span>
        <OrderTags order={order} />
      </div>
      <div className="ord-card-body">
        <div className="ord-card-main">
          <h3 className="ord-card-title">
            <Link to={detail}>{order.title}</Link>
          </h3>
          <p className="member-muted">
            {order.kind === 'reservation' ? '上门预约 · ' : `${deliveryLabels[order.delivery]} · `}
            {sampleSummary(order)}
          </p>
        </div>
        <div className="ord-card-amount">
          <strong>{formatFen(order.payableFen)}</strong>
          {order.discountFen > 0 ? <small>已优惠 {formatFen(order.discountFen)}</small> : null}
        </div>
        <div className="ord-card-actions">
          <OrderActions order={order} showDetail size="small" />
        </div>
      </div>
    </li>
  );
}
