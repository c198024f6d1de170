import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAccount, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { financeKeys } from './keys';

/** POST /api/admin/funds/account/list — prepaid-funds accounts of members and communities with their balances. */
export const listAccounts = (query: TableQuery) => adminPost<Page<AdminAccount>>('/api/admin/funds/account/list', { ...query });

export const accountsQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.accounts(query), queryFn: () => listAccounts(query), placeholderData: keepPreviousData });

export const useAccounts = (query: TableQuery) => useQuery(accountsQueryOptions(query));
