import { BellOutlined } from '@ant-design/icons';
import { useSession } from '../lib/session';
import { Link } from 'react-router';
import { CountBadge } from './count-badge';
import './message-bell.css';
import { useUnreadCount } from '../api/messages/unread-count';

/** The header's bell: the unread count as a badge, linking to /member/message (members only). */
export function MessageBell() {
  const session = useSession();
  const { data: unread = 0 } = useUnreadCount();
  // the bell's place on a member's page drawn by the server, until the app draws the bell (message-bell.css)
  if (!session) return <span className="message-bell-slot" aria-hidden="true" />;
  const label = unread > 0 ? `站内消息，${unread} 条未读` : '站内消息';
  return (
    <Link to="/member/message" className="message-bell" aria-label={label} title={label} data-testid="message-bell">
      <CountBadge count={unread} offsetX={2}>
        <BellOutlined className="message-bell-icon" />
      </CountBadge>
    </Link>
  );
}
