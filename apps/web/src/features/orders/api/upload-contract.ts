import { contracts } from './contracts';

/** The signed copy (multipart: rid, then the file; pdf/png/jpg, at most 10 MB); status becomes signed. */
export function uploadSignedContract(rid: string, file: File) {
  const form = new FormData();
  form.append('rid', rid);
  form.append('file', file, file.name);
  return contracts.upload(form);
}
