import type { Contract } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/contract/upload (multipart): the signed copy (pdf/png/jpg, at most 10 MB); status becomes signed. */
export function uploadSignedContract(rid: string, file: File) {
  const form = new FormData();
  form.append('rid', rid);
  form.append('file', file, file.name);
  return apiPost<Contract>('/api/auth/contract/upload', form);
}
