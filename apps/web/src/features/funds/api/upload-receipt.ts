import { funds } from './funds';

/** POST /api/auth/prestoreApply/receipt (multipart): the rid field first, then the file. */
export function uploadReceipt(rid: string, file: File) {
  const form = new FormData();
  form.append('rid', rid);
  form.append('file', file, file.name);
  return funds.receiptUpload(form);
}
