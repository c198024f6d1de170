import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderRow, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { orderKeys } from './keys';

/** POST /api/admin/orders/list — the order table, filtered, sorted and paged on the server. */
export const searchOrders = (query: TableQuery) => adminPost<Page<AdminOrderRow>>('/api/admin/orders/list', { ...query });

export const orderSearchQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: orderKeys.list(query), queryFn: () => searchOrders(query), placeholderData: keepPreviousData });

export const useOrderSearch = (query: TableQuery) => useQuery(orderSearchQueryOptions(query));
