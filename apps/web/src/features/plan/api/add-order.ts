import type { OrderDetail } from '@lab/contract';
import { apiPost, type Body } from '../../../lib/api';

/** POST /api/auth/order/add: the order form as sent (`lines` as JSON); answers the new order. */
export const addOrder = (body: Body) => apiPost<OrderDetail>('/api/auth/order/add', body);
