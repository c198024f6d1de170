import { z } from 'zod';
import { ID_MAX, emptyMessage, optionalText, pageQuery, phoneField, phonePattern, requiredText, isCalendarDate } from './common';
import { loginResult, passwordField, smsCodeField, StaffRole, staffRole, staffRoleLabels, type LoginResult } from './auth';

/**
 * The back office (/admin, /api/admin): what every area shares — the staff login by SMS,
 * staff accounts, the audit log, the dashboard and the server-side table query.
 */

// ---- tables paged, filtered and sorted on the server ----

export const sortOrders = ['ascend', 'descend'] as const;
export type SortOrder = (typeof sortOrders)[number];

/**
 * A back-office table's query: page and size, plus a sort field out of the ones the table
 * allows and antd's order words, so a column header click maps straight onto the call.
 */
export const adminTableQuery = <F extends string>(sortFields: readonly [F, ...F[]]) =>
  pageQuery.extend({
    sort: z.enum(sortFields, { error: '[排序字段]不正确' }).optional(),
    order: z.enum(sortOrders, { error: '[排序方向]不正确' }).optional(),
  });

/** A date filter: 'YYYY-MM-DD' (the lab's calendar, Asia/Shanghai). */
export const dateFilter = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `[${label}]格式应为YYYY-MM-DD` }).refine(isCalendarDate, { error: `[${label}]不是有效日期` })
    .optional()
    .or(z.literal('').transform(() => undefined));

// ---- staff login by SMS (optional second way in) ----

export const staffCodeBody = z.object({ phone: phoneField('手机号') });
export type StaffCodeBody = z.infer<typeof staffCodeBody>;

export const staffSmsLoginBody = z.object({ phone: phoneField('手机号'), code: smsCodeField });
export type StaffSmsLoginBody = z.infer<typeof staffSmsLoginBody>;

/** Roles that must log in with a second factor (TOTP) after the password or SMS code. */
export const STAFF_TOTP_ROLES: readonly StaffRole[] = ['admin', 'finance'];
export const STAFF_CHALLENGE_SECONDS = 300;
/** codes (TOTP, recovery, setup) one challenge — one login attempt — may try; then it is spent and the password is asked again */
export const STAFF_CHALLENGE_ATTEMPTS = 5;
/**
 * wrong codes an account's password logins may spend in an hour (codes still open on live
 * challenges counted as spent): beyond it the password leads to no new challenge until the hour
 * has passed or the password is changed; the SMS login (the owner's phone) still does
 */
export const STAFF_CODE_FAILURES_PER_HOUR = 20;
/** wrong codes on an account in an hour that alert the admins (系统提醒) and the owner (SMS), once an hour */
export const STAFF_CODE_ALERT_FAILURES = 5;
/** how long an authenticator setup code (绑定码) an admin handed over stays good */
export const STAFF_SETUP_CODE_HOURS = 24;

/**
 * The staff login's first answer when a second factor is due: `totp`, enter the code of the
 * authenticator app (or a recovery code); `setup`, bind an authenticator first. `challenge`
 * stands for the first factor for a few minutes and once.
 */
export const staffMfaChallenge = z.object({
  mfa: z.enum(['totp', 'setup']),
  challenge: z.string(),
  /** seconds since epoch */
  expires: z.number().int(),
  /**
   * setup only: the binding needs the one-time setup code (绑定码) an admin handed over — after
   * an authenticator reset, or when the password has been used before (docs/decisions/0033-authenticator-setup-code.md)
   */
  needsSetupCode: z.boolean().optional(),
});
export type StaffMfaChallenge = z.infer<typeof staffMfaChallenge>;
/** the session, or the second step (the challenge first: an answer with `mfa` is one) */
export const staffLoginAnswer = z.union([staffMfaChallenge, loginResult]);
export type StaffLoginAnswer = LoginResult | StaffMfaChallenge;
export const isMfaChallenge = (answer: StaffLoginAnswer): answer is StaffMfaChallenge => 'mfa' in answer;

