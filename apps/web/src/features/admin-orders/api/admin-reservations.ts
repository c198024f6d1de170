import type { adminReservations as table } from '@lab/contract/orders/reservation-calls';
import routes from 'virtual:calls/adminReservations';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 仪器预约 */
export const adminReservations = bindStaffCalls<typeof table>(routes);
