import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExchangeItem } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { pointsKeys } from './keys';

/** POST /api/auth/web/integration/list4exchange: the exchange catalogue (coupons and gifts), with stock and whether I can have it. */
export const listExchangeItems = () => apiPost<ExchangeItem[]>('/api/auth/web/integration/list4exchange');

export const exchangeItemsQueryOptions = () => queryOptions({ queryKey: pointsKeys.catalogue, queryFn: listExchangeItems });

export const useExchangeItems = () => useQuery(exchangeItemsQueryOptions());
