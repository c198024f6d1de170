import type { reservations as table } from '@lab/contract/orders/reservation-calls';
import routes from 'virtual:calls/reservations';
import { bindCalls } from '../../../api/client';

/** 仪器预约：可预约时段、我的预约 */
export const reservations = bindCalls<typeof table>(routes);
