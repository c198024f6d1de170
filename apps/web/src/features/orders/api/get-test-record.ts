import { useQuery } from '@tanstack/react-query';
import type { TestRecord } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { ordersKeys } from './keys';

/** POST /api/auth/order/testRecord: per line of one of my orders, its samples and where they are in the lab. */
export const getTestRecord = (orderNo: string) => apiPost<TestRecord[]>('/api/auth/order/testRecord', { order_no: orderNo });

export const useTestRecord = (orderNo: string) => useQuery({ queryKey: ordersKeys.testRecord(orderNo), queryFn: () => getTestRecord(orderNo), retry: false });
