import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderTab } from '@lab/contract';
import { orders } from './orders';
import { ordersKeys } from '../../../api/query-keys';

export interface OrderFilter {
  tab: OrderTab;
  page: number;
  pageSize?: number;
  order_no?: string;
  keyword?: string;
  from?: string;
  to?: string;
}

/** My orders of one tab, with the query's filters. */
export const listOrders = (filter: OrderFilter) => orders.list({ pageSize: 10, ...filter });

export const ordersQueryOptions = (filter: OrderFilter) =>
  queryOptions({ queryKey: [...ordersKeys.lists, filter], queryFn: () => listOrders(filter), placeholderData: keepPreviousData });

export const useOrders = (filter: OrderFilter, enabled = true) => useQuery({ ...ordersQueryOptions(filter), enabled });
