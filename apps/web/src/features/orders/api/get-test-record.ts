import { useQuery } from '@tanstack/react-query';
import { orderProgress } from './order-progress';
import { ordersKeys } from '../../../api/query-keys';

/** POST /api/auth/order/testRecord: per line of one of my orders, its samples and where they are in the lab. */
export const getTestRecord = (orderNo: string) => orderProgress.testRecord({ order_no: orderNo });

export const useTestRecord = (orderNo: string) => useQuery({ queryKey: ordersKeys.testRecord(orderNo), queryFn: () => getTestRecord(orderNo), retry: false });
