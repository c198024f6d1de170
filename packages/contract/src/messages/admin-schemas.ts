import { z } from 'zod';
import { dateFilter } from '../admin-table';
import { emptyMessage, ID_MAX, optionalText, pageQuery, requiredText } from '../common';
import { consultationMessage, consultationStatuses } from './schemas';

// ---- messages: consultations (sales), announcements and the outbox (admin) ----

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** growth/consultation/list: a page, optionally only 待回复 (pending) or 已回复 (replied), and a keyword. */
export const consultationListBody = pageQuery.extend({
  status: z.preprocess(blankToUndefined, z.enum(consultationStatuses, { error: '[回复状态]不正确' }).optional()),
  keyword: optionalText('关键词', 50),
});
export type ConsultationListBody = z.infer<typeof consultationListBody>;

const consultationId = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ error: emptyMessage('咨询编号') })
    .trim()
    .min(1, { error: emptyMessage('咨询编号') })
    .pipe(
      z.coerce
        .number<string>({ error: '[咨询编号]必须是数字' })
        .int({ error: '[咨询编号]必须是整数' })
        .min(1, { error: '[咨询编号]不正确' })
        .max(2_147_483_647, { error: '[咨询编号]不正确' }),
    ),
);

/** growth/consultation/detail and close: the consultation's number. */
export const consultationIdBody = z.object({ id: consultationId });
export type ConsultationIdBody = z.infer<typeof consultationIdBody>;

/** growth/consultation/reply: the consultation's number and the answer (one more message of the thread). */
export const consultationReplyBody = z.object({
  id: consultationId,
  reply: requiredText('回复内容', 500),
});
export type ConsultationReplyBody = z.infer<typeof consultationReplyBody>;

export const adminConsultation = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  company: z.string().nullable(),
  /** the opening question */
  content: z.string(),
  createdAt: z.string(),
  /** 待回复 / 已回复 / 已关闭: follows the thread's last message; staff close it */
  status: z.enum(consultationStatuses),
  lastMessageAt: z.string(),
  /** the question included */
  messageCount: z.number().int(),
  lastMessage: consultationMessage,
  /** the member whose thread it is (logged in when asking, or asking with their phone): replies also reach their in-site messages */
  memberRid: z.string().nullable(),
});
export type AdminConsultation = z.infer<typeof adminConsultation>;

/** growth/consultation/detail, reply, close: the row and every message, oldest first. */
export const adminConsultationThread = adminConsultation.extend({
  messages: z.array(consultationMessage),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
});
export type AdminConsultationThread = z.infer<typeof adminConsultationThread>;

/** growth/consultation/counts: what waits for an answer (the back-office menu's badge). */
export const consultationCounts = z.object({ pending: z.number().int() });
export type ConsultationCounts = z.infer<typeof consultationCounts>;

export const announcementView = z.object({
  rid: z.string(),
  title: z.string(),
  content: z.string(),
  audience: z.enum(['all', 'member']),
  member: z.object({ rid: z.string(), name: z.string(), phone: z.string() }).nullable(),
  /** how many members it reached */
  sent: z.number().int(),
  staffName: z.string(),
  createdAt: z.string(),
});
export type AnnouncementView = z.infer<typeof announcementView>;

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxListBody = pageQuery.extend({
  channel: z.preprocess(blankToUndefined, z.enum(['sms', 'email', 'wechat'], { error: '[渠道]不正确' }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(OUTBOX_STATUSES, { error: '[状态]不正确' }).optional()),
  recipient: optionalText('接收人', 100),
  from: dateFilter('开始日期'),
  to: dateFilter('结束日期'),
});
export type OutboxListBody = z.infer<typeof outboxListBody>;

/** A message the SMS or e-mail provider sent; verification codes are masked for staff. */
export const outboxEntry = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email', 'wechat']),
  recipient: z.string(),
  template: z.string(),
  body: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  /** queued: waiting for (another) try; sent; failed: every try failed (a dead letter) */
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  triedAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;

/**
 * An in-site alert raised for staff (a ledger mismatch, a promise about to fall due, tomorrow's home pickup; a setting
 * that puts money at risk, found at start; authenticator codes failing on a staff account; money arriving for a closed account).
 */
export const STAFF_ALERT_KINDS = ['ledger_mismatch', 'promise_due', 'pickup_due', 'certificate_expiring', 'refund_failed', 'config', 'staff_login', 'closed_account_payment', 'estimate_slip', 'vault_integrity'] as const;
export const staffAlertView = z.object({
  id: z.number().int(),
  kind: z.enum(STAFF_ALERT_KINDS),
  role: z.enum(['admin', 'sales', 'lab', 'finance']),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type StaffAlertView = z.infer<typeof staffAlertView>;

export const staffAlertListBody = pageQuery.extend({
  kind: z.preprocess(blankToUndefined, z.enum(STAFF_ALERT_KINDS, { error: '[类型]不正确' }).optional()),
  /** only those nobody has handled */
  open: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).optional(),
});
export type StaffAlertListBody = z.infer<typeof staffAlertListBody>;

export const staffAlertIdBody = z.object({ id: z.coerce.number({ error: '[提醒]不正确' }).int({ error: '[提醒]不正确' }).positive({ error: '[提醒]不正确' }).max(ID_MAX, { error: '[提醒]不正确' }) });

export const outboxResendBody = z.object({ id: z.coerce.number({ error: '[记录]不正确' }).int({ error: '[记录]不正确' }).positive({ error: '[记录]不正确' }).max(ID_MAX, { error: '[记录]不正确' }) });
export type OutboxResendBody = z.infer<typeof outboxResendBody>;
export const adminAnnouncementBody = z.object({
  title: requiredText('标题', 60),
  content: requiredText('内容', 2000),
  /** '' = every member; otherwise one member's rid … */
  member_rid: optionalText('会员', 40),
  /** … or one member's phone (what staff know) */
  member_phone: optionalText('会员手机号', 11).refine((value) => value === undefined || /^1[3-9]\d{9}$/.test(value), { error: '[会员手机号]格式不正确' }),
});

/** 公众号模板消息: one notice kind's template (the account's 模板ID) and which of its fields carries which of the notice's parameters. */
export const wechatTemplateView = z.object({
  kind: z.string(),
  label: z.string(),
  params: z.array(z.string()),
  templateId: z.string().nullable(),
  /** template field (thing1, character_string2, time3…) → the notice's parameter */
  fields: z.record(z.string(), z.string()),
  updatedAt: z.string().nullable(),
});
export type WechatTemplateView = z.infer<typeof wechatTemplateView>;

/** `fields`: one a line or separated by commas, "character_string1=orderNo"; an empty template id turns the kind's WeChat notices off. */
export const saveWechatTemplateBody = z.object({
  kind: z.string({ error: '[通知类型]不能为空' }).min(1, { error: '[通知类型]不能为空' }),
  templateId: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(64, { error: '[模板ID]不能超过64个字符' }).regex(/^[\w-]*$/, { error: '[模板ID]只能是字母、数字、下划线或短横线' }).default('')),
  fields: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(500, { error: '[字段对应]不能超过500个字符' }).default('')),
});
export type SaveWechatTemplateBody = z.infer<typeof saveWechatTemplateBody>;
