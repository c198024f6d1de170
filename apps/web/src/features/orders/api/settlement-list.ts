import { useQuery } from '@tanstack/react-query';
import { payment } from '../../payments/api/payment';
import { ordersKeys } from '../../../api/query-keys';

/** Orders to settle, the amount due, the limit and the balances. */
export const settlementList = () => payment.settlementList();

export const useSettlementList = () => useQuery({ queryKey: ordersKeys.settlement, queryFn: settlementList });