const challengeField = requiredText('登录凭证', 100);
/** A 6-digit TOTP code, or one recovery code (xxxxx-xxxxx, the dash optional). */
export const totpCodeField = requiredText('动态码', 20).regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { error: '[动态码]应为6位数字或恢复码' });
export const staffTotpBody = z.object({ challenge: challengeField, code: totpCodeField });
export type StaffTotpBody = z.infer<typeof staffTotpBody>;
/** The setup code an admin hands over: 10 letters and digits (no 0/O/1/I/L), shown as ABCDE-FGHJK; spaces and dashes ignored. */
export const normaliseSetupCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
/** The setup code as typed: spaces and dashes dropped, upper-cased, then 10 of the 31 characters. */
export const setupCodeField = z.preprocess(
  (value) => (typeof value === 'string' ? normaliseSetupCode(value) : value),
  requiredText('绑定码', 20).regex(/^[A-HJKMNP-Z2-9]{10}$/, { error: '[绑定码]应为10位字母或数字' }),
);
export const staffSetupCodeBody = z.object({ setupCode: setupCodeField });
export const staffTotpSetupBody = z.object({
  challenge: challengeField,
  /** needed when the challenge said needsSetupCode, until one was accepted for this challenge */
  setupCode: z.preprocess((value) => (value === '' || value === null ? undefined : value), setupCodeField.optional()),
});
export type StaffTotpSetupBody = z.infer<typeof staffTotpSetupBody>;
export const staffTotpEnableBody = z.object({ challenge: challengeField, code: requiredText('动态码', 6).regex(/^\d{6}$/, { error: '[动态码]应为6位数字' }) });
export type StaffTotpEnableBody = z.infer<typeof staffTotpEnableBody>;

/** What the setup screen shows: the QR code (otpauth URI as an SVG data URL) and the key to type by hand. */
export const staffTotpSetup = z.object({
  account: z.string(),
  /** the key, for typing by hand: shown to the person binding it, never stored in the browser */
  secret: z.string(),
  otpauthUrl: z.string(),
  qr: z.string(),
});
export type StaffTotpSetup = z.infer<typeof staffTotpSetup>;

/** The binding confirmed: the session, and the recovery codes, shown this once. */
export const staffTotpEnabled = z.object({
  login: loginResult,
  recoveryCodes: z.array(z.string()),
});
export type StaffTotpEnabled = z.infer<typeof staffTotpEnabled>;

// ---- staff accounts (admin) ----

export const staffRoles = Object.values(StaffRole) as [StaffRole, ...StaffRole[]];
export { staffRoleLabels };

const roleField = z.enum(staffRoles, { error: '[角色]不正确' });
const requiredRole = z.enum(staffRoles, { error: (issue) => (issue.input === undefined || issue.input === '' ? emptyMessage('角色') : '[角色]不正确') });
const staffIdField = z.coerce.number({ error: emptyMessage('员工') }).int({ error: '[员工]不正确' }).positive({ error: '[员工]不正确' }).max(ID_MAX, { error: '[员工]不正确' });
const optionalPhone = z
  .string()
  .trim()
  .max(11, { error: '[手机号]不能超过11个字符' })
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || phonePattern.test(value), { error: '[手机号]格式不正确' });

export const staffListBody = adminTableQuery(['createdAt', 'lastLoginAt', 'account']).extend({
  keyword: optionalText('关键词', 50),
  role: roleField.optional().or(z.literal('').transform(() => undefined)),
});
export type StaffListBody = z.infer<typeof staffListBody>;

export const staffAddBody = z.object({
  account: requiredText('账号', 32).regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, { error: '[账号]应为3–32位字母、数字或 _ . -，以字母开头' }),
  name: requiredText('姓名', 32),
  role: requiredRole,
  phone: optionalPhone,
  password: passwordField('初始密码'),
});
export type StaffAddBody = z.infer<typeof staffAddBody>;

export const staffUpdateBody = z.object({
  id: staffIdField,
  name: requiredText('姓名', 32),
  role: requiredRole,
  phone: optionalPhone,
});
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>;

export const staffPasswordBody = z.object({ id: staffIdField, password: passwordField('新密码') });
export const staffIdBody = z.object({ id: staffIdField });
export type StaffPasswordBody = z.infer<typeof staffPasswordBody>;

