import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminFunds } from './admin-funds';
import { financeKeys } from './keys';

/** POST /api/admin/funds/prestore/list — top-ups by status, member or number, and date. (the sort is the URL's text; the server checks it) */
export const listPrestores = (query: TableQuery) => adminFunds.prestoreList(query as Parameters<typeof adminFunds.prestoreList>[0]);

export const prestoresQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.prestores(query), queryFn: () => listPrestores(query), placeholderData: keepPreviousData });

export const usePrestores = (query: TableQuery) => useQuery(prestoresQueryOptions(query));
