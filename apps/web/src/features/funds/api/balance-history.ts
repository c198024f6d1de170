import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from './funds';
import { fundsKeys } from '../../../api/query-keys';

export interface HistoryFilter {
  /** a community I own; empty: my own account */
  community_rid?: string;
  type?: string;
  from?: string;
  to?: string;
}

/** POST /api/auth/prestore/balanceHistory: ledger entries, newest first, and the current balance. */
export const getBalanceHistory = (page: number, filter: HistoryFilter, pageSize = 10) =>
  funds.balanceHistory({ page, pageSize, ...filter });

export const balanceHistoryQueryOptions = (page: number, filter: HistoryFilter) =>
  queryOptions({ queryKey: [...fundsKeys.history, page, filter], queryFn: () => getBalanceHistory(page, filter), placeholderData: keepPreviousData });

export const useBalanceHistory = (page: number, filter: HistoryFilter) => useQuery(balanceHistoryQueryOptions(page, filter));
