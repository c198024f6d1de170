import { useQuery } from '@tanstack/react-query';
import { reservations } from '../reservations';
import { reservationKeys } from '../reservations-keys';

/** POST /api/auth/reservation/wait/join: wait for an hour someone else holds (a free hour is booked instead). */
export const joinWait = (body: { rid: string; date: string; hour: number }) => reservations.waitJoin({ rid: body.rid, date: body.date, hour: body.hour });

/** POST /api/auth/reservation/wait/leave */
export const leaveWait = (rid: string) => reservations.waitLeave({ rid });

/** POST /api/auth/reservation/wait/list: my open waits, the soonest first (under ['member'], refreshed with the member's data). */
export const useWaits = () => useQuery({ queryKey: [...reservationKeys.list, 'waits'], queryFn: () => reservations.waits() });

/** GET /api/auth/reservation/ics: the booking's calendar file (paid bookings). */
export const downloadIcs = (rid: string, name: string) => reservations.ics({ rid }, name);
