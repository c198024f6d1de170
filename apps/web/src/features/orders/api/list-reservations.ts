import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReservationStatus } from '@lab/contract';
import { reservations } from './reservations';
import { reservationKeys } from './reservations-keys';

/** POST /api/auth/reservation/list4person: my instrument bookings, newest first. */
export const listReservations = (page: number, pageSize: number, status?: ReservationStatus) =>
  reservations.list({ page, pageSize, status });

export const useReservations = (page: number, pageSize: number, status?: ReservationStatus) =>
  useQuery({
    queryKey: [...reservationKeys.list, page, pageSize, status ?? ''],
    queryFn: () => listReservations(page, pageSize, status),
    placeholderData: keepPreviousData,
  });
