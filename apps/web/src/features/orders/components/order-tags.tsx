import { Tag } from 'antd';
import type { OrderSummary } from '@lab/contract';
import { paymentColor, progressColor } from './order-format';

/** The progress and payment tags of an order (two separate states, PRODUCT.md); a cancelled order never paid shows no payment tag. */
export function OrderTags({ order }: { order: Pick<OrderSummary, 'progress' | 'progressText' | 'payment' | 'paymentText' | 'payLater'> }) {
  return (
    <span className="ord-tags">
      <Tag color={progressColor[order.progress]} data-testid="progress-tag">
        {order.progressText}
      </Tag>
      {order.progress === 'cancelled' && order.payment === 'unpaid' ? null : (
        <Tag color={paymentColor[order.payment]} variant="outlined" data-testid="payment-tag">
          {order.paymentText}
        </Tag>
      )}
      {order.payLater && order.payment !== 'paid' ? <Tag color="gold">测试后结算</Tag> : null}
    </span>
  );
}
