import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointsKeys } from './points-keys';
import { points } from './points';

/** POST /api/auth/web/integration/list4exchange: the exchange catalogue (coupons and gifts), with stock and whether I can have it. */
export const listExchangeItems = () => points.exchangeItems();

export const exchangeItemsQueryOptions = () => queryOptions({ queryKey: pointsKeys.catalogue, queryFn: listExchangeItems });

export const useExchangeItems = () => useQuery(exchangeItemsQueryOptions());
