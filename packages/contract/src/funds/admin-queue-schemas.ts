import { z } from 'zod';
import { adminTableQuery } from '../admin-table';
import { emptyMessage, requiredText, versionPin } from '../common';
import { isCalendarDate } from '../dates';
import { adminDecisionFields, blankToUndefined, queueFilters, statusFilter, withoutPage } from './admin-fields';
import { INVOICE_STATUSES, invoiceApplicationView, RED_LETTER_STATUSES } from './invoice-schemas';
import { PRESTORE_STATUSES, prestoreApplicationView } from './prestore-schemas';
import { TRANSFER_STATUSES, transferApplicationView } from './transfer-schemas';

/**
 * Finance in the back office (/api/admin/funds and the withdrawals under /api/admin/growth,
 * role finance; coupons also sales): the review queues as server tables (status, keyword,
 * Shanghai date range, sort), the accounts with their ledgers, adjustments, coupons, the
 * prestore tiers, and the xlsx exports of what a table shows. Amounts typed by staff are yuan
 * strings (`yuanField`); answers are integer fen.
 */

/** The member an application belongs to, as the queues show them. */
export const adminMemberRefView = z.object({
  rid: z.string(),
  phone: z.string(),
  /** the real name, or the nickname when none was given */
  name: z.string(),
  company: z.string().nullable(),
});
export type AdminMemberRef = z.infer<typeof adminMemberRefView>;
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
