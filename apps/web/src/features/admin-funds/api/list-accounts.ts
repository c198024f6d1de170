import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminFunds } from './admin-funds';
import { financeKeys } from './keys';

/** POST /api/admin/funds/account/list — prepaid-funds accounts of members and communities with their balances. (the sort is the URL's text; the server checks it) */
export const listAccounts = (query: TableQuery) => adminFunds.accountList(query as Parameters<typeof adminFunds.accountList>[0]);

export const accountsQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.accounts(query), queryFn: () => listAccounts(query), placeholderData: keepPreviousData });

export const useAccounts = (query: TableQuery) => useQuery(accountsQueryOptions(query));
