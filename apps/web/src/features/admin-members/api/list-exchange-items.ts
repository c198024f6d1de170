import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminExchangeItem } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/growth/exchange/items — the whole exchange catalogue (active first). */
export const listExchangeItems = () => adminPost<AdminExchangeItem[]>('/api/admin/growth/exchange/items');

export const exchangeItemsQueryOptions = () => queryOptions({ queryKey: customerKeys.exchangeItems, queryFn: listExchangeItems });

export const useExchangeItems = () => useQuery(exchangeItemsQueryOptions());
