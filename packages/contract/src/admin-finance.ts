import { z } from 'zod';
import { ID_MAX, emptyMessage, optionalText, pageOf, pageQuery, requiredText, isCalendarDate, versionPin } from './common';
import { adminTableQuery, dateFilter } from './admin';
import {
  CREDIT_STATUSES,
  ENTRY_TYPES,
  INVOICE_STATUSES,
  OWNER_KINDS,
  PRESTORE_STATUSES,
  RED_LETTER_STATUSES,
  TRANSFER_STATUSES,
  couponTemplateView,
  creditApplicationView,
  invoiceApplicationView,
  ledgerEntryView,
  memberCouponView,
  prestoreApplicationView,
  transferApplicationView,
  type CreditStatus,
  type InvoiceStatus,
  type OwnerKind,
  type PrestoreStatus,
  type RedLetterStatus,
  type TransferStatus,
} from './funds';
import { withdrawStatuses, withdrawal, type WithdrawStatus } from './growth';

/**
 * Finance in the back office (/api/admin/funds and the withdrawals under /api/admin/growth,
 * role finance; coupons also sales): the review queues as server tables (status, keyword,
 * Shanghai date range, sort), the accounts with their ledgers, adjustments, coupons, the
 * prestore tiers, and the xlsx exports of what a table shows. Amounts typed by staff are yuan
 * strings (`yuanField`); answers are integer fen.
 */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const statusFilter = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blankToUndefined, z.enum(values, { error: '[状态]不正确' }).optional());

/** What every review queue filters by: the member's phone or name, or the application's number; the day it was made. */
const queueFilters = {
  keyword: optionalText('关键词', 50),
  from: dateFilter('开始日期'),
  to: dateFilter('结束日期'),
};
/** Exports take the filters of the table on screen, without its page. */
const withoutPage = { page: true, pageSize: true } as const;

/** The member an application belongs to, as the queues show them. */
export const adminMemberRefView = z.object({
  rid: z.string(),
  phone: z.string(),
  /** the real name, or the nickname when none was given */
  name: z.string(),
  company: z.string().nullable(),
});
export type AdminMemberRef = z.infer<typeof adminMemberRefView>;

/** Who decided, and when (null while pending); and the row's version, which a decision on it pins (versionPin). */
const adminDecisionFields = {
  decidedAt: z.string().nullable(),
  staffName: z.string().nullable(),
  version: z.number(),
};
export type AdminDecision = z.infer<z.ZodObject<typeof adminDecisionFields>>;

// ---- 预存审核 ----

export const adminPrestoreListBody = adminTableQuery(['createdAt']).extend({ status: statusFilter(PRESTORE_STATUSES), ...queueFilters });
export type AdminPrestoreListBody = z.infer<typeof adminPrestoreListBody>;
export const adminPrestoreExportQuery = adminPrestoreListBody.omit(withoutPage);
export type AdminPrestoreExportQuery = z.infer<typeof adminPrestoreExportQuery>;

export const adminPrestoreView = prestoreApplicationView.extend({ ...adminDecisionFields, member: adminMemberRefView });
export type AdminPrestore = z.infer<typeof adminPrestoreView>;
export const PRESTORE_EXPORT_HEADERS = ['申请时间', '预存单号', '会员', '手机号', '入账账户', '付款户名', '预存金额(元)', '赠送金额(元)', '状态', '处理时间', '处理人', '驳回原因', '备注'] as const;

// ---- 转账审核 ----

export const adminTransferListBody = adminTableQuery(['createdAt']).extend({ status: statusFilter(TRANSFER_STATUSES), ...queueFilters });
export type AdminTransferListBody = z.infer<typeof adminTransferListBody>;
export const adminTransferView = transferApplicationView.extend({ ...adminDecisionFields, member: adminMemberRefView });
export type AdminTransfer = z.infer<typeof adminTransferView>;

// ---- 发票管理 ----

export const adminInvoiceListBody = adminTableQuery(['createdAt']).extend({
  status: statusFilter(INVOICE_STATUSES),
  /** 红冲 queue: needed — issued invoices owing a red-letter invoice; done — those that had one */
  red: z.preprocess(blankToUndefined, z.enum(RED_LETTER_STATUSES, { error: '[红冲状态]不正确' }).optional()),
  type: z.preprocess(blankToUndefined, z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '[发票类型]不正确' })).optional()),
  ...queueFilters,
});
export type AdminInvoiceListBody = z.infer<typeof adminInvoiceListBody>;
export const adminInvoiceExportQuery = adminInvoiceListBody.omit(withoutPage);
export type AdminInvoiceExportQuery = z.infer<typeof adminInvoiceExportQuery>;
export const adminInvoiceView = invoiceApplicationView.extend({ ...adminDecisionFields, member: adminMemberRefView });
export type AdminInvoice = z.infer<typeof adminInvoiceView>;
export const INVOICE_EXPORT_HEADERS = ['申请时间', '会员', '手机号', '发票类型', '发票抬头', '税号', '开票金额(元)', '状态', '发票号码', '开票日期', '接收邮箱', '邮寄信息', '处理人', '驳回原因', '红冲'] as const;

