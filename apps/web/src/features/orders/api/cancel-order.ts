import { orders } from './orders';

/** Before the sample is received; paid money goes back where it came from. */
export const cancelOrder = (orderNo: string, reason: string) => orders.cancel({ order_no: orderNo, ...(reason.trim() ? { reason: reason.trim() } : {}) });
