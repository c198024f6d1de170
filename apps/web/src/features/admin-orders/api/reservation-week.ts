import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminReservations } from './admin-reservations';
import { orderKeys } from './keys';

/** POST /api/admin/reservations/week — the instruments, Monday to Sunday, and the week's live bookings. */
export const fetchReservationWeek = (date: string, rid: string) => adminReservations.week({ date, ...(rid ? { rid } : {}) });

export const useReservationWeek = (date: string, rid: string) =>
  useQuery({ queryKey: orderKeys.week(date, rid), queryFn: () => fetchReservationWeek(date, rid), placeholderData: keepPreviousData });
