import { useQuery } from '@tanstack/react-query';
import { BellOutlined } from './icons';
import { Link } from 'react-router';
import { useSession } from '../lib/session';
import { CountBadge } from './count-badge';
import './message-bell.css';
import { messages } from '../features/messages/api/messages';

/**
 * In-site messages (站内信) live under ['member', 'messages'], so a logout or an expired
 * token (queryClient.clear) and refreshMemberData() reach them like the rest of the member's data.
 */
export const messageKeys = {
  all: ['member', 'messages'] as const,
  unread: ['member', 'messages', 'unread'] as const,
  lists: ['member', 'messages', 'list'] as const,
};

/** POST /api/auth/message/unread */
export const fetchUnreadCount = () => messages.unread();

/** The unread count of the member logged in: every 60 s and whenever the window regains focus. */
export function useUnreadCount() {
  const session = useSession();
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: fetchUnreadCount,
    enabled: session !== null,
    refetchInterval: 60_000,
    refetchOnWindowFocus: 'always',
    select: (data) => data.unread,
  });
}

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
