import { Empty, Tag } from 'antd';
import { promiseKindLabels, promiseKindRules, promiseStateLabels, type OrderPromise } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';
import { promiseTones, timeLeftText } from '../order-desk';

const sinceLabels: Record<OrderPromise['kind'], string> = { call: '样品签收', notice: '数据交付', return: '付清/申请' };
const doneLabels: Record<OrderPromise['kind'], string> = { call: '已回访', notice: '已通知', return: '已寄出' };

/** The order's service promises with their deadlines: what started the clock, when it is due, when it was kept. */
export function PromiseList({ promises }: { promises: OrderPromise[] }) {
  if (promises.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="样品签收后开始计时：2小时内回访、出数据2小时内通知、付清后48小时内回寄" />;
  return (
    <ul className="desk-promises">
      {promises.map((promise) => {
        const left = timeLeftText(promise);
        return (
          <li key={promise.kind} className={`desk-promise is-${promise.state}`} data-testid={`promise-row-${promise.kind}`}>
            <div className="desk-promise-head">
              <strong>{promiseKindLabels[promise.kind]}</strong>
              <Tag color={promiseTones[promise.state]}>{promiseStateLabels[promise.state]}</Tag>
            </div>
            <div className="admin-muted">{promiseKindRules[promise.kind]}</div>
            <dl className="desk-promise-times">
              <dt>{sinceLabels[promise.kind]}</dt>
              <dd>{formatDateTime(promise.since)}</dd>
              <dt>截止</dt>
              <dd>
                {formatDateTime(promise.dueAt)}
                {left && <span className={promise.state === 'overdue' ? 'desk-overdue' : 'desk-left'}>{left}</span>}
              </dd>
              {promise.doneAt && (
                <>
                  <dt>{doneLabels[promise.kind]}</dt>
                  <dd>{formatDateTime(promise.doneAt)}</dd>
                </>
              )}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
