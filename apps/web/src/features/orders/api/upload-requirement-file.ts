import { requirements } from './requirements';

/** Multipart: the rid field first, then one file (pdf/png/jpg/zip, at most 20 MB). */
export function uploadRequirementFile(rid: string, file: File) {
  const form = new FormData();
  form.append('rid', rid);
  form.append('file', file, file.name);
  return requirements.uploadFile(form);
}
