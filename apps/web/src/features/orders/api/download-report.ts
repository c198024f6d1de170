import { downloadFile } from '../../../lib/download';

/** GET /api/auth/order/report?order_no=&id=: a report file of my order. */
export const downloadReport = (orderNo: string, id: string, name: string) => downloadFile('/api/auth/order/report', { order_no: orderNo, id }, name);
