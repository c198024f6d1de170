import type { Reservation } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/reservation/cancel: cancels the booking and its order (refunded when paid); not on or after its day. */
export const cancelReservation = (rid: string) => apiPost<Reservation>('/api/auth/reservation/cancel', { rid });
