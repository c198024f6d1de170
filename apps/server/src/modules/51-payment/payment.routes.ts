import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderNoBody, payBody, settleBody, statementBody } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { requireMemberId } from '../10-accounts/auth-guard';
import { choosePayLater, payOrder, readyToPay } from './payment.service';
import { settleOrders, settlementList, statement, statementXlsx } from './settlement.service';

/** Paying orders, pay-after-test and settlement (member calls under /api/auth). */
export async function paymentRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const channels = { sms: deps.sms, email: deps.email };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  r.post('/api/auth/order/ready2pay', { schema: { body: orderNoBody } }, async (request) =>
    ok(await readyToPay(db, requireMemberId(request), request.body.order_no, now())),
  );
  r.post('/api/auth/order/pay', { schema: { body: payBody } }, async (request) =>
    ok(await payOrder(db, channels, requireMemberId(request), request.body, now(), request.log), '支付成功'),
  );
  r.post('/api/auth/order/payLater', { schema: { body: orderNoBody } }, async (request) =>
    ok(await choosePayLater(db, requireMemberId(request), request.body.order_no, now()), '已选择测试后结算'),
  );

  r.post('/api/auth/assign/settlementList', async (request) => ok(await settlementList(db, requireMemberId(request), now())));
  r.post('/api/auth/assign/settlementOperatePlus', { schema: { body: settleBody } }, async (request) =>
    ok(await settleOrders(db, channels, requireMemberId(request), request.body, now(), request.log), '结算成功'),
  );

  const statementReply = async (memberId: number, query: { from?: string | undefined; to?: string | undefined; format: 'json' | 'xlsx' }, reply: FastifyReply) => {
    const data = await statement(db, memberId, query, now());
    if (query.format === 'json') return ok(data);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="statement.xlsx"; filename*=UTF-8''${encodeURIComponent('对账单.xlsx')}`)
      .send(await statementXlsx(data));
  };
  r.post('/api/auth/assign/statement', { schema: { body: statementBody } }, async (request, reply) => statementReply(requireMemberId(request), request.body, reply));
  // the download: GET with the token header (format defaults to json, so the file needs format=xlsx)
  r.get('/api/auth/assign/statement', { schema: { querystring: statementBody } }, async (request, reply) => statementReply(requireMemberId(request), request.query, reply));
}
