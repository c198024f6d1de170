import { queryOptions, useQuery } from '@tanstack/react-query';
import { growthKeys } from './keys';
import { adminPoints } from './admin-points';

/** POST /api/admin/growth/exchange/items — the whole exchange catalogue (active first). */
export const listExchangeItems = () => adminPoints.items();

export const exchangeItemsQueryOptions = () => queryOptions({ queryKey: growthKeys.exchangeItems, queryFn: listExchangeItems });

export const useExchangeItems = () => useQuery(exchangeItemsQueryOptions());
