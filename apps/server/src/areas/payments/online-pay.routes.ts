import type { FastifyInstance, FastifyReply } from 'fastify';
import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import type { AppDeps } from '../../platform/deps';
import { handleNotify, paymentStatus } from './check-payments';
import { startOnlinePayment } from './start-payment';

/**
 * The site's origin for the URLs a gateway is given (notify, return, the local checkout page):
 * PUBLIC_URL, else http://localhost:PORT (config.siteOrigin) — never the Host a request names,
 * which anyone can set (issue 28: `Host: evil.example` sent the payer and the notices there).
 */
export const siteOrigin = (deps: AppDeps) => deps.config.siteOrigin;

const channels = (deps: AppDeps) => ({ sms: deps.sms, email: deps.email });

/** The member's calls of online payment (contract/calls/online-pay.ts). */
export const onlinePayRoutes = serve(calls.onlinePay, {
  start: {
    handler: ({ db, memberId, body, now, deps, request }) =>
      startOnlinePayment(db, deps.payments, memberId, body, { now, ip: request.ip, origin: siteOrigin(deps), expireMinutes: deps.config.PAY_EXPIRE_MINUTES }, request.log),
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  },
  status: ({ db, memberId, body, now, deps, request }) => paymentStatus(db, deps.payments, channels(deps), memberId, body.payment_no, now, request.log),
});

/**
 * Outside /api (the vendors' own formats, no envelope, no token):
 * - POST /pay/notify/:vendor — the gateways' notify callbacks. The body is kept exactly as sent
 *   (a parser of this scope's own, any content type, as a string): the signature covers the bytes.
 * - the local gateway's checkout page and its two buttons (platform/providers/payment-local.ts), when it serves.
 */
export async function servePayPages(app: FastifyInstance, deps: AppDeps) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { vendor: string } }>('/pay/notify/:vendor', async (request, reply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const answer = await handleNotify(deps.db, deps.payments, channels(deps), request.params.vendor, { headers, rawBody }, deps.clock.now(), request.log);
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    });
    const local = deps.payments.local;
    if (!local) return;
    const html = (reply: FastifyReply, page: string | null) =>
      page === null ? reply.status(404).type('text/plain; charset=utf-8').send('支付单不存在') : reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    scope.get<{ Params: { no: string } }>('/pay/gateway/:no', async (request, reply) => html(reply, await local.page(request.params.no)));
    scope.post<{ Params: { no: string; outcome: string } }>('/pay/gateway/:no/:outcome', async (request, reply) => {
      const { no, outcome } = request.params;
      if (outcome !== 'paid' && outcome !== 'failed') return html(reply, null);
      return html(reply, await local.simulate(no, outcome));
    });
  });
}
