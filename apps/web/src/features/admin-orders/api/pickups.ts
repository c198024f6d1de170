import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SamplingStatus } from '@lab/contract';
import { adminOrderDesk } from './admin-order-desk';
import { adminPickups } from './admin-pickups';
import { orderKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** One day's home pickups by slot. */
export const listPickups = (date: string, status: SamplingStatus | '') => adminPickups.list({ date, ...(status ? { status } : {}) });

export const pickupsQueryOptions = (date: string, status: SamplingStatus | '') =>
  queryOptions({ queryKey: orderKeys.pickups(date, status), queryFn: () => listPickups(date, status), placeholderData: keepPreviousData });
export const usePickups = (date: string, status: SamplingStatus | '') => useQuery(pickupsQueryOptions(date, status));

/** POST /api/admin/sampling/days — how many pickups each day holds, and the earlier ones never collected. */
export const pickupDays = (from: string, to: string) => adminOrderDesk.pickupDays({ from, to });
export const usePickupDays = (from: string, to: string) =>
  useQuery({ queryKey: orderKeys.pickupDays(from, to), queryFn: () => pickupDays(from, to), placeholderData: keepPreviousData });

/** 已取样. */
export const collectPickup = (rid: string) => adminPickups.collect({ rid });

export function useCollectPickup() {
  return useApiMutation({ mutationFn: collectPickup, invalidates: [orderKeys.all] });
}
