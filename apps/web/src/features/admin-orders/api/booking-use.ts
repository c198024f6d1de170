import { adminReservations } from './admin-reservations';
import { orderKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/admin/reservations/use — 标记已使用: the member came and used the instrument (audited; no 爽约 follows). */
export const useMarkBookingUsed = () => useApiMutation({ mutationFn: (rid: string) => adminReservations.use({ rid }), invalidates: [orderKeys.all] });
