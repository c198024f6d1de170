import { useQuery } from '@tanstack/react-query';
import type { SettlementList } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { ordersKeys } from './keys';

/** POST /api/auth/assign/settlementList: orders to settle, the amount due, the limit and the balances. */
export const settlementList = () => apiPost<SettlementList>('/api/auth/assign/settlementList');

export const useSettlementList = () => useQuery({ queryKey: ordersKeys.settlement, queryFn: settlementList });
