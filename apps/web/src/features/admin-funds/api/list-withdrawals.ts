import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallBodyInput } from '@lab/contract/call';
import type { adminPromotion as table } from '@lab/contract/growth/admin-promotion-calls';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { financeKeys } from './keys';
import { adminPromotion } from '../../admin-growth/api/admin-promotion';

/** POST /api/admin/growth/withdraw/list — partners' rebate withdrawals by status, method, member and date. */
export const listWithdrawals = (query: TableQuery) =>
  // the sort and filters come from the URL as text: the server checks them against the call's schema
  adminPromotion.withdrawals(query as CallBodyInput<typeof table.withdrawals>);

export const withdrawalsQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.withdrawals(query), queryFn: () => listWithdrawals(query), placeholderData: keepPreviousData });

export const useWithdrawals = (query: TableQuery) => useQuery(withdrawalsQueryOptions(query));
