import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCredit, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { financeKeys } from './keys';

/** POST /api/admin/funds/credit/list — credit-line applications with the member's current line. */
export const listCredit = (query: TableQuery) => adminPost<Page<AdminCredit>>('/api/admin/funds/credit/list', { ...query });

export const creditQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.credit(query), queryFn: () => listCredit(query), placeholderData: keepPreviousData });

export const useCreditApplications = (query: TableQuery) => useQuery(creditQueryOptions(query));
