import { queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from './funds';
import { fundsKeys } from '../../../api/query-keys';

/** POST /api/auth/prestoreApply/readyPayNum: the tiers, the lab's bank account, the minimum and the transfer threshold. */
export const getPrestoreReady = () => funds.prestoreQuote({});

export const prestoreReadyQueryOptions = () => queryOptions({ queryKey: fundsKeys.ready, queryFn: getPrestoreReady, staleTime: 5 * 60_000 });

export const usePrestoreReady = () => useQuery(prestoreReadyQueryOptions());
