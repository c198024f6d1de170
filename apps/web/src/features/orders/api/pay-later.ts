import { payment } from '../../payments/api/payment';

/** Settle after testing (eligible members, within the limit). */
export const payLater = (orderNo: string) => payment.payLater({ order_no: orderNo });
