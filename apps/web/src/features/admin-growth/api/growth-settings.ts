import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFunds } from '../../admin-funds/api/admin-funds';
import { adminKey } from '../../../lib/admin-api';
import { adminGrowth } from './admin-growth';
import { useApiMutation } from '../../../lib/use-api-mutation';

const key = [...adminKey, 'growth-settings'] as const;

/** POST /api/admin/growth/settings — the rebate rate, points rate, new-member coupon and minimum withdrawal. */
export const getGrowthSettings = () => adminGrowth.settings();

export const useGrowthSettings = () => useQuery({ queryKey: key, queryFn: getGrowthSettings });

/** POST /api/admin/growth/settings/update — rates in percent and points, amounts in yuan; the rebate payout per customer type (a change publishes a new version of the partner terms). */
export const saveGrowthSettings = (body: Parameters<typeof adminGrowth.saveSettings>[0]) => adminGrowth.saveSettings(body);

export function useSaveGrowthSettings() {
  const client = useQueryClient();
  return useApiMutation({ mutationFn: saveGrowthSettings, onSuccess: (settings) => client.setQueryData(key, settings) });
}

/** POST /api/admin/funds/coupon/templates — the coupons a new member could be given. */
export const listCouponTemplates = () => adminFunds.couponTemplates({});

export const useCouponTemplates = () => useQuery({ queryKey: [...adminKey, 'coupon-templates', 'for-growth'], queryFn: listCouponTemplates });
