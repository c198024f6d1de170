import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberCoupon, Page } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../../../components/member/member-keys';

/** POST /api/auth/discount4user/all (status unused): the coupons the order form offers. */
export const listUnusedCoupons = () => apiPost<Page<MemberCoupon>>('/api/auth/discount4user/all', { status: 'unused', page: 1, pageSize: 100 });

export const useUnusedCoupons = () =>
  useQuery(queryOptions({ queryKey: [...memberKeys.all, 'funds', 'coupons', 'order-form'], queryFn: listUnusedCoupons }));
