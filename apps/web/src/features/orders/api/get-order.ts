import { queryOptions, useQuery } from '@tanstack/react-query';
import { orders } from './orders';
import { ordersKeys } from '../../../api/query-keys';

/** One of my orders (another member's number answers 404). */
export const getOrder = (orderNo: string) => orders.detail({ order_no: orderNo });

export const orderQueryOptions = (orderNo: string) => queryOptions({ queryKey: ordersKeys.detail(orderNo), queryFn: () => getOrder(orderNo), retry: false });

export const useOrder = (orderNo: string) => useQuery(orderQueryOptions(orderNo));
