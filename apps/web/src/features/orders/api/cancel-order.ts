import type { OrderDetail } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/order/cancel: before the sample is received; paid money goes back where it came from. */
export const cancelOrder = (orderNo: string, reason: string) =>
  apiPost<OrderDetail>('/api/auth/order/cancel', { order_no: orderNo, ...(reason.trim() ? { reason: reason.trim() } : {}) });
