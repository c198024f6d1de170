import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponTemplate } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { fundsKeys } from './keys';

export interface Promotion {
  id: string | number;
  title: string;
  description: string;
  coupons: CouponTemplate[];
}

/** POST /api/auth/promotion/all4user: running events and their coupons. */
export const listPromotions = () => apiPost<Promotion[]>('/api/auth/promotion/all4user');

export const promotionsQueryOptions = () => queryOptions({ queryKey: fundsKeys.promotions, queryFn: listPromotions });

export const usePromotions = () => useQuery(promotionsQueryOptions());
