import { z } from 'zod';
import { pageQuery, requiredText } from '../common';
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

// ---- service notices: which channels (短信, 邮件, 微信) per kind ----

/**
 * The service notices a member may have sent by WeChat (the official account's template messages),
 * each with its label and the parameters its text has (what an admin maps to the template's
 * fields). tutor_approval (待导师审批) is ready for the tutor approvals of issue 34.
 */
export const WECHAT_NOTICE_KINDS = {
  order_sample_received: { label: '已收样', params: ['orderNo'] },
  order_data_delivered: { label: '已出数据', params: ['orderNo'] },
  order_unpaid_reminder: { label: '待支付', params: ['orderNo', 'deadline'] },
  pickup_reminder: { label: '上门取样预约提醒', params: ['date', 'time'] },
  tutor_approval: { label: '待导师审批', params: ['orderNo', 'member'] },
  booking_reminder: { label: '仪器预约上机提醒', params: ['name', 'date', 'time'] },
  consult_reply: { label: '咨询回复', params: ['name'] },
  staff_promise_due: { label: '服务承诺提醒（员工）', params: ['orderNo', 'promise', 'dueAt'] },
  estimate_slip: { label: '预计出数据晚于测试周期（员工）', params: ['sample', 'orderNo', 'estimate', 'dueDay'] },
} as const;
export type WechatNoticeKind = keyof typeof WECHAT_NOTICE_KINDS;
/** Every kind an admin sets a template for (消息管理 → 公众号模板), the staff's alerts included. */
export const wechatNoticeKinds = Object.keys(WECHAT_NOTICE_KINDS) as WechatNoticeKind[];
/** The staff's promise alerts: sent to the WeChat a staff member bound in the back office, never a member's choice. */
export const STAFF_WECHAT_KINDS = ['staff_promise_due', 'estimate_slip'] as const satisfies readonly WechatNoticeKind[];
export type MemberNoticeKind = Exclude<WechatNoticeKind, (typeof STAFF_WECHAT_KINDS)[number]>;
/** The kinds a member chooses channels for (账号设置 → 通知方式). */
export const memberNoticeKinds = wechatNoticeKinds.filter((kind): kind is MemberNoticeKind => !(STAFF_WECHAT_KINDS as readonly string[]).includes(kind));
export const noticeParamLabels: Record<string, string> = {
  orderNo: '订单号',
  deadline: '付款截止时间',
  date: '日期',
  time: '时段',
  member: '申请人',
  name: '名称（仪器或客户称呼）',
  promise: '承诺事项',
  dueAt: '到期时间',
  sample: '样品编号',
  estimate: '预计出数据',
  dueDay: '承诺日期',
};

export const NOTICE_CHANNELS = ['sms', 'email', 'wechat'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
export const noticeChannelLabels: Record<NoticeChannel, string> = { sms: '短信', email: '邮件', wechat: '微信' };

/** One kind's channels as 账号设置 shows them. */
export const noticeChannelChoice = z.object({
  kind: z.enum(memberNoticeKinds as [MemberNoticeKind, ...MemberNoticeKind[]]),
  label: z.string(),
  channels: z.array(z.enum(NOTICE_CHANNELS)),
  /** whether the member chose (false: the default — 微信 when bound, else 短信; 邮件 when an address is on file) */
  chosen: z.boolean(),
});
export const noticeChannels = z.object({
  kinds: z.array(noticeChannelChoice),
  /** a WeChat bound and following the official account: 微信 can reach them */
  wechatReady: z.boolean(),
  hasEmail: z.boolean(),
});
export type NoticeChannels = z.infer<typeof noticeChannels>;

const channelList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(z.enum(NOTICE_CHANNELS, { error: '[通知方式]不正确' }), { error: '[通知方式]不正确' }).min(1, { error: '[通知方式]至少选择一项' }).max(3),
);
export const setNoticeChannelsBody = z.object({
  kind: z.enum(memberNoticeKinds as [MemberNoticeKind, ...MemberNoticeKind[]], { error: '[通知类型]不正确' }),
  channels: channelList,
});
export type SetNoticeChannelsBody = z.infer<typeof setNoticeChannelsBody>;

// ---- 我的咨询: a consultation is a thread between the member and the lab's sales ----

/** 待回复 (the last word is the customer's), 已回复 (the lab's), 已关闭 (staff closed it; the member reopens it by writing). */
export const consultationStatuses = ['pending', 'replied', 'closed'] as const;
export type ConsultationStatus = (typeof consultationStatuses)[number];
export const consultationStatusLabels: Record<ConsultationStatus, string> = { pending: '待回复', replied: '已回复', closed: '已关闭' };

/** The longest text one message of a thread may have (the opening question's limit, 在线咨询). */
export const CONSULT_TEXT_MAX = 1000;

/** One message of a thread: who wrote it (the customer, or a staff member by name), when, what. */
export const consultationMessage = z.object({
  author: z.enum(['member', 'staff']),
  /** the customer's name as they gave it, or the staff member's name */
  name: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type ConsultationMessage = z.infer<typeof consultationMessage>;

/** consult/detail, add, reply: the whole thread, oldest message first (the question itself first). */
export const consultationThread = z.object({
  rid: z.string(),
  status: z.enum(consultationStatuses),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  closedAt: z.string().nullable(),
  messages: z.array(consultationMessage),
});
export type ConsultationThread = z.infer<typeof consultationThread>;

/** consult/list: one row per thread, the last word first. */
export const consultationSummary = z.object({
  rid: z.string(),
  status: z.enum(consultationStatuses),
  /** the opening question */
  content: z.string(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  messageCount: z.number().int(),
  lastMessage: consultationMessage,
});
export type ConsultationSummary = z.infer<typeof consultationSummary>;

export const consultAddBody = z.object({ content: requiredText('咨询内容', CONSULT_TEXT_MAX) });
export type ConsultAddBody = z.infer<typeof consultAddBody>;
export const consultRidBody = z.object({ rid: rid('咨询') });
export const consultFollowUpBody = z.object({ rid: rid('咨询'), content: requiredText('留言内容', CONSULT_TEXT_MAX) });
export type ConsultFollowUpBody = z.infer<typeof consultFollowUpBody>;