export const staffStatusBody = z.object({
  id: staffIdField,
  disabled: z.enum(['0', '1'], { error: '[状态]不正确' }).transform((value) => value === '1'),
});
export type StaffStatusBody = z.infer<typeof staffStatusBody>;

export const staffAccount = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  role: staffRole,
  phone: z.string().nullable(),
  disabled: z.boolean(),
  /** an authenticator is bound (TOTP) */
  totpEnabled: z.boolean(),
  /** a setup code (绑定码) handed over and not used yet: until when it is good */
  setupCodeExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

/**
 * staff/totp/reset: the authenticator unbound, and the one-time setup code the person needs to
 * bind a new one — shown this once to the admin, who hands it over in person or by phone.
 */
export const staffTotpReset = z.object({
  account: staffAccount,
  setupCode: z.string(),
  setupCodeExpiresAt: z.string(),
});
export type StaffTotpReset = z.infer<typeof staffTotpReset>;

/** staff/names: everyone who can be named (who handled what, the adviser picker), active first. */
export const staffName = z.object({ id: z.number().int(), name: z.string(), role: staffRole, disabled: z.boolean() });
export type StaffName = z.infer<typeof staffName>;

// ---- the audit log (admin) ----

export const auditListBody = adminTableQuery(['createdAt']).extend({
  staffId: z.coerce.number({ error: '[员工]不正确' }).int({ error: '[员工]不正确' }).positive({ error: '[员工]不正确' }).max(ID_MAX, { error: '[员工]不正确' }).optional().or(z.literal('').transform(() => undefined)),
  entity: optionalText('对象类型', 40),
  action: optionalText('操作', 60),
  target: optionalText('对象编号', 80),
  from: dateFilter('开始日期'),
  to: dateFilter('结束日期'),
});
export type AuditListBody = z.infer<typeof auditListBody>;

/** audit/detail: one entry by its number. */
export const auditIdBody = z.object({ id: z.coerce.number({ error: '[编号]不能为空' }).int({ error: '[编号]不正确' }).positive({ error: '[编号]不正确' }).max(ID_MAX, { error: '[编号]不正确' }) });

