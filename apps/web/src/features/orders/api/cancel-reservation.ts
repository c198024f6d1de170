import { reservations } from './reservations';

/** POST /api/auth/reservation/cancel: cancels the booking and its order (refunded when paid); not on or after its day. */
export const cancelReservation = (rid: string) => reservations.cancel({ rid });
