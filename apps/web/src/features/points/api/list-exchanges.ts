import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExchangeRecord, Page } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { pointsKeys } from './keys';

/** POST /api/auth/integration/exchanges: what I exchanged my points for, newest first. */
export const listExchanges = (page: number, pageSize = 10) => apiPost<Page<ExchangeRecord>>('/api/auth/integration/exchanges', { page, pageSize });

export const exchangesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...pointsKeys.exchanges, page], queryFn: () => listExchanges(page), placeholderData: keepPreviousData });

export const useExchanges = (page: number) => useQuery(exchangesQueryOptions(page));
