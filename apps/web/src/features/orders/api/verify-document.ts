import { queryOptions, useQuery } from '@tanstack/react-query';
import { documents } from './documents';

/** What the lab's register says of a document number (public). */
export const verifyDocumentQueryOptions = (no: string) =>
  queryOptions({ queryKey: ['documents', 'verify', no] as const, queryFn: () => documents.verify({ no }), retry: false });
export const useVerifyDocument = (no: string) => useQuery({ ...verifyDocumentQueryOptions(no), enabled: no !== '' });

/** Multipart: the number first, then the copy to compare with the original. */
export function checkDocumentFile(no: string, file: File) {
  const form = new FormData();
  form.append('no', no);
  form.append('file', file, file.name);
  return documents.check(form);
}
