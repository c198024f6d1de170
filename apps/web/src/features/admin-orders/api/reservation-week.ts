import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReservationWeek } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { orderKeys } from './keys';

/** POST /api/admin/reservations/week — the instruments, Monday to Sunday, and the week's live bookings. */
export const fetchReservationWeek = (date: string, rid: string) => adminPost<ReservationWeek>('/api/admin/reservations/week', { date, ...(rid ? { rid } : {}) });

export const useReservationWeek = (date: string, rid: string) =>
  useQuery({ queryKey: orderKeys.week(date, rid), queryFn: () => fetchReservationWeek(date, rid), placeholderData: keepPreviousData });
