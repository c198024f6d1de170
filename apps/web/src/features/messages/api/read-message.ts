import type { MemberMessage } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/message/read — one of mine marked read (another member's rid is 404). */
export const readMessage = (rid: string) => apiPost<MemberMessage>('/api/auth/message/read', { rid });
