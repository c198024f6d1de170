import type { UnreadCount } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/message/readAll — every one of mine marked read; answers { unread: 0 }. */
export const readAllMessages = () => apiPost<UnreadCount>('/api/auth/message/readAll');
