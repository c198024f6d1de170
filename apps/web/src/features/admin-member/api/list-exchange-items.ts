import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerKeys } from './keys';
import { adminPoints } from '../../admin-growth/api/admin-points';

/** POST /api/admin/growth/exchange/items — the whole exchange catalogue (active first). */
export const listExchangeItems = () => adminPoints.items();

export const exchangeItemsQueryOptions = () => queryOptions({ queryKey: customerKeys.exchangeItems, queryFn: listExchangeItems });

export const useExchangeItems = () => useQuery(exchangeItemsQueryOptions());
