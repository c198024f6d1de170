import { useQuery } from '@tanstack/react-query';
import type { Contract } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { ordersKeys } from './keys';

/** POST /api/auth/order/listProtocolFile: the agreements of one order. */
export const listProtocolFiles = (orderNo: string) => apiPost<Contract[]>('/api/auth/order/listProtocolFile', { order_no: orderNo });

export const useProtocolFiles = (orderNo: string) => useQuery({ queryKey: ordersKeys.protocols(orderNo), queryFn: () => listProtocolFiles(orderNo) });
