import { z } from 'zod';
import { SmsPurpose } from '../accounts/schemas';
import { adminTableQuery } from '../admin-table';
import { PASSWORD_MAX } from '../password';

/**
 * 个人信息与隐私 (PIPL 个人信息保护法): the member's copy of their data (art. 45), account closure
 * (art. 47) and, in the back office, the closed accounts. docs/compliance.md maps each duty to
 * its feature and test.
 */

/** SMS purpose of the code that confirms 注销账号 (sent to the member's own phone). */
export const CLOSE_ACCOUNT_SMS_PURPOSE = SmsPurpose.closeAccount;

/** How many copies of their data a member may download per hour (each is an audit row). */
export const DATA_EXPORTS_PER_HOUR = 5;

/** What a closed member is called wherever a name or phone stood (orders, invoices, the back office). */
export const closedMemberLabel = (id: number) => `已注销用户#${id}`;

/** Why an account cannot be closed yet: one entry per kind, with what to do and where. */
export const closureBlockerCodes = [
  'open_orders',
  'unpaid_orders',
  'prestore_balance',
  'community_balance',
  'community_owner',
  'rebate_balance',
  'rebates_frozen',
  'withdrawals_pending',
  'invoices_pending',
  'applications_pending',
  'pickups_pending',
  'returns_pending',
  'exchanges_to_ship',
  'payments_open',
] as const;
export type ClosureBlockerCode = (typeof closureBlockerCodes)[number];

export const closureBlocker = z.object({
  code: z.enum(closureBlockerCodes),
  /** what a person reads: 有 2 个进行中的订单（…），请等待完成或取消后再注销 */
  reason: z.string(),
  /** the member page where it is handled */
  link: z.string().nullable(),
});
export type ClosureBlocker = z.infer<typeof closureBlocker>;

/** privacy/overview: what the 个人信息与隐私 page shows before the member tries anything. */
export const privacyOverview = z.object({
  /** the member's phone, masked (138****0000): where the closure code goes */
  phoneMasked: z.string(),
  hasPassword: z.boolean(),
  /** empty: the account can be closed now */
  blockers: z.array(closureBlocker),
  /** points are not money: closing forfeits them (said before the member confirms) */
  pointsBalance: z.number().int(),
  /** ISO time of the member's last download of their data, or null */
  lastExportAt: z.string().nullable(),
  exportsLeftThisHour: z.number().int(),
});
export type PrivacyOverview = z.infer<typeof privacyOverview>;

/** privacy/export: json (a machine re-uses it) or xlsx (a person reads it: one sheet per section). */
export const privacyExportQuery = z.object({
  format: z.enum(['json', 'xlsx'], { error: '[格式]不正确' }).default('json'),
});
export type PrivacyExportQuery = z.infer<typeof privacyExportQuery>;

const optionalCode = z
  .string()
  .trim()
  .max(6, { error: '[验证码]应为6位数字' })
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || /^\d{6}$/.test(v), { error: '[验证码]应为6位数字' });

/** privacy/close: confirmed with the SMS code sent to the member's phone, or with the login password. */
export const closeAccountBody = z
  .object({
    code: optionalCode,
    password: z.string().max(PASSWORD_MAX, { error: `[登录密码]不能超过${PASSWORD_MAX}个字符` }).optional().transform((v) => (v ? v : undefined)),
  })
  .refine((v) => v.code !== undefined || v.password !== undefined, { error: '[短信验证码或登录密码]不能为空', path: ['code'] });
export type CloseAccountBody = z.infer<typeof closeAccountBody>;

export const closeAccountResult = z.object({ closedAt: z.string() });

/** adminPrivacy/closures: the closed accounts, newest first (read-only). */
export const adminClosureListBody = adminTableQuery(['closedAt']);
export type AdminClosureListBody = z.infer<typeof adminClosureListBody>;

export const adminClosureRow = z.object({
  id: z.number().int(),
  rid: z.string(),
  /** 已注销用户#id */
  label: z.string(),
  registeredAt: z.string(),
  closedAt: z.string(),
  /** how the member confirmed: sms or password */
  confirmedBy: z.string().nullable(),
  /** orders kept for the accounting archive (会计档案, 30 years) */
  orderCount: z.number().int(),
  invoiceCount: z.number().int(),
  /** the audit row of the closure */
  auditId: z.number().int().nullable(),
});
export type AdminClosureRow = z.infer<typeof adminClosureRow>;

/** The retention the page and docs state (会计档案管理办法 第十四条: 会计凭证、账簿 30 年). */
export const ACCOUNTING_RETENTION_NOTE =
  '根据《会计档案管理办法》，订单、发票及资金流水属于会计档案，需保存30年。注销后这些记录将保留，但其中的姓名、手机号等个人信息将被删除或替换为“已注销用户#编号”。';
