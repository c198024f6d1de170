import type { OrderDetail } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/evaluate/add: a score 1–5 and an optional text, once, on a completed order. */
export const evaluateOrder = (orderNo: string, score: number, content: string) =>
  apiPost<OrderDetail>('/api/auth/evaluate/add', { order_no: orderNo, score, ...(content.trim() ? { content: content.trim() } : {}) });
