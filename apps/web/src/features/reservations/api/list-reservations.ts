import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, Reservation, ReservationStatus } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { reservationKeys } from './keys';

/** POST /api/auth/reservation/list4person: my instrument bookings, newest first. */
export const listReservations = (page: number, pageSize: number, status?: ReservationStatus) =>
  apiPost<Page<Reservation>>('/api/auth/reservation/list4person', { page, pageSize, status });

export const useReservations = (page: number, pageSize: number, status?: ReservationStatus) =>
  useQuery({
    queryKey: [...reservationKeys.list, page, pageSize, status ?? ''],
    queryFn: () => listReservations(page, pageSize, status),
    placeholderData: keepPreviousData,
  });
