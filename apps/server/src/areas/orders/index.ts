/**
 * The orders area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { type Actor, orderPaymentReference } from './cancel-core';
export { cancelByStaff, type Channels, notifyCancelled } from './desk/progress.service';
export { assertHoldLive, refuseExpiredHold } from './holds.service';
export { addOrderEvent, findMemberOrder, orderEventInsert, type OrderRow, toOrderSummary } from './order-core';
export { onOrderEvent, onOrderPaid } from './order-hooks';
export { riskCondition } from './order-promises';
export { samplingAudit } from './pickups/sampling.audit';
export { addRecycle, addSampling, cancelSampling, collectSampling, listRecycles, listSamplings, listSamplingsForDay } from './pickups/sampling.service';
export { type ChannelRefund, type RefundChannelHandler } from './refund-channels';
export { endHolds, endHoldsUpdate, expiredHold } from './reservation-core';
export { getJobSettings } from './unpaid-orders.service';
export { orderPaymentOf, paidOrdersOf } from './invoiceable-orders';
