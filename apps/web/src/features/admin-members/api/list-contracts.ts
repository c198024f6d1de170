import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminContract, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/contract/list — contracts and agreements by status, newest first. */
export const listContracts = (query: TableQuery) => adminPost<Page<AdminContract>>('/api/admin/contract/list', { ...query });

export const contractsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.contracts(query), queryFn: () => listContracts(query), placeholderData: keepPreviousData });

export const useContracts = (query: TableQuery) => useQuery(contractsQueryOptions(query));
