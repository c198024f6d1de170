import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReservation, ReservationHolds, ReservationSettings } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { orderKeys } from './keys';

/** POST /api/admin/reservations/holds — the unpaid bookings holding hours now, and the hold rules. */
export const fetchHolds = () => adminPost<ReservationHolds>('/api/admin/reservations/holds');
export const useHolds = () => useQuery({ queryKey: orderKeys.holds, queryFn: fetchHolds });

/** POST /api/admin/reservations/release — let an unpaid hold go now: the hours are free, the order cancelled, the member told. */
export const releaseHold = (body: { rid: string; reason?: string }) => adminPost<AdminReservation>('/api/admin/reservations/release', body);

/** POST /api/admin/reservations/settings — how long an unpaid booking holds, and the unpaid hours per member. */
export const saveHoldSettings = (body: { hold_minutes: number; cap_hours: number }) => adminPost<ReservationSettings>('/api/admin/reservations/settings', body);

export function useHoldActions() {
  const client = useQueryClient();
  // the week's calendar, the order list and the holds all change together
  const onSuccess = () => client.invalidateQueries({ queryKey: orderKeys.all });
  return { release: useMutation({ mutationFn: releaseHold, onSuccess }), save: useMutation({ mutationFn: saveHoldSettings, onSuccess }) };
}
