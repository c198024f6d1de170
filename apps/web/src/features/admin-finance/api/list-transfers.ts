import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTransfer, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { financeKeys } from './keys';

/** POST /api/admin/funds/transfer/list — transfers between members and their communities above the approval line. */
export const listTransfers = (query: TableQuery) => adminPost<Page<AdminTransfer>>('/api/admin/funds/transfer/list', { ...query });

export const transfersQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.transfers(query), queryFn: () => listTransfers(query), placeholderData: keepPreviousData });

export const useTransfers = (query: TableQuery) => useQuery(transfersQueryOptions(query));
