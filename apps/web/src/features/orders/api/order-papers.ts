import { documents } from './documents';

/** The sealed 测试明细清单 of my order (PDF). */
export const downloadStatement = (orderNo: string) => documents.statement({ order_no: orderNo }, `测试明细清单-${orderNo}.pdf`);

/** The sealed 缴费通知书 of my pay-after-test order (PDF). */
export const downloadPaymentNotice = (orderNo: string) => documents.paymentNotice({ order_no: orderNo }, `缴费通知书-${orderNo}.pdf`);
