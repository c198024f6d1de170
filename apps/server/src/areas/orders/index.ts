/**
 * The orders area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { orderPaymentReference } from './cancel-core';
export { assertHoldLive, refuseExpiredHold } from './holds.service';
export { addOrderEvent, findMemberOrder, type OrderRow, toOrderSummary } from './order-core';
export { onOrderEvent } from './order-hooks';
export { riskCondition } from './order-promises';
export { type RefundChannelHandler } from './refund-channels';
export { endHolds } from './reservation-core';
export { markOrderPaid, markOrderPayLater, setOrderApproval } from './order-payment';
export { orderNumbers, paidOrderCounts, paidOrders } from './paid-orders';
export { lockOrders, memberLiveOrders, orderIdsByNo, orderNosOf, orderScope } from './orders-for-payments';
export { orderPaymentOf, paidOrdersOf } from './invoiceable-orders';
export { orderStatementOf, sealPackPaper } from './documents/order-papers';
export { orderSamplesByNo } from './desk/sample-refs';
export { serviceOrder } from './service-orders';
export { keepOrderDataUntil } from './desk/data-retention';