/** The e-invoice file: PDF (or a picture of it), at most 10 MB — the same limit as receipts. */
export const INVOICE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * POST /api/admin/funds/invoice/issueWithFile (multipart: these fields and one `file`):
 * number, date and the e-invoice in one step. E-invoices (types 1, 3) need the file; a paper
 * invoice (2, 4) may go without one, it is mailed.
 */
export const adminInvoiceIssueFields = z.object({
  rid: requiredText('开票申请', 40),
  version: versionPin,
  invoice_no: requiredText('发票号码', 40),
  issued_on: z.string({ error: emptyMessage('开票日期') }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '[开票日期]格式应为YYYY-MM-DD' }).refine(isCalendarDate, { error: '[开票日期]不是有效日期' }),
});
export type AdminInvoiceIssueFields = z.infer<typeof adminInvoiceIssueFields>;

/**
 * POST /api/admin/funds/invoice/red: finance records the red-letter invoice (红字发票) it issued in
 * the tax system for the refunded money of an issued invoice — every 红冲 the application owes,
 * on the version the queue showed.
 */
export const adminInvoiceRedBody = z.object({
  rid: requiredText('开票申请', 40),
  version: versionPin,
  red_invoice_no: requiredText('红字发票号码', 40),
  red_issued_on: z.string({ error: emptyMessage('红冲日期') }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '[红冲日期]格式应为YYYY-MM-DD' }).refine(isCalendarDate, { error: '[红冲日期]不是有效日期' }),
});
export type AdminInvoiceRedBody = z.infer<typeof adminInvoiceRedBody>;
export const INVOICE_FILE_REQUIRED = '电子发票请上传发票文件（PDF）';

// ---- 提现审核 (the calls live under /api/admin/growth/withdraw) ----

