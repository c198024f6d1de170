import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { ordersKeys } from './keys';

/** POST /api/auth/order/detail: one of my orders (another member's number answers 404). */
export const getOrder = (orderNo: string) => apiPost<OrderDetail>('/api/auth/order/detail', { order_no: orderNo });

export const orderQueryOptions = (orderNo: string) => queryOptions({ queryKey: ordersKeys.detail(orderNo), queryFn: () => getOrder(orderNo), retry: false });

export const useOrder = (orderNo: string) => useQuery(orderQueryOptions(orderNo));
