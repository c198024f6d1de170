import { Steps, Timeline } from 'antd';
import { progressLabels, type OrderDetail, type OrderEvent, type ProgressStatus } from '@lab/contract';
import { formatDateTime, LIFECYCLE } from './order-format';

/** The furthest lifecycle step an order reached (for a cancelled order: before it was cancelled). */
export function reachedStep(order: Pick<OrderDetail, 'progress' | 'events'>): number {
  const current = LIFECYCLE.indexOf(order.progress);
  if (current >= 0) return current;
  let reached = 0;
  for (const e of order.events) {
    const i = LIFECYCLE.indexOf(e.status as ProgressStatus);
    if (i > reached) reached = i;
  }
  return reached;
}

/** When the order first reached a step: the event's time ('submitted' falls back to the creation time). */
function stepTime(order: Pick<OrderDetail, 'events' | 'createdAt'>, status: ProgressStatus): string {
  const event = order.events.find((e) => e.status === status);
  if (event) return formatDateTime(event.at);
  return status === 'submitted' ? formatDateTime(order.createdAt) : '';
}

/** 待确认 → 待寄样 → 已收样 → 测试中 → 已出数据 → 已完成, the reached ones with their time. */
export function OrderSteps({ order }: { order: Pick<OrderDetail, 'progress' | 'events' | 'createdAt'> }) {
  const reached = reachedStep(order);
  const cancelled = order.progress === 'cancelled';
  const done = order.progress === 'completed';
  return (
    <div data-testid="ord-steps">
      <Steps
        className="ord-steps"
        size="small"
        current={reached}
        status={cancelled ? 'error' : done ? 'finish' : 'process'}
        titlePlacement="vertical"
        aria-label="订单进度"
        items={LIFECYCLE.map((status, i) => ({
          key: status,
          title: cancelled && i === reached ? `${progressLabels[status]}（已取消）` : progressLabels[status],
          content: i <= reached ? <span className="ord-step-time">{stepTime(order, status)}</span> : null,
        }))}
      />
    </div>
  );
}

const actorLabel = (e: OrderEvent) => e.actorName || (e.actor === 'member' ? '我' : e.actor === 'staff' ? '实验室' : '系统');

const eventColor = (e: OrderEvent): string => {
  if (e.status === 'cancelled' || e.status === 'disputed') return 'red';
  if (e.status === 'refunded') return 'gray';
  if (e.status === 'paid' || e.status === 'delivered' || e.status === 'completed' || e.status === 'confirmed_data') return 'green';
  return 'blue';
};

/** Every event of the order, newest first: time (Asia/Shanghai), what happened, who, and the note. */
export function OrderEvents({ events }: { events: OrderEvent[] }) {
  const newestFirst = [...events].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  if (newestFirst.length === 0) return <p className="member-muted">暂无进度记录</p>;
  return (
    <Timeline
      className="ord-events"
      items={newestFirst.map((e, i) => ({
        key: `${e.at}-${i}`,
        color: eventColor(e),
        content: (
          <div className="ord-event" data-testid="ord-event">
            <div className="ord-event-head">
              <strong>{e.title}</strong>
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
            </div>
            <div className="ord-event-meta">操作人：{actorLabel(e)}</div>
            {e.note ? <div className="ord-event-note">{e.note}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
