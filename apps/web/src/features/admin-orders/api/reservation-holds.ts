import { useQuery } from '@tanstack/react-query';
import { adminReservations } from './admin-reservations';
import { orderKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/admin/reservations/holds — the unpaid bookings holding hours now, and the hold rules. */
export const fetchHolds = () => adminReservations.holds();
export const useHolds = () => useQuery({ queryKey: orderKeys.holds, queryFn: fetchHolds });

/** POST /api/admin/reservations/release — let an unpaid hold go now: the hours are free, the order cancelled, the member told. */
export const releaseHold = (body: { rid: string; reason?: string }) => adminReservations.release(body);

/** POST /api/admin/reservations/settings — how long an unpaid booking holds, and the unpaid hours per member. */
export const saveHoldSettings = (body: { hold_minutes: number; cap_hours: number }) => adminReservations.settings(body);

export function useHoldActions() {
  // the week's calendar, the order list and the holds all change together
  const invalidates = [orderKeys.all];
  return { release: useApiMutation({ mutationFn: releaseHold, invalidates }), save: useApiMutation({ mutationFn: saveHoldSettings, invalidates }) };
}
