import { Tag } from 'antd';
import { consultationStatusLabels, type ConsultationMessage, type ConsultationStatus } from '@lab/contract';
import { formatDateTime } from '../../lib/format';
import './consult-thread.css';

const statusColors: Record<ConsultationStatus, string> = { pending: 'warning', replied: 'success', closed: 'default' };

/** 待回复 / 已回复 / 已关闭 as a tag, the same on 我的咨询 and in the back office. */
export function ConsultStatusTag({ status }: { status: ConsultationStatus }) {
  return (
    <Tag color={statusColors[status]} variant="filled">
      {consultationStatusLabels[status]}
    </Tag>
  );
}

/**
 * A consultation's messages in time order (decisions/0062), the question first: each with who
 * wrote it and when. `viewer` is whose screen it is: their own messages stand on the right
 * (the member's: 我; staff see the customer by name and each colleague by name).
 */
export function ConsultThread({ messages, viewer }: { messages: ConsultationMessage[]; viewer: 'member' | 'staff' }) {
  return (
    <ol className="consult-thread" aria-label="咨询记录">
      {messages.map((m, index) => {
        const own = m.author === viewer;
        const who = m.author === 'staff' ? `客服 · ${m.name}` : viewer === 'member' ? '我' : m.name;
        return (
          <li key={`${m.createdAt}-${index}`} className={own ? 'consult-message is-own' : 'consult-message'} data-author={m.author} data-testid="consult-message">
            <div className="consult-meta">
              <span className="consult-who">{who}</span>
              {index === 0 ? <span className="consult-first">咨询</span> : null}
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </div>
            <p className="consult-text">{m.content}</p>
          </li>
        );
      })}
    </ol>
  );
}
