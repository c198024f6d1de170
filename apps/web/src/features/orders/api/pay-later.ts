import type { OrderSummary } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/order/payLater: settle after testing (eligible members, within the limit). */
export const payLater = (orderNo: string) => apiPost<OrderSummary>('/api/auth/order/payLater', { order_no: orderNo });
