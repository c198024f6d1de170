import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawal, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { financeKeys } from './keys';

/** POST /api/admin/growth/withdraw/list — partners' rebate withdrawals by status, method, member and date. */
export const listWithdrawals = (query: TableQuery) => adminPost<Page<AdminWithdrawal>>('/api/admin/growth/withdraw/list', { ...query });

export const withdrawalsQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.withdrawals(query), queryFn: () => listWithdrawals(query), placeholderData: keepPreviousData });

export const useWithdrawals = (query: TableQuery) => useQuery(withdrawalsQueryOptions(query));
