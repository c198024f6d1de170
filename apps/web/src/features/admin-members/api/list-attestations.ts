import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAttestation, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/attestation/list — submitted attestations by review status. */
export const listAttestations = (query: TableQuery) => adminPost<Page<AdminAttestation>>('/api/admin/attestation/list', { ...query });

export const attestationsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.attestations(query), queryFn: () => listAttestations(query), placeholderData: keepPreviousData });

export const useAttestations = (query: TableQuery) => useQuery(attestationsQueryOptions(query));
