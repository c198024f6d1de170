import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSummary, OrderTab, Page } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { ordersKeys } from './keys';

export interface OrderFilter {
  tab: OrderTab;
  page: number;
  pageSize?: number;
  order_no?: string;
  keyword?: string;
  from?: string;
  to?: string;
}

/** POST /api/auth/order/list4person: my orders of one tab, with the query's filters. */
export const listOrders = (filter: OrderFilter) =>
  apiPost<Page<OrderSummary>>('/api/auth/order/list4person', { pageSize: 10, ...filter });

export const ordersQueryOptions = (filter: OrderFilter) =>
  queryOptions({ queryKey: [...ordersKeys.lists, filter], queryFn: () => listOrders(filter), placeholderData: keepPreviousData });

export const useOrders = (filter: OrderFilter, enabled = true) => useQuery({ ...ordersQueryOptions(filter), enabled });
