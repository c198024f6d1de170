import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { MemberMessage, Page, UnreadCount } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { randomId } from '../../platform/crypto';
import { notFound } from '../../platform/errors';
import type { EmailAttachment, EmailProvider, SmsProvider } from '../../platform/messaging';
import { memberMessages } from './member-messages.tables';
import { marketingSmsAllowed, memberContact } from '../accounts';
import type { MemberNoticeKind } from '@lab/contract';
import { channelsFor, isMemberNoticeKind, templateData, templateFor } from './notice-channels.service';

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
  await messageInsert(db, memberId, message, now);
}

/** postMessage's insert, not yet sent: a caller may send it as part of a bigger statement (a CTE). */
export function messageInsert(db: DbOrTx, memberId: number, message: MessageInput, now: Date) {
  return db.insert(memberMessages).values({
    rid: randomId(),
    memberId,
    kind: message.kind ?? 'order',
    title: message.title,
    content: message.content,
    link: message.link ?? null,
    createdAt: now,
  });
}

/** Where a member's notices go. */
export interface NoticeContact {
  phone: string;
  email: string | null;
}

export interface NoticeChannels {
  sms: SmsProvider;
  email: EmailProvider;
  /** the site's address (PUBLIC_URL), for links in messages such as a marketing SMS's 退订 link */
  siteUrl?: string | undefined;
}

/** Where a member switches marketing SMS off (账号设置 → 隐私与授权). */
export const MARKETING_SETTINGS_PATH = '/member/settings';

/**
 * A marketing SMS's end (《通信短信息服务管理规定》: commercial SMS need the recipient's consent
 * and a way to refuse): reply TD, or switch it off on the settings page.
 */
export const marketingSmsFooter = (siteUrl: string | undefined) => ` 回TD退订，或在会员中心›账号设置关闭：${siteUrl ?? ''}${MARKETING_SETTINGS_PATH}`;

/** The files an e-mail of the notice carries (SMS and WeChat carry none). */
const withFiles = (notice: { attachments?: EmailAttachment[] }) => (notice.attachments?.length ? { attachments: notice.attachments } : {});

/**
 * SMS to the member's phone and, when they gave one, an e-mail — a failure of either is
 * logged by the caller and never undoes the change (the in-site message already holds it).
 * A `marketing` notice (a promotion, not a report on the member's own business) goes by SMS
 * only to a member whose newest 营销短信 consent is granted, and ends with how to refuse more;
 * it sends no e-mail (no consent covers marketing by e-mail; the in-site message stays).
 */
export async function sendNotice(
  db: DbOrTx,
  channels: NoticeChannels,
  to: number | NoticeContact,
  notice: { template: string; params: Record<string, string | number>; subject: string; body: string; marketing?: boolean; attachments?: EmailAttachment[] },
): Promise<void> {
  // the caller may have read the contact already (paying reads it with the order)
  const full = typeof to === 'number' ? await memberContact(db, to) : null;
  const member = typeof to === 'number' ? full : to;
  if (!member) return;
  if (notice.marketing) {
    if (typeof to !== 'number') throw new Error('a marketing notice needs the member, to check the consent');
    if ((await marketingSmsAllowed(db, [to])).has(to)) {
      await channels.sms.send({ phone: member.phone, template: notice.template, params: notice.params, body: `【科研检测】${notice.body}${marketingSmsFooter(channels.siteUrl)}` }, db);
    }
  } else if (full && isMemberNoticeKind(notice.template)) {
    await sendServiceNotice(db, channels, full.id, full, notice.template, notice);
    return;
  } else {
    await channels.sms.send({ phone: member.phone, template: notice.template, params: notice.params, body: `【科研检测】${notice.body}` }, db);
  }
  // the member consented to marketing by SMS only (营销短信): a marketing notice sends no e-mail
  if (member.email && !notice.marketing) await channels.email.send({ to: member.email, template: notice.template, params: notice.params, subject: notice.subject, body: notice.body, ...withFiles(notice) }, db);
}

