import { orderProgress } from './order-progress';

/** POST /api/auth/assign/wrong: a re-test request with a reason, within 15 days of delivery. */
export const disputeOrder = (orderNo: string, reason: string) => orderProgress.dispute({ order_no: orderNo, reason });
