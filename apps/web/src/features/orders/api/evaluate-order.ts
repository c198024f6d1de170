import { orderProgress } from './order-progress';

/** POST /api/auth/evaluate/add: a score 1–5 and an optional text, once, on a completed order. */
export const evaluateOrder = (orderNo: string, score: number, content: string) =>
  orderProgress.evaluate({ order_no: orderNo, score, ...(content.trim() ? { content: content.trim() } : {}) });
