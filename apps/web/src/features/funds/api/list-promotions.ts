import { queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from './funds';
import { fundsKeys } from '../../../api/query-keys';

/** POST /api/auth/promotion/all4user: running events and their coupons. */
export const listPromotions = () => funds.promotions();

export const promotionsQueryOptions = () => queryOptions({ queryKey: fundsKeys.promotions, queryFn: listPromotions });

export const usePromotions = () => useQuery(promotionsQueryOptions());
