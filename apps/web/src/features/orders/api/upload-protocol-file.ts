import type { Contract } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/order/updateProtocolFile (multipart): the order_no field first, then the signed agreement. */
export function uploadProtocolFile(orderNo: string, file: File) {
  const form = new FormData();
  form.append('order_no', orderNo);
  form.append('file', file, file.name);
  return apiPost<Contract>('/api/auth/order/updateProtocolFile', form);
}
