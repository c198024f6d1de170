import { contracts } from './contracts';

/** Multipart: the order_no field first, then the signed agreement. */
export function uploadProtocolFile(orderNo: string, file: File) {
  const form = new FormData();
  form.append('order_no', orderNo);
  form.append('file', file, file.name);
  return contracts.uploadOrderAgreement(form);
}
