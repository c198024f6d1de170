import { useQuery } from '@tanstack/react-query';
import { contracts } from './contracts';
import { ordersKeys } from '../../../api/query-keys';

/** The agreements of one order. */
export const listProtocolFiles = (orderNo: string) => contracts.orderAgreements({ order_no: orderNo });

export const useProtocolFiles = (orderNo: string) => useQuery({ queryKey: ordersKeys.protocols(orderNo), queryFn: () => listProtocolFiles(orderNo) });
