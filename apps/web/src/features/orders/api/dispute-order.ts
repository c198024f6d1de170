import type { OrderDetail } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/assign/wrong: a re-test request with a reason, within 15 days of delivery. */
export const disputeOrder = (orderNo: string, reason: string) => apiPost<OrderDetail>('/api/auth/assign/wrong', { order_no: orderNo, reason });
