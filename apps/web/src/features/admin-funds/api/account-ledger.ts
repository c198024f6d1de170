import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminFunds } from './admin-funds';
import { financeKeys } from './keys';

export interface LedgerQuery {
  account_id: number;
  page: number;
  pageSize: number;
  type?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** POST /api/admin/funds/account/ledger — one account's entries, newest first. */
export const getLedger = (query: LedgerQuery) => adminFunds.ledger({ ...query });

export const ledgerQueryOptions = (query: LedgerQuery) => queryOptions({ queryKey: financeKeys.ledger(query), queryFn: () => getLedger(query), placeholderData: keepPreviousData });

export const useLedger = (query: LedgerQuery | null) => useQuery({ ...ledgerQueryOptions(query ?? { account_id: 0, page: 1, pageSize: 10 }), enabled: query !== null });
