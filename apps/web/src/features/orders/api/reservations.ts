import type { reservations as table } from '@lab/contract/orders/reservation-calls';
import routes from 'virtual:calls/reservations';
import { bindCalls } from '../../../api/client';
import { downloadFile } from '../../../lib/download';

/** 仪器预约：可预约时段、我的预约、候补、日历文件（.ics） */
export const reservations = bindCalls<typeof table>(routes, downloadFile);