/**
 * A service notice of a kind WeChat may carry (已收样, 已出数据, 待支付…) by the channels the member
 * chose (账号设置 → 通知方式; by default WeChat when bound and following, else SMS, and e-mail):
 * WeChat as a template message queued in the outbox with its SMS to fall back to (the follower
 * left: 43004); WeChat chosen but not possible (not bound, unfollowed, no template set) goes by SMS.
 */
async function sendServiceNotice(
  db: DbOrTx,
  channels: NoticeChannels,
  memberId: number,
  member: NonNullable<Awaited<ReturnType<typeof memberContact>>>,
  kind: MemberNoticeKind,
  notice: { params: Record<string, string | number>; subject: string; body: string; attachments?: EmailAttachment[] },
) {
  const chosen = await channelsFor(db, memberId, kind, member);
  const sms = { phone: member.phone, template: kind, params: notice.params, body: `【科研检测】${notice.body}` };
  const template = chosen.includes('wechat') && member.wechat?.subscribed ? await templateFor(db, kind) : null;
  if (template && member.wechat) {
    await channels.sms.send({ ...sms, wechat: { openid: member.wechat.openid, templateId: template.templateId, data: templateData(template.fields, notice.params) } }, db);
  }
  if (chosen.includes('sms') || (chosen.includes('wechat') && !template)) await channels.sms.send(sms, db);
  if (chosen.includes('email') && member.email) await channels.email.send({ to: member.email, template: kind, params: notice.params, subject: notice.subject, body: notice.body, ...withFiles(notice) }, db);
}

// ---- the member's in-site messages (message/list|unread|read|readAll) ----

type MessageRow = typeof memberMessages.$inferSelect;

const toMemberMessage = (row: MessageRow): MemberMessage => ({
  rid: row.rid,
  kind: row.kind,
  title: row.title,
  content: row.content,
  link: row.link,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** message/list: mine, newest first; `unread` keeps only those not read yet. */
export async function listMessages(db: DbOrTx, memberId: number, query: { page: number; pageSize: number; unread: boolean }): Promise<Page<MemberMessage>> {
  const where = query.unread ? and(eq(memberMessages.memberId, memberId), isNull(memberMessages.readAt)) : eq(memberMessages.memberId, memberId);
  return paginate(
    query,
    (w) => db.select().from(memberMessages).where(where).orderBy(desc(memberMessages.createdAt), desc(memberMessages.id)).limit(w.limit).offset(w.offset),
    () => db.$count(memberMessages, where),
    (rows) => rows.map(toMemberMessage),
  );
}

/** message/unread: how many of mine are not read yet. */
export async function unreadCount(db: DbOrTx, memberId: number): Promise<UnreadCount> {
  const [row] = await db
    .select({ n: count() })
    .from(memberMessages)
    .where(and(eq(memberMessages.memberId, memberId), isNull(memberMessages.readAt)));
  return { unread: row?.n ?? 0 };
}

/** message/read: one of mine marked read (the first reading time stays); another member's rid is 404. */
export async function readMessage(db: DbOrTx, memberId: number, rid: string, now: Date): Promise<MemberMessage> {
  const [updated] = await db
    .update(memberMessages)
    .set({ readAt: sql`coalesce(${memberMessages.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(memberMessages.rid, rid), eq(memberMessages.memberId, memberId)))
    .returning();
  if (!updated) throw notFound('消息');
  return toMemberMessage(updated);
}

/** message/readAll: every one of mine marked read; answers the unread count (0). */
export async function readAllMessages(db: DbOrTx, memberId: number, now: Date): Promise<UnreadCount> {
  await db
    .update(memberMessages)
    .set({ readAt: now })
    .where(and(eq(memberMessages.memberId, memberId), isNull(memberMessages.readAt)));
  return unreadCount(db, memberId);
}


