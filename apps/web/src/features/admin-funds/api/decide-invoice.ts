import { adminFunds } from './admin-funds';
import type { Seen } from './seen';

export interface IssueInvoiceInput extends Seen {
  invoiceNo: string;
  issuedOn: string;
  file: File | null;
}

/** POST /api/admin/funds/invoice/issueWithFile (multipart) — number, date and the e-invoice file in one step. */
export function issueInvoice({ rid, version, invoiceNo, issuedOn, file }: IssueInvoiceInput) {
  const form = new FormData();
  form.append('rid', rid);
  form.append('version', String(version));
  form.append('invoice_no', invoiceNo);
  form.append('issued_on', issuedOn);
  if (file) form.append('file', file);
  return adminFunds.invoiceIssueWithFile(form);
}

/** POST /api/admin/funds/invoice/file (multipart) — the file of an issued invoice (added later, or replaced). */
export function uploadInvoiceFile({ rid, file }: { rid: string; file: File }) {
  const form = new FormData();
  form.append('rid', rid);
  form.append('file', file);
  return adminFunds.invoiceFileUpload(form);
}

/** POST /api/admin/funds/invoice/reject — frees the money for a new application. */
export const rejectInvoice = ({ rid, version, reason }: Seen & { reason: string }) => adminFunds.invoiceReject({ rid, version, reason });

/** POST /api/admin/funds/invoice/red — the red-letter invoice (红字发票) issued for the refunded money of an issued invoice. */
export const recordRedLetter = ({ rid, version, redInvoiceNo, redIssuedOn }: Seen & { redInvoiceNo: string; redIssuedOn: string }) =>
  adminFunds.invoiceRed({ rid, version, red_invoice_no: redInvoiceNo, red_issued_on: redIssuedOn });
