/**
 * The orders area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { type Actor, orderPaymentReference } from './cancel-core';
export { type Channels } from './desk/progress.service';
export { cancelByStaff, notifyCancelled } from './desk/staff-cancel.service';
export { assertHoldLive, refuseExpiredHold } from './holds.service';
export { addOrderEvent, findMemberOrder, orderEventInsert, type OrderRow, toOrderSummary } from './order-core';
export { onOrderEvent, onOrderPaid } from './order-hooks';
export { riskCondition } from './order-promises';
export { type ChannelRefund, type RefundChannelHandler } from './refund-channels';
export { endHolds, endHoldsUpdate, expiredHold } from './reservation-core';
export { markOrderPaid, markOrderPayLater, type OrderPayment } from './order-payment';
export { orderNumbers, paidOrderCounts, paidOrders } from './paid-orders';
export { lockOrders, memberLiveOrders, orderIdsByNo, orderNosOf, orderScope } from './orders-for-payments';
export { orderPaymentOf, paidOrdersOf } from './invoiceable-orders';