export const adminWithdrawalListBody = adminTableQuery(['createdAt']).extend({
  status: statusFilter(withdrawStatuses),
  method: z.preprocess(blankToUndefined, z.enum(['bank', 'prestore'], { error: '[提现方式]不正确' }).optional()),
  ...queueFilters,
});
export type AdminWithdrawalListBody = z.infer<typeof adminWithdrawalListBody>;
export const adminWithdrawalExportQuery = adminWithdrawalListBody.omit(withoutPage);
export type AdminWithdrawalExportQuery = z.infer<typeof adminWithdrawalExportQuery>;
export const adminWithdrawal = withdrawal.extend({
  member: z.object({ rid: z.string(), phone: z.string(), name: z.string(), nickname: z.string() }),
  /** the full account number finance pays to (bank only) */
  bankAccount: z.string().nullable(),
  staffName: z.string().nullable(),
  /** what a decision on it pins (versionPin) */
  version: z.number(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export const WITHDRAWAL_EXPORT_HEADERS = ['申请时间', '会员', '手机号', '提现金额(元)', '提现方式', '开户名', '开户行', '银行账号', '状态', '处理时间', '处理人', '原因'] as const;

// ---- 信用额度 ----

export const adminCreditListBody = adminTableQuery(['createdAt']).extend({ status: statusFilter(CREDIT_STATUSES), ...queueFilters });
export type AdminCreditListBody = z.infer<typeof adminCreditListBody>;
export const adminCreditView = creditApplicationView.extend({
  ...adminDecisionFields,
  member: adminMemberRefView,
  organization: z.number(),
  organizationText: z.string(),
  contact: z.string().nullable(),
  /** the member's credit line now (0: none) */
  currentLimitFen: z.number(),
});
export type AdminCredit = z.infer<typeof adminCreditView>;

// ---- 资金账户 ----

export const adminAccountListBody = adminTableQuery(['balanceFen', 'updatedAt']).extend({
  owner_kind: z.preprocess(blankToUndefined, z.enum(OWNER_KINDS, { error: '[账户类型]不正确' }).optional()),
  keyword: optionalText('关键词', 50),
  /** '1': only accounts holding money */
  nonzero: z.preprocess(blankToUndefined, z.enum(['0', '1'], { error: '[仅看有余额]不正确' }).optional()),
});
export type AdminAccountListBody = z.infer<typeof adminAccountListBody>;

export const ownerKindLabels: Record<OwnerKind, string> = { member: '个人账户', community: '科研团体' };

/** A prepaid-funds account (预存款) of a member or a community. */
export const adminAccountView = z.object({
  id: z.number(),
  ownerKind: z.enum(OWNER_KINDS),
  /** the member's or the community's rid (what an adjustment names) */
  ownerRid: z.string(),
  /** the member's name (or nickname), or the community's name */
  ownerName: z.string(),
  /** the member's phone; for a community, its owner's */
  phone: z.string().nullable(),
  /** a community's owner (null for a member's own account) */
  communityOwner: z.object({ rid: z.string(), name: z.string(), phone: z.string() }).nullable(),
  balanceFen: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountView>;

const accountIdField = z.coerce.number({ error: emptyMessage('账户') }).int({ error: '[账户]不正确' }).positive({ error: '[账户]不正确' }).max(ID_MAX, { error: '[账户]不正确' });
const optionalEntryType = z.preprocess(blankToUndefined, z.enum(ENTRY_TYPES, { error: '[类型]不正确' }).optional());

/** An account's ledger (newest first), by type and Shanghai date range. */
export const adminLedgerBody = pageQuery.extend({ account_id: accountIdField, type: optionalEntryType, from: dateFilter('开始日期'), to: dateFilter('结束日期') });
export type AdminLedgerBody = z.infer<typeof adminLedgerBody>;
export const adminLedgerExportQuery = adminLedgerBody.omit(withoutPage);
export type AdminLedgerExportQuery = z.infer<typeof adminLedgerExportQuery>;

export const adminLedgerEntryView = ledgerEntryView.extend({
  actorKind: z.enum(['member', 'staff', 'system']),
  /** the staff member's name for staff entries (调账, 确认到账…) */
  actorName: z.string().nullable(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntryView>;
export const adminLedgerView = pageOf(adminLedgerEntryView).extend({ account: adminAccountView });
export type AdminLedger = z.infer<typeof adminLedgerView>;
export const LEDGER_EXPORT_HEADERS = ['时间', '类型', '金额(元)', '余额(元)', '业务单号', '备注', '操作人'] as const;

// ---- members, for issuing a coupon ----

export const adminMemberLookupBody = z.object({ keyword: requiredText('手机号或姓名', 50) });
export const MEMBER_LOOKUP_LIMIT = 10;

// ---- coupons ----

export const adminCouponTemplateListBody = z.object({ status: z.preprocess(blankToUndefined, z.enum(['active', 'all'], { error: '[状态]不正确' }).default('active')) });
export const adminCouponTemplateRidBody = z.object({ rid: requiredText('优惠券', 40) });

/** A template as staff manage it: besides what members see, its stock, whether members may claim it, and whether it is still in use. */
export const adminCouponTemplateView = couponTemplateView.extend({
  /** members may claim it themselves (otherwise staff issue only) */
  open: z.boolean(),
  active: z.boolean(),
  totalStock: z.number().nullable(),
  claimedCount: z.number(),
  createdAt: z.string(),
});
export type AdminCouponTemplate = z.infer<typeof adminCouponTemplateView>;

export const adminIssuedCouponListBody = pageQuery.extend({
  template_rid: optionalText('优惠券', 40),
  keyword: optionalText('关键词', 50),
  /** staff: issued by staff; claimed: claimed by the member */
  source: z.preprocess(blankToUndefined, z.enum(['staff', 'claimed'], { error: '[来源]不正确' }).optional()),
});
export type AdminIssuedCouponListBody = z.infer<typeof adminIssuedCouponListBody>;
export const adminIssuedCouponView = memberCouponView.extend({
  member: adminMemberRefView,
  /** the staff member who issued it; null when the member claimed it */
  issuedBy: z.string().nullable(),
});
export type AdminIssuedCoupon = z.infer<typeof adminIssuedCouponView>;

// ---- the badge counts of the finance menu ----

export const financeQueueCountsView = z.object({
  prestore: z.number(),
  invoice: z.number(),
  /** issued invoices owing a 红冲 */
  invoiceRed: z.number(),
  transfer: z.number(),
  withdrawal: z.number(),
  credit: z.number(),
});
export type FinanceQueueCounts = z.infer<typeof financeQueueCountsView>;

/** The colour of a state's tag (antd's status colours). */
export type StatusTone = 'default' | 'processing' | 'success' | 'warning' | 'error';

/** Tone of each state's tag, so the queues colour alike. */
export const financeStatusTones = {
  prestore: { pending: 'processing', confirmed: 'success', refused: 'error', cancelled: 'default' } satisfies Record<PrestoreStatus, StatusTone>,
  transfer: { pending: 'processing', done: 'success', refused: 'error', cancelled: 'default' } satisfies Record<TransferStatus, StatusTone>,
  invoice: { pending: 'processing', issued: 'success', rejected: 'error', void: 'default' } satisfies Record<InvoiceStatus, StatusTone>,
  redLetter: { needed: 'warning', done: 'default' } satisfies Record<RedLetterStatus, StatusTone>,
  credit: { pending: 'processing', approved: 'success', refused: 'error', cancelled: 'default' } satisfies Record<CreditStatus, StatusTone>,
  withdrawal: { pending: 'processing', paid: 'success', refused: 'error', cancelled: 'default' } satisfies Record<WithdrawStatus, StatusTone>,
} as const;
