import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CouponTemplate } from '@lab/contract';
import { adminKey, adminPost } from '../../../lib/admin-api';
import { adminGrowth } from '../../../api/admin-growth';

const key = [...adminKey, 'growth-settings'] as const;

/** POST /api/admin/growth/settings — the rebate rate, points rate, new-member coupon and minimum withdrawal. */
export const getGrowthSettings = () => adminGrowth.settings();

export const useGrowthSettings = () => useQuery({ queryKey: key, queryFn: getGrowthSettings });

/** POST /api/admin/growth/settings/update — rates in percent and points, amounts in yuan. */
export const saveGrowthSettings = (body: { rebate_rate: string; points_per_yuan: string; invite_coupon_rid: string; min_withdraw: string }) =>
  adminGrowth.saveSettings(body);

export function useSaveGrowthSettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveGrowthSettings, onSuccess: (settings) => client.setQueryData(key, settings) });
}

/** POST /api/admin/funds/coupon/templates — the coupons a new member could be given. */
export const listCouponTemplates = () => adminPost<CouponTemplate[]>('/api/admin/funds/coupon/templates');

export const useCouponTemplates = () => useQuery({ queryKey: [...adminKey, 'coupon-templates', 'for-growth'], queryFn: listCouponTemplates });
