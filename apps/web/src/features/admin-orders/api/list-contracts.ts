import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminContracts } from './admin-contracts';
import { requirementKeys } from './keys';

/** Contracts and agreements by status, newest first. */
export const listContracts = (query: TableQuery) => adminContracts.list({ ...query });

export const contractsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: requirementKeys.contracts(query), queryFn: () => listContracts(query), placeholderData: keepPreviousData });

export const useContracts = (query: TableQuery) => useQuery(contractsQueryOptions(query));
