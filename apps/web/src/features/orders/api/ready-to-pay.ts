import { useQuery } from '@tanstack/react-query';
import type { ReadyToPay } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { ordersKeys } from './keys';

/** POST /api/auth/order/ready2pay: balances to pay from, coupons with their discounts, pay-after-test. */
export const readyToPay = (orderNo: string) => apiPost<ReadyToPay>('/api/auth/order/ready2pay', { order_no: orderNo });

export const useReadyToPay = (orderNo: string, enabled: boolean) =>
  useQuery({ queryKey: ordersKeys.ready(orderNo), queryFn: () => readyToPay(orderNo), enabled, staleTime: 0, gcTime: 0, retry: false });
