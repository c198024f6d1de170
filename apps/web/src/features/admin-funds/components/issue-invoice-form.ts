import { z } from 'zod';
import { adminInvoiceIssueFields, INVOICE_FILE_MAX_BYTES, INVOICE_FILE_REQUIRED } from '@lab/contract';

const fileTypes = ['application/pdf', 'image/png', 'image/jpeg'];
const fileNames = /\.(pdf|png|jpe?g)$/i;

type InvoiceFile = Pick<File, 'name' | 'type' | 'size'>;

/** The problem with a chosen invoice file, or null: PDF (or a picture), at most 10 MB, not empty. */
export function invoiceFileProblem(file: InvoiceFile): string | null {
  if (!fileTypes.includes(file.type) && !fileNames.test(file.name)) return '发票文件仅支持 PDF 或 PNG、JPG 图片';
  if (file.size === 0) return '文件是空的，请重新选择';
  if (file.size > INVOICE_FILE_MAX_BYTES) return `发票文件不能超过 ${INVOICE_FILE_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}

/**
 * The 开票 form's check, in the server's words: the number and date (the contract's schema),
 * then the file — an e-invoice's is required; any file must be a PDF or a picture of a size the
 * server takes.
 */
export const issueSchema = (electronic: boolean) =>
  adminInvoiceIssueFields.extend({
    file: z.custom<InvoiceFile | null>().superRefine((file, ctx) => {
      const problem = file ? invoiceFileProblem(file) : electronic ? INVOICE_FILE_REQUIRED : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });

/** The form's values as the schema reads them. */
export const issueBody = (input: { rid: string; version: number; invoiceNo: string; issuedOn: string; file: InvoiceFile | null }) => ({
  rid: input.rid,
  version: input.version,
  invoice_no: input.invoiceNo,
  issued_on: input.issuedOn,
  file: input.file,
});
