import { useQuery } from '@tanstack/react-query';
import { adminReservations } from './admin-reservations';
import { orderKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/admin/reservations/blocks — members whose no-shows (爽约) block their bookings now. */
export const useBookingBlocks = () => useQuery({ queryKey: [...orderKeys.all, 'blocks'], queryFn: () => adminReservations.blocks() });

/** POST /api/admin/reservations/lift — 解除爽约限制 with a reason (audited). */
export const useLiftBlock = () => useApiMutation({ mutationFn: (body: { member_rid: string; reason: string }) => adminReservations.lift(body), invalidates: [orderKeys.all] });