export const auditEntry = z.object({
  id: z.number().int(),
  /** null on a member's own privacy row (导出我的数据, 注销账号): memberId says who */
  staffId: z.number().int().nullable(),
  memberId: z.number().int().nullable(),
  staffName: z.string(),
  /** a staff role, or 'member' on a member's own row */
  staffRole: staffRole.or(z.literal('member')),
  action: z.string(),
  actionLabel: z.string(),
  entity: z.string(),
  targetKey: z.string().nullable(),
  /** the request's fields, secrets masked */
  input: z.record(z.string(), z.unknown()),
  /** the object before and after, as its kind's loader reads it (any kind: free JSON) */
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** audit/actions: an audited action the server knows, for the log's filter. */
export const auditAction = z.object({ action: z.string(), label: z.string(), entity: z.string() });
export type AuditAction = z.infer<typeof auditAction>;

/** Names of the kinds of objects in the audit log, for the filter and the table. */
export const auditEntityLabels: Record<string, string> = {
  staff: '员工账号',
  order: '订单',
  sampling: '上门取样',
  recycle: '样品回寄',
  reservation: '仪器预约',
  member: '会员',
  attestation: '资料认证',
  community: '科研团体',
  prestore: '预存申请',
  transfer: '转账申请',
  account: '资金账户',
  invoice: '发票申请',
  credit: '信用额度',
  coupon: '优惠券',
  couponTemplate: '优惠券模板',
  prestoreRules: '预存规则',
  partner: '推广合伙人',
  withdrawal: '返利提现',
  pointsApplication: '积分申请',
  exchangeItem: '兑换商品',
  exchange: '积分兑换',
  growthSettings: '推广设置',
  announcement: '站内公告',
  consultation: '访客咨询',
  requirement: '测试需求',
  approval: '审批申请',
  approvalLimit: '审批额度',
  contract: '合同',
  agreement: '协议版本',
  serviceGroup: '服务分组',
  serviceChild: '服务子类',
  serviceItem: '服务项目',
  banner: '轮播图',
  hotArea: '热门专区',
  article: '文章',
  thanks: '论文致谢',
  page: '页面',
  partnerLogo: '合作机构',
  setting: '站点设置',
  image: '图片',
};

// ---- the dashboard ----

/** An order whose service promise is due soon or overdue. */
export const promiseRisk = z.object({
  orderNo: z.string(),
  memberName: z.string(),
  memberPhone: z.string(),
  title: z.string(),
  /** when the clock started: sample received, data delivered, or paid in full */
  since: z.string(),
  /** the promise's deadline */
  dueAt: z.string(),
  overdue: z.boolean(),
});
export type PromiseRisk = z.infer<typeof promiseRisk>;

/** A pay-after-test order waiting for its money since its data was delivered. */
export const unsettledOrder = z.object({
  orderNo: z.string(),
  title: z.string(),
  memberName: z.string(),
  memberPhone: z.string(),
  payableFen: z.number().int(),
  deliveredAt: z.string(),
  /** whole days since delivery */
  days: z.number().int(),
});
export type UnsettledOrder = z.infer<typeof unsettledOrder>;

const count = z.number().int();

export const adminDashboard = z.object({
  /** today in the lab's calendar, YYYY-MM-DD */
  today: z.string(),
  counts: z.object({
    newOrdersToday: count,
    /** orders waiting for their samples (待寄样) */
    samplesExpected: count,
    /** home pickups booked for today and not yet collected */
    pickupsToday: count,
    /** earlier pickups still not collected */
    pickupsOverdue: count,
    /** orders with samples received or in testing */
    inLab: count,
    pendingTopUps: count,
    pendingInvoices: count,
    pendingTransfers: count,
    pendingWithdrawals: count,
    pendingCredit: count,
    pendingAttestations: count,
    pendingCommunities: count,
    pendingPartners: count,
    pendingConsultations: count,
    pendingReturns: count,
    /** pay-after-test orders whose data was delivered and which are still unpaid (待结算) */
    unsettledOrders: count,
    /** service promises missed (recorded by the promise job) that fell due in the last 30 days */
    promisesMissed: count,
  }),
  /** 待结算提醒: the oldest of those orders, for sales to follow up (the member keeps the report) */
  unsettled: z.array(unsettledOrder),
  risks: z.object({
    /** samples received over 2 hours ago (or within 30 minutes of it) without the manager's call */
    callOverdue: z.array(promiseRisk),
    /** data delivered over 2 hours ago without the notice going out */
    noticeOverdue: z.array(promiseRisk),
    /** samples to send back within 48 hours of full payment */
    returnsDue: z.array(promiseRisk),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

/** Whole days a pay-after-test order has waited since delivery (0 on the day). */
export const unsettledDaysOf = (deliveredAt: string | Date, now: Date) => Math.max(0, Math.floor((now.getTime() - new Date(deliveredAt).getTime()) / 86_400_000));

/** The service promises (PRODUCT.md), in minutes. */
export const PROMISE_CALL_MINUTES = 120;
export const PROMISE_NOTICE_MINUTES = 120;
export const PROMISE_RETURN_MINUTES = 48 * 60;
/** a promise shows on the dashboard this long before it is due */
export const PROMISE_WARN_MINUTES = 30;

// ---- pictures for the catalogue and content ----

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/admin/upload/image (multipart `file`): the path to store and a URL to preview. */
export const uploadedImage = z.object({ path: z.string(), url: z.string(), size: z.number().int(), type: z.string() });
export type UploadedImage = z.infer<typeof uploadedImage>;

// ---- messages: consultations (sales), announcements and the outbox (admin) ----

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** growth/consultation/list: a page, optionally only 待回复 (pending) or 已回复 (replied), and a keyword. */
export const consultationListBody = pageQuery.extend({
  status: z.preprocess(blankToUndefined, z.enum(['pending', 'replied'], { error: '[回复状态]不正确' }).optional()),
  keyword: optionalText('关键词', 50),
});
export type ConsultationListBody = z.infer<typeof consultationListBody>;

/** growth/consultation/reply: the consultation's number and the answer. */
export const consultationReplyBody = z.object({
  id: z.preprocess(
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
  ),
  reply: requiredText('回复内容', 500),
});
export type ConsultationReplyBody = z.infer<typeof consultationReplyBody>;

export const adminConsultation = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  company: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  replied: z.boolean(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** who answered */
  repliedBy: z.string().nullable(),
  /** set when a member has this phone (the reply then also reaches their in-site messages) */
  memberRid: z.string().nullable(),
});
export type AdminConsultation = z.infer<typeof adminConsultation>;

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
  channel: z.preprocess(blankToUndefined, z.enum(['sms', 'email'], { error: '[渠道]不正确' }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(OUTBOX_STATUSES, { error: '[状态]不正确' }).optional()),
  recipient: optionalText('接收人', 100),
  from: dateFilter('开始日期'),
  to: dateFilter('结束日期'),
});
export type OutboxListBody = z.infer<typeof outboxListBody>;

/** A message the SMS or e-mail provider sent; verification codes are masked for staff. */
export const outboxEntry = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
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
export const STAFF_ALERT_KINDS = ['ledger_mismatch', 'promise_due', 'pickup_due', 'certificate_expiring', 'refund_failed', 'config', 'staff_login', 'closed_account_payment'] as const;
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

// ---- background jobs' settings (admin) ----

/** The figures of the background jobs a lab may change. */
export const jobSettingsView = z.object({
  /** an unpaid order that must be prepaid is cancelled this many days after it was placed (the member is told the day before) */
  unpaidCancelDays: z.number().int(),
  /** members' reminders (pickup, coupon, data retention) go out from this hour (lab time) until 21:00, never at night */
  reminderHour: z.number().int(),
  /** a member is reminded of an unused coupon this many days before it expires */
  couponReminderDays: z.number().int(),
  /** the lab keeps an order's raw data this many days after delivery */
  rawDataRetentionDays: z.number().int(),
  /** the member is reminded this many days before the retention ends */
  retentionReminderDays: z.number().int(),
  /** a promise about to fall due also goes to the responsible staff's phones by SMS (the in-site alert always) */
  promiseAlertSms: z.boolean(),
  /** the daily reconciliation of online payments reads yesterday's bills from this hour (lab time) on (WeChat Pay's bill is ready after 10:00, Alipay's after 09:00) */
  reconcileHour: z.number().int(),
});
export type JobSettings = z.infer<typeof jobSettingsView>;
export const DEFAULT_JOB_SETTINGS: JobSettings = {
  unpaidCancelDays: 7,
  reminderHour: 9,
  couponReminderDays: 3,
  rawDataRetentionDays: 180,
  retentionReminderDays: 7,
  promiseAlertSms: true,
  reconcileHour: 10,
};
/** reminders are not sent from this hour (lab time) on */
export const REMINDER_END_HOUR = 21;

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z.coerce
    .number({ error: `[${label}]必须是整数` })
    .int({ error: `[${label}]必须是整数` })
    .min(min, { error: `[${label}]不能少于${min}${unit}` })
    .max(max, { error: `[${label}]不能超过${max}${unit}` });

export const jobSettingsBody = z
  .object({
    unpaid_cancel_days: wholeNumber('未付款自动取消天数', 2, 90, '天'),
    reminder_hour: wholeNumber('提醒发送时间', 6, REMINDER_END_HOUR - 1, '点'),
    coupon_reminder_days: wholeNumber('优惠券到期提醒', 1, 30, '天'),
    raw_data_retention_days: wholeNumber('原始数据保存天数', 30, 3650, '天'),
    retention_reminder_days: wholeNumber('数据保存到期提醒', 1, 60, '天'),
    promise_alert_sms: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()),
    /** absent: unchanged */
    reconcile_hour: z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber('对账时间', 9, 23, '点').optional()),
  })
  .refine((body) => body.retention_reminder_days < body.raw_data_retention_days, { path: ['retention_reminder_days'], error: '[数据保存到期提醒]须少于保存天数' });
export type JobSettingsBody = z.infer<typeof jobSettingsBody>;
