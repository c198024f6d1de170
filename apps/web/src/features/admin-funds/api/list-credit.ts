import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminFunds } from './admin-funds';
import { financeKeys } from './keys';

/** POST /api/admin/funds/credit/list — credit-line applications with the member's current line. (the sort is the URL's text; the server checks it) */
export const listCredit = (query: TableQuery) => adminFunds.creditList(query as Parameters<typeof adminFunds.creditList>[0]);

export const creditQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.credit(query), queryFn: () => listCredit(query), placeholderData: keepPreviousData });

export const useCreditApplications = (query: TableQuery) => useQuery(creditQueryOptions(query));
