import { and, eq } from 'drizzle-orm';
import { memberNoticeKinds, noticeParamLabels, WECHAT_NOTICE_KINDS, wechatNoticeKinds, type MemberNoticeKind, type NoticeChannel, type NoticeChannels, type SaveWechatTemplateBody, type SetNoticeChannelsBody, type WechatNoticeKind, type WechatTemplateView } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { auditEntity } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { memberContact } from '../accounts';
import { noticeChannelChoices, wechatTemplates } from './notice-channels.tables';

/**
 * Service notices by WeChat (docs/decisions/0046-wechat-official-account.md): which channels a
 * member chose for each kind, and the official account's template an admin set for it.
 */

export const isWechatKind = (template: string): template is WechatNoticeKind => Object.hasOwn(WECHAT_NOTICE_KINDS, template);
/** A kind a member chooses channels for (the staff's alerts are not). */
export const isMemberNoticeKind = (template: string): template is MemberNoticeKind => (memberNoticeKinds as string[]).includes(template);

type Contact = NonNullable<Awaited<ReturnType<typeof memberContact>>>;

/** The default: WeChat for a member bound and following, else SMS; e-mail when they gave one. */
export const defaultChannels = (contact: Pick<Contact, 'email' | 'wechat'>): NoticeChannel[] => [contact.wechat?.subscribed ? 'wechat' : 'sms', ...(contact.email ? (['email'] as const) : [])];

/** The member's channels for one kind (their choice, or the default). */
export async function channelsFor(db: DbOrTx, memberId: number, kind: MemberNoticeKind, contact: Contact): Promise<NoticeChannel[]> {
  const [row] = await db
    .select({ channels: noticeChannelChoices.channels })
    .from(noticeChannelChoices)
    .where(and(eq(noticeChannelChoices.memberId, memberId), eq(noticeChannelChoices.kind, kind)))
    .limit(1);
  return row ? (row.channels as NoticeChannel[]) : defaultChannels(contact);
}

/** The template and fields of a kind, or null: its WeChat notices then go by SMS. */
export async function templateFor(db: DbOrTx, kind: WechatNoticeKind) {
  const [row] = await db.select().from(wechatTemplates).where(eq(wechatTemplates.kind, kind)).limit(1);
  return row && row.templateId ? row : null;
}

/** The template's fields filled from the notice's parameters. */
export const templateData = (fields: Record<string, string>, params: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(fields).map(([field, param]) => [field, String(params[param] ?? '')]));

// ---- 账号设置 → 通知方式 ----

export async function myNoticeChannels(db: DbOrTx, memberId: number): Promise<NoticeChannels> {
  const contact = await memberContact(db, memberId);
  const rows = await db.select().from(noticeChannelChoices).where(eq(noticeChannelChoices.memberId, memberId));
  const chosen = new Map(rows.map((r) => [r.kind, r.channels as NoticeChannel[]]));
  const fallback = contact ? defaultChannels(contact) : (['sms'] as NoticeChannel[]);
  return {
    kinds: memberNoticeKinds.map((kind) => ({ kind, label: WECHAT_NOTICE_KINDS[kind].label, channels: chosen.get(kind) ?? fallback, chosen: chosen.has(kind) })),
    wechatReady: Boolean(contact?.wechat?.subscribed),
    hasEmail: Boolean(contact?.email),
  };
}

export async function setNoticeChannels(db: DbOrTx, memberId: number, input: SetNoticeChannelsBody, now: Date): Promise<NoticeChannels> {
  const channels = [...new Set(input.channels)];
  await db
    .insert(noticeChannelChoices)
    .values({ memberId, kind: input.kind, channels, updatedAt: now })
    .onConflictDoUpdate({ target: [noticeChannelChoices.memberId, noticeChannelChoices.kind], set: { channels, updatedAt: now } });
  return myNoticeChannels(db, memberId);
}

// ---- 消息管理 → 公众号模板 (admin) ----

type TemplateRow = typeof wechatTemplates.$inferSelect;

const templateView = (kind: WechatNoticeKind, row: TemplateRow | undefined): WechatTemplateView => ({
  kind,
  label: WECHAT_NOTICE_KINDS[kind].label,
  params: [...WECHAT_NOTICE_KINDS[kind].params],
  templateId: row?.templateId || null,
  fields: row?.fields ?? {},
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

export async function listWechatTemplates(db: DbOrTx): Promise<WechatTemplateView[]> {
  const rows = new Map((await db.select().from(wechatTemplates)).map((r) => [r.kind, r]));
  return wechatNoticeKinds.map((kind) => templateView(kind, rows.get(kind)));
}

export const wechatTemplateAudit = auditEntity<string>('wechat_template', async (db, kind) => {
  const [row] = await db.select().from(wechatTemplates).where(eq(wechatTemplates.kind, String(kind))).limit(1);
  return row ? { kind: row.kind, templateId: row.templateId, fields: row.fields } : null;
});

/** "thing1=orderNo, time2=deadline" (commas or lines) → { thing1: 'orderNo', time2: 'deadline' }, each parameter one of the kind's. */
function parseFields(kind: WechatNoticeKind, text: string): Record<string, string> {
  const params: readonly string[] = WECHAT_NOTICE_KINDS[kind].params;
  const fields: Record<string, string> = {};
  for (const part of text.split(/[\n,，]+/).map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z][\w]{0,31})\s*[=＝]\s*(\w+)$/.exec(part);
    if (!match) throw badRequest(`[字段对应]“${part}”应为 模板字段=参数，如 character_string1=orderNo`);
    if (!params.includes(match[2]!)) throw badRequest(`[字段对应]参数“${match[2]}”不是该通知的参数（可用：${params.map((p) => `${p}（${noticeParamLabels[p] ?? p}）`).join('、')}）`);
    fields[match[1]!] = match[2]!;
  }
  return fields;
}

export async function saveWechatTemplate(db: DbOrTx, staffId: number, input: SaveWechatTemplateBody, now: Date): Promise<WechatTemplateView> {
  if (!isWechatKind(input.kind)) throw badRequest('[通知类型]不正确');
  const kind = input.kind;
  const fields = parseFields(kind, input.fields);
  if (input.templateId && Object.keys(fields).length === 0) throw badRequest('[字段对应]不能为空');
  const values = { templateId: input.templateId, fields, updatedAt: now, staffId };
  const [row] = await db.insert(wechatTemplates).values({ kind, ...values }).onConflictDoUpdate({ target: wechatTemplates.kind, set: values }).returning();
  return templateView(kind, row);
}
