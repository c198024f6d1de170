import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderAddBody, orderCancelBody, orderListBody, orderNoBody, pageQuery } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { requireMemberId } from '../10-accounts/auth-guard';
import { cancelMemberOrder, getOrderDetail, listMemberOrders, orderedItems, placeOrder } from './orders.service';

/** The member's orders: place from the plan, detail, lists, history, cancel. */
export async function ordersRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, sms, email } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  r.post('/api/auth/order/add', { schema: { body: orderAddBody } }, async (request) =>
    ok(await placeOrder(db, requireMemberId(request), request.body, now()), '订单已提交'),
  );
  r.post('/api/auth/order/detail', { schema: { body: orderNoBody } }, async (request) =>
    ok(await getOrderDetail(db, requireMemberId(request), request.body.order_no, now())),
  );
  r.post('/api/auth/order/list4person', { schema: { body: orderListBody } }, async (request) =>
    ok(await listMemberOrders(db, requireMemberId(request), request.body, now())),
  );
  r.post('/api/auth/order/history4user', { schema: { body: pageQuery } }, async (request) => ok(await orderedItems(db, requireMemberId(request), request.body)));
  r.post('/api/auth/order/cancel', { schema: { body: orderCancelBody } }, async (request) =>
    ok(await cancelMemberOrder(db, { channels: { sms, email }, log: request.log }, requireMemberId(request), request.body, now()), '订单已取消'),
  );
}
