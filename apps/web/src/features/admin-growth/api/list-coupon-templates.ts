import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminFunds } from '../../admin-funds/api/admin-funds';
import { growthKeys } from './keys';

/** POST /api/admin/funds/coupon/templates — the active templates a coupon exchange item can hand out. */
export const listCouponTemplates = () => adminFunds.couponTemplates({});

export const useCouponTemplates = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: growthKeys.couponTemplates, queryFn: listCouponTemplates, enabled, staleTime: 60_000 }));
