import { Tag } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { deliveryLabels, formatFen, hourLabel, sampleFormLabels, type OrderDetail, type OrderLine } from '@lab/contract';
import { formatDateTime } from './order-format';
import { OrderInvoice } from './order-invoice';

/** One line of an order: the item, its options, the booked hours, the note and the samples with their codes. */
export function LineCard({ line }: { line: OrderLine }) {
  return (
    <li className="ord-line" data-testid="ord-line">
      <div className="ord-line-head">
        <h3>
          <Link to={`/detail/${encodeURIComponent(line.rid)}`}>{line.name}</Link>
        </h3>
        <span className="ord-line-price">
          {formatFen(line.unitPriceFen)} × {line.count} {line.unit} = <strong>{formatFen(line.amountFen)}</strong>
        </span>
      </div>
      {line.options.length > 0 ? (
        <p className="ord-line-options">
          {line.options.map((o) => (
            <Tag key={o.optionId} variant="filled">
              {o.name}：{o.label}
            </Tag>
          ))}
        </p>
      ) : null}
      {line.reservation ? (
        <p className="ord-line-reservation">
          预约机时：{line.reservation.date} {line.reservation.hours.map(hourLabel).join('、')}
        </p>
      ) : null}
      {line.note ? <p className="member-muted">备注：{line.note}</p> : null}
      {line.samples.length > 0 ? (
        <ul className="ord-samples" aria-label={`${line.name} 的样品`}>
          {line.samples.map((s) => (
            <li key={s.code}>
              <code className="ord-sample-code">{s.code}</code>
              <span>{s.name}</span>
              <span className="member-muted">
                {s.count} 个 · {sampleFormLabels[s.form]}
                {s.magnetic ? ' · 有磁性' : ''}
                {s.returnWanted ? ' · 需寄回' : ''}
              </span>
              {s.hazards ? <Tag color="red">危险性：{s.hazards}</Tag> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** 送样方式: the pickup's time, address and state, or the lab's address to send the samples to; contact and remark. */
export function Delivery({ order }: { order: OrderDetail }) {
  return (
    <section className="member-card" aria-label="送样方式">
      <h2 className="member-card-title">送样方式：{deliveryLabels[order.delivery]}</h2>
      {order.delivery === 'pickup' && order.pickup ? (
        <dl className="ord-facts">
          <div>
            <dt>取样时间</dt>
            <dd>
              {order.pickup.date} {order.pickup.time}
            </dd>
          </div>
          <div>
            <dt>取样地址</dt>
            <dd>{order.pickup.address}</dd>
          </div>
          <div>
            <dt>取样状态</dt>
            <dd>{order.pickup.status}</dd>
          </div>
        </dl>
      ) : (
        <div className="ord-lab-address">
          <EnvironmentOutlined />
          <div>
            <p>请将样品寄送至：{order.labAddress}</p>
            <p className="member-muted">包裹内请附上订单编号 {order.orderNo}，样品到达后我们会短信通知您，并在 2 小时内电话联系。</p>
          </div>
        </div>
      )}
      {order.contact || order.phone ? (
        <p className="member-muted ord-contact">
          联系人：{order.contact} {order.phone}
        </p>
      ) : null}
      {order.remark ? <p className="member-muted">订单备注：{order.remark}</p> : null}
    </section>
  );
}

/** The note of the newest event of a kind ('' when none). */
function latestNote(events: OrderDetail['events'], status: 'paid' | 'refunded'): string {
  let found: OrderDetail['events'][number] | undefined;
  for (const e of events) if (e.status === status && (!found || e.at >= found.at)) found = e;
  return found?.note ?? '';
}

/** 支付信息: amounts, coupon, payment state, how it was paid (the channel, the funds) and a refund, invoice wish. */
export function Payment({ order }: { order: OrderDetail }) {
  // the server's own words for how it was paid (微信支付 / 支付宝, 余额抵扣, which funds) and where a refund went (原路退回…)
  const paidNote = latestNote(order.events, 'paid');
  const refundNote = latestNote(order.events, 'refunded');
  return (
    <section className="member-card" aria-label="支付信息">
      <h2 className="member-card-title">支付信息</h2>
      <dl className="ord-facts">
        <div>
          <dt>订单金额</dt>
          <dd>{formatFen(order.totalFen)}</dd>
        </div>
        <div>
          <dt>优惠</dt>
          <dd>{order.discountFen > 0 ? `-${formatFen(order.discountFen)}${order.coupon ? `（${order.coupon.name}）` : ''}` : '无'}</dd>
        </div>
        <div>
          <dt>应付金额</dt>
          <dd className="ord-payable" data-testid="ord-payable">
            {formatFen(order.payableFen)}
          </dd>
        </div>
        <div>
          <dt>支付状态</dt>
          <dd>
            {order.paymentText}
            {order.payLater && order.payment !== 'paid' ? '（测试后结算）' : ''}
          </dd>
        </div>
        {paidNote ? (
          <div>
            <dt>支付明细</dt>
            <dd data-testid="ord-paid-note">{paidNote}</dd>
          </div>
        ) : order.paidFrom.kind !== 'none' ? (
          <div>
            <dt>支付账户</dt>
            <dd>{order.paidFrom.kind === 'member' ? '个人预存款' : `团体：${order.paidFrom.name}`}</dd>
          </div>
        ) : null}
        {order.payment === 'refunded' ? (
          <div>
            <dt>退款</dt>
            <dd data-testid="ord-refund-note">{refundNote || '已退款'}</dd>
          </div>
        ) : null}
        {order.paidAt ? (
          <div>
            <dt>支付时间</dt>
            <dd>{formatDateTime(order.paidAt)}</dd>
          </div>
        ) : null}
        <div>
          <dt>发票</dt>
          <dd>
            <OrderInvoice order={order} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
