import { queryOptions, useQuery } from '@tanstack/react-query';
import { content } from './content';

/** GET /api/open/web/certificates: the certificates valid today, in order (a demo one without its number). */
export const getCertificates = (signal?: AbortSignal) => content.certificates(signal ? { signal } : {});

export const certificatesQueryOptions = () =>
  queryOptions({ queryKey: ['content', 'certificates'], queryFn: ({ signal }) => getCertificates(signal), staleTime: 5 * 60_000 });

export const useCertificates = () => useQuery(certificatesQueryOptions());
