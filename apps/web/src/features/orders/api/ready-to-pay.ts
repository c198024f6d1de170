import { useQuery } from '@tanstack/react-query';
import { payment } from '../../payments/api/payment';
import { ordersKeys } from '../../../api/query-keys';

/** Balances to pay from, coupons with their discounts, pay-after-test. */
export const readyToPay = (orderNo: string) => payment.readyToPay({ order_no: orderNo });

export const useReadyToPay = (orderNo: string, enabled: boolean) =>
  useQuery({ queryKey: ordersKeys.ready(orderNo), queryFn: () => readyToPay(orderNo), enabled, staleTime: 0, gcTime: 0, retry: false });
