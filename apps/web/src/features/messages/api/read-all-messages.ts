import { messages } from './messages';

/** POST /api/auth/message/readAll — every one of mine marked read; answers { unread: 0 }. */
export const readAllMessages = () => messages.readAll();
