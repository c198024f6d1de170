import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminFunds } from './admin-funds';
import { financeKeys } from './keys';

/** POST /api/admin/funds/coupon/templates — active ones, or all with the stopped. */
export const listCouponTemplates = (status: 'active' | 'all') => adminFunds.couponTemplates({ status });

export const couponTemplatesQueryOptions = (status: 'active' | 'all') => queryOptions({ queryKey: financeKeys.couponTemplates(status), queryFn: () => listCouponTemplates(status) });

export const useCouponTemplates = (status: 'active' | 'all') => useQuery(couponTemplatesQueryOptions(status));
