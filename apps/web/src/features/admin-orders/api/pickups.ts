import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPickup, Sampling, SamplingStatus } from '@lab/contract';
import { adminOrderDesk } from '../../../api/admin-order-desk';
import { adminPost } from '../../../lib/admin-api';
import { orderKeys } from './keys';

/** POST /api/admin/sampling/list — one day's home pickups by slot. */
export const listPickups = (date: string, status: SamplingStatus | '') => adminPost<AdminPickup[]>('/api/admin/sampling/list', { date, ...(status ? { status } : {}) });

export const pickupsQueryOptions = (date: string, status: SamplingStatus | '') =>
  queryOptions({ queryKey: orderKeys.pickups(date, status), queryFn: () => listPickups(date, status), placeholderData: keepPreviousData });
export const usePickups = (date: string, status: SamplingStatus | '') => useQuery(pickupsQueryOptions(date, status));

/** POST /api/admin/sampling/days — how many pickups each day holds, and the earlier ones never collected. */
export const pickupDays = (from: string, to: string) => adminOrderDesk.pickupDays({ from, to });
export const usePickupDays = (from: string, to: string) =>
  useQuery({ queryKey: orderKeys.pickupDays(from, to), queryFn: () => pickupDays(from, to), placeholderData: keepPreviousData });

/** POST /api/admin/sampling/collect — 已取样. */
export const collectPickup = (rid: string) => adminPost<Sampling>('/api/admin/sampling/collect', { rid });

export function useCollectPickup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: collectPickup, onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }) });
}
