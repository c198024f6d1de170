import { Timeline } from 'antd';
import type { OrderEvent } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';

const actorLabels: Record<OrderEvent['actor'], string> = { member: '客户', staff: '实验室', system: '系统' };
const eventColor = (event: OrderEvent) =>
  event.status === 'cancelled' || event.status === 'disputed' ? 'red' : event.status === 'note' ? 'gray' : event.status === 'completed' || event.status === 'delivered' ? 'green' : 'blue';

/** The order's timeline, newest first, with who did each step and their note. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <Timeline
      className="desk-timeline"
      items={[...events].reverse().map((event, index) => ({
        key: `${event.at}-${index}`,
        color: eventColor(event),
        content: (
          <div data-testid="desk-event">
            <div>
              <strong>{event.title}</strong>
              <span className="admin-muted desk-event-meta">
                {formatDateTime(event.at)} · {actorLabels[event.actor]}
                {event.actorName ? ` ${event.actorName}` : ''}
              </span>
            </div>
            {event.note && <div className="desk-event-note">{event.note}</div>}
          </div>
        ),
      }))}
    />
  );
}
