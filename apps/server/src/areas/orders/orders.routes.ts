import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import { getOrderDetail } from './order-detail.service';
import { listMemberOrders, orderedItems } from './order-lists.service';
import { cancelMemberOrder, placeOrder } from './orders.service';

/** The member's orders (contract/calls/orders.ts): place from the plan, detail, lists, history, cancel. */
export const ordersRoutes = serve(calls.orders, {
  add: ({ db, memberId, body, now }) => placeOrder(db, memberId, body, now),
  detail: ({ db, memberId, body, now }) => getOrderDetail(db, memberId, body.order_no, now),
  list: ({ db, memberId, body, now }) => listMemberOrders(db, memberId, body, now),
  orderedItems: ({ db, memberId, body }) => orderedItems(db, memberId, body),
  cancel: ({ db, memberId, body, now, deps, request }) => cancelMemberOrder(db, { channels: { sms: deps.sms, email: deps.email }, log: request.log }, memberId, body, now),
});
