import { orderProgress } from './order-progress';

/** GET /api/auth/order/report?order_no=&id=: a report file of my order. */
export const downloadReport = (orderNo: string, id: string, name: string) => orderProgress.report({ order_no: orderNo, id }, name);
