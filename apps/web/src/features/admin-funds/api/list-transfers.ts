import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminFunds } from './admin-funds';
import { financeKeys } from './keys';

/** POST /api/admin/funds/transfer/list — transfers between members and their communities above the approval line. (the sort is the URL's text; the server checks it) */
export const listTransfers = (query: TableQuery) => adminFunds.transferList(query as Parameters<typeof adminFunds.transferList>[0]);

export const transfersQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.transfers(query), queryFn: () => listTransfers(query), placeholderData: keepPreviousData });

export const useTransfers = (query: TableQuery) => useQuery(transfersQueryOptions(query));
