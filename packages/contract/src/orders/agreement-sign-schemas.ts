import { z } from 'zod';
import { SmsPurpose, smsCodeField } from '../accounts/schemas';
import { requiredText } from '../common';
import { contractStatuses } from './contract-schemas';
import { orderNoField } from './schemas';

// ---- the 委托检测服务协议 signed online (issue 32; decisions/0057-agreement-signed-online.md) ----

/** SMS purpose of the code that confirms the member's intent to sign (sent to the member's own phone). */
export const AGREEMENT_SMS_PURPOSE = SmsPurpose.signAgreement;

/** One test line as the agreement shows it. */
export const agreementLineView = z.object({
  name: z.string(),
  /** the chosen conditions and the samples, one per line */
  detail: z.array(z.string()),
  count: z.number().int(),
  unit: z.string(),
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
});

/**
 * One block of the agreement's clauses: a heading of the published terms (一、样品信息与安全), a
 * paragraph, or a list item. Headings are blocks of their own, so the page and the sealed PDF set
 * them on their own line, never run into the paragraph before.
 */
export const agreementClause = z.object({ kind: z.enum(['heading', 'paragraph', 'item']), text: z.string() });
export type AgreementClause = z.infer<typeof agreementClause>;

/** The text the member reads before signing; its SHA-256 is what the signature records. */
export const agreementDocument = z.object({
  title: z.string(),
  /** label / value pairs of both parties and the order */
  parties: z.array(z.tuple([z.string(), z.string()])),
  lines: z.array(agreementLineView),
  totals: z.array(z.tuple([z.string(), z.number().int()])),
  /** the clauses of the 委托检测服务条款 version in force, as headings, paragraphs and list items, and the order's payment terms */
  clauses: z.array(agreementClause),
  /** the version of the 委托检测服务条款 the clauses come from; null: the built-in clauses */
  termsVersion: z.number().int().nullable(),
});
export type AgreementDocument = z.infer<typeof agreementDocument>;

/** How an agreement came to be in force: signed online (SMS code, lab seal) or a signed copy uploaded and confirmed. */
export const agreementSignature = z.object({
  method: z.enum(['online', 'upload']),
  signedAt: z.string().nullable(),
  /** the sealed PDF's number in the register (/verify/<no>), when signed online */
  documentNo: z.string().nullable(),
  /** SHA-256 of the agreement text the member signed */
  contentSha256: z.string().nullable(),
});

/** order/agreement: the order's agreement as the member reads and signs it. */
export const agreementSignView = z.object({
  orderNo: z.string(),
  rid: z.string(),
  status: z.enum(contractStatuses),
  statusText: z.string(),
  /** the lab requires it signed before testing starts (enterprise customer, or an order total over the admin's threshold) */
  required: z.boolean(),
  requiredReason: z.string(),
  /** '' when the member can sign now; else why not (already in force, order ended) */
  cannotSign: z.string(),
  /** where the code goes (138****0000) */
  phoneMasked: z.string(),
  document: agreementDocument,
  /** SHA-256 of `document` as shown: sent back with the code, so the member signs exactly what was read */
  contentSha256: z.string(),
  signature: agreementSignature.nullable(),
});
export type AgreementSignView = z.infer<typeof agreementSignView>;

/** order/agreement/sign */
export const agreementSignBody = z.object({
  order_no: orderNoField,
  code: smsCodeField,
  content_sha256: requiredText('协议摘要', 64).regex(/^[0-9a-f]{64}$/, { error: '[协议摘要]不正确' }),
});
