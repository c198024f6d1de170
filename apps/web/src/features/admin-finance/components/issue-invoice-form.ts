import { adminInvoiceIssueFields, INVOICE_FILE_MAX_BYTES, INVOICE_FILE_REQUIRED, isElectronicInvoice } from '@lab/contract';

const fileTypes = ['application/pdf', 'image/png', 'image/jpeg'];
const fileNames = /\.(pdf|png|jpe?g)$/i;

/** The problem with a chosen invoice file, or null: PDF (or a picture), at most 10 MB, not empty. */
export function invoiceFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!fileTypes.includes(file.type) && !fileNames.test(file.name)) return '发票文件仅支持 PDF 或 PNG、JPG 图片';
  if (file.size === 0) return '文件是空的，请重新选择';
  if (file.size > INVOICE_FILE_MAX_BYTES) return `发票文件不能超过 ${INVOICE_FILE_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}

/**
 * Checks an issue before sending, in the server's words: the number and date (the contract's
 * schema), an e-invoice's file, the file's type and size. Null when it may go.
 */
export function issueProblem(input: { rid: string; version: number; type: number; invoiceNo: string; issuedOn: string; file: Pick<File, 'name' | 'type' | 'size'> | null }): string | null {
  const checked = adminInvoiceIssueFields.safeParse({ rid: input.rid, version: input.version, invoice_no: input.invoiceNo, issued_on: input.issuedOn });
  if (!checked.success) return checked.error.issues[0]?.message ?? '请检查填写的内容';
  if (input.file) return invoiceFileProblem(input.file);
  return isElectronicInvoice(input.type) ? INVOICE_FILE_REQUIRED : null;
}
