import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { messages } from '../messages';
import { messageKeys } from '../query-keys';

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
