import { orderProgress } from './order-progress';

/** POST /api/auth/assign/right: the member accepts the delivered data (→ 已完成). */
export const confirmData = (orderNo: string) => orderProgress.confirmData({ order_no: orderNo });
