import { z } from 'zod';
import { pageQuery } from '../common';
import { rid } from '../growth/fields';

// ---- messages (站内信) ----

export const messageListBody = pageQuery.extend({ unread: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).default(false) });
export const messageRidBody = z.object({ rid: rid('消息') });
export const memberMessage = z.object({
  rid: z.string(),
  kind: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MemberMessage = z.infer<typeof memberMessage>;
/** message/unread */
export const unreadCount = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCount>;
