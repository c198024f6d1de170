import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrders } from './admin-orders';
import { orderKeys } from './keys';

/** POST /api/admin/orders/detail — by order number, or a sample code as scanned at the desk. */
export const fetchAdminOrder = (orderNo: string) => adminOrders.detail({ order_no: orderNo });

export const adminOrderQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: orderKeys.detail(orderNo), queryFn: () => fetchAdminOrder(orderNo), retry: false });

export const useAdminOrder = (orderNo: string | null) => useQuery({ ...adminOrderQueryOptions(orderNo ?? ''), enabled: Boolean(orderNo) });
