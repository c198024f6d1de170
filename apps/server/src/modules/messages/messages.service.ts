import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import type { EmailProvider, SmsProvider } from '../../platform/messaging';
import { members } from '../auth/auth.tables';
import { memberMessages } from '../orders/orders.tables';

/**
 * In-site messages (站内信) and the notices that go with them. `postMessage` runs inside
 * the caller's transaction, so a message exists exactly when the change it reports does;
 * `notifyMember` adds the SMS and e-mail (through the outbox providers) after the commit.
 */
export interface MessageInput {
  kind?: string;
  title: string;
  content: string;
  link?: string | null;
}

export async function postMessage(db: DbOrTx, memberId: number, message: MessageInput, now: Date): Promise<void> {
  await db.insert(memberMessages).values({
    rid: randomId(),
    memberId,
    kind: message.kind ?? 'order',
    title: message.title,
    content: message.content,
    link: message.link ?? null,
    createdAt: now,
  });
}

export interface NoticeChannels {
  sms: SmsProvider;
  email: EmailProvider;
}

/**
 * SMS to the member's phone and, when they gave one, an e-mail — a failure of either is
 * logged by the caller and never undoes the change (the in-site message already holds it).
 */
export async function sendNotice(
  db: DbOrTx,
  channels: NoticeChannels,
  memberId: number,
  notice: { template: string; params: Record<string, string | number>; subject: string; body: string },
): Promise<void> {
  const [member] = await db.select({ phone: members.phone, email: members.email }).from(members).where(eq(members.id, memberId)).limit(1);
  if (!member) return;
  await channels.sms.send({ phone: member.phone, template: notice.template, params: notice.params, body: `【科研检测】${notice.body}` });
  if (member.email) await channels.email.send({ to: member.email, template: notice.template, params: notice.params, subject: notice.subject, body: notice.body });
}
