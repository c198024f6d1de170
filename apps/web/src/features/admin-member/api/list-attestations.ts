import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminAttestations } from './admin-attestations';
import { customerKeys } from './keys';

/** Submitted attestations by review status. The table's sort and filters come from the URL as text; the server checks them (400 with its msg). */
export const attestationsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.attestations(query), queryFn: () => adminAttestations.list(query as Parameters<typeof adminAttestations.list>[0]), placeholderData: keepPreviousData });

export const useAttestations = (query: TableQuery) => useQuery(attestationsQueryOptions(query));
