import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponTemplate } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/funds/coupon/templates — the active templates a coupon exchange item can hand out. */
export const listCouponTemplates = () => adminPost<CouponTemplate[]>('/api/admin/funds/coupon/templates');

export const useCouponTemplates = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: [...customerKeys.all, 'coupon-templates'], queryFn: listCouponTemplates, enabled, staleTime: 60_000 }));
