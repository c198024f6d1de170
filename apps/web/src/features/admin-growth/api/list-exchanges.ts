import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { growthKeys } from './keys';
import { adminPoints } from './admin-points';

/** POST /api/admin/growth/exchange/list — what members exchanged (gifts to ship first). */
export const listExchanges = (query: TableQuery) => adminPoints.exchanges(query);

export const exchangesQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: growthKeys.exchanges(query), queryFn: () => listExchanges(query), placeholderData: keepPreviousData });

export const useExchanges = (query: TableQuery) => useQuery(exchangesQueryOptions(query));
