import { z } from 'zod';
import { requiredText } from '../common';

// ---- sealed documents (报价单, 测试明细清单, 缴费通知书…) and their public verification (/verify/<no>) ----

export const documentKinds = ['quote', 'statement', 'payment_notice', 'agreement', 'payment_proof', 'pack_cover'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentKindLabels: Record<DocumentKind, string> = {
  quote: '报价单',
  statement: '测试明细清单',
  payment_notice: '缴费通知书',
  agreement: '委托检测服务协议',
  payment_proof: '付款证明',
  pack_cover: '报销材料封面',
};

/** valid 有效, expired 已过期, revoked 已撤销, converted 已转订单 (a quote accepted), superseded 已被新版本替代 */
export const documentStatuses = ['valid', 'expired', 'revoked', 'converted', 'superseded'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];
export const documentStatusLabels: Record<DocumentStatus, string> = {
  valid: '有效',
  expired: '已过期',
  revoked: '已撤销',
  converted: '已转订单',
  superseded: '已被新版本替代',
};

/** A document number as printed (letters, digits and dashes). */
export const documentNoField = z
  .string({ error: '[文件编号]不能为空' })
  .trim()
  .min(1, { error: '[文件编号]不能为空' })
  .max(40, { error: '[文件编号]不正确' })
  .regex(/^[A-Za-z0-9-]+$/, { error: '[文件编号]不正确' })
  .transform((v) => v.toUpperCase());

/** GET /api/open/document/verify */
export const documentVerifyQuery = z.object({ no: documentNoField });
/** multipart fields of POST /api/open/document/check */
export const documentCheckFields = z.object({ no: documentNoField });

/** What anyone holding the number sees: what the document is, its state and its fingerprints; the client's name masked. */
export const documentVerifyView = z.object({
  no: z.string(),
  kind: z.enum(documentKinds),
  kindText: z.string(),
  title: z.string(),
  issuer: z.string(),
  /** the client, masked (张**, 中山大学) */
  client: z.string(),
  orderNo: z.string().nullable(),
  amountFen: z.number().int(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  status: z.enum(documentStatuses),
  statusText: z.string(),
  /** why it was revoked, or the number that replaced it */
  statusNote: z.string(),
  /** SHA-256 of the sealed PDF file */
  sha256: z.string(),
  /** SHA-256 of its content, printed in the document's footer */
  contentSha256: z.string(),
  /** signed with the demo certificate (测试签章): not a legal document */
  demo: z.boolean(),
});
export type DocumentVerifyView = z.infer<typeof documentVerifyView>;

export const documentCheckView = z.object({
  /** the uploaded file is byte for byte the one the lab issued under this number */
  original: z.boolean(),
  sha256: z.string(),
  /** the file's own signature, checked against the bytes it signs */
  signatureValid: z.boolean(),
  message: z.string(),
});
export type DocumentCheckView = z.infer<typeof documentCheckView>;

/** staff document/revoke */
export const documentRevokeBody = z.object({ no: documentNoField, reason: requiredText('撤销原因', 200) });

/** QUOTE_VALID_DAYS: how long a 报价单 holds its prices */
export const QUOTE_VALID_DAYS = 30;

/** One of the member's 报价单 (plan/quotes). */
export const quoteView = z.object({
  no: z.string(),
  totalFen: z.number().int(),
  lineCount: z.number().int(),
  issuedAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(documentStatuses),
  statusText: z.string(),
  /** the order it became, once accepted */
  orderNo: z.string().nullable(),
});
export type QuoteView = z.infer<typeof quoteView>;
