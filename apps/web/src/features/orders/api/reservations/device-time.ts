import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reservations } from '../reservations';
import { useSession } from '../../../../lib/session';
import { reservationCalendarKeys } from '../../../../api/query-keys';

/**
 * POST /api/open/device/query4timeExtra: one instrument's hours on a day (the first bookable
 * day when no date is given) and the bookable window. The token goes along when logged in,
 * so the member's own hours come back as 'mine'.
 */
export const queryTime = (rid: string, date?: string, signal?: AbortSignal) =>
  reservations.deviceTime({ rid, date }, signal ? { signal } : {});

export function useDeviceTime(rid: string, date: string | undefined) {
  const member = useSession() !== null;
  return useQuery({
    queryKey: reservationCalendarKeys.time(rid, date, member),
    queryFn: ({ signal }) => queryTime(rid, date, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
