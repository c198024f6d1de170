import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponTemplate } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { fundsKeys } from './keys';

/** POST /api/auth/discount4user/list4all: coupons I can claim now. */
export const listClaimable = () => apiPost<CouponTemplate[]>('/api/auth/discount4user/list4all');

export const claimableQueryOptions = () => queryOptions({ queryKey: fundsKeys.claimable, queryFn: listClaimable });

export const useClaimable = () => useQuery(claimableQueryOptions());
