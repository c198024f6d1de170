import { messages } from './messages';

/** POST /api/auth/message/read — one of mine marked read (another member's rid is 404). */
export const readMessage = (rid: string) => messages.read({ rid });
