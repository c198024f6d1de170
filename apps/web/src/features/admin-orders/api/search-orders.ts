import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminOrders } from './admin-orders';
import { orderKeys } from './keys';

/** POST /api/admin/orders/list — the order table, filtered, sorted and paged on the server. */
export const searchOrders = (query: TableQuery) => adminOrders.list(query as Parameters<typeof adminOrders.list>[0]);

export const orderSearchQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: orderKeys.list(query), queryFn: () => searchOrders(query), placeholderData: keepPreviousData });

export const useOrderSearch = (query: TableQuery) => useQuery(orderSearchQueryOptions(query));
