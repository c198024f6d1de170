import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPrestore, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { financeKeys } from './keys';

/** POST /api/admin/funds/prestore/list — top-ups by status, member or number, and date. */
export const listPrestores = (query: TableQuery) => adminPost<Page<AdminPrestore>>('/api/admin/funds/prestore/list', { ...query });

export const prestoresQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.prestores(query), queryFn: () => listPrestores(query), placeholderData: keepPreviousData });

export const usePrestores = (query: TableQuery) => useQuery(prestoresQueryOptions(query));
