import type { OrderDetail } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/assign/right: the member accepts the delivered data (→ 已完成). */
export const confirmData = (orderNo: string) => apiPost<OrderDetail>('/api/auth/assign/right', { order_no: orderNo });
