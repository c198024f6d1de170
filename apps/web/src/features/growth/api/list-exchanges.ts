import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pointsKeys } from './points-keys';
import { points } from './points';

/** POST /api/auth/integration/exchanges: what I exchanged my points for, newest first. */
export const listExchanges = (page: number, pageSize = 10) => points.exchanges({ page, pageSize });

export const exchangesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...pointsKeys.exchanges, page], queryFn: () => listExchanges(page), placeholderData: keepPreviousData });

export const useExchanges = (page: number) => useQuery(exchangesQueryOptions(page));
