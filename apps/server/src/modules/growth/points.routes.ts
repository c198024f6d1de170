import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminExchangeItemBody,
  adminPointsDecisionBody,
  exchangeBody,
  optionalText,
  pageQuery,
  pointsApplyBody,
  pointsListBody,
  pointsTransferBody,
  requiredText,
} from '@lab/contract';
import type { AppDeps } from '../../app';
import { ok } from '../../platform/envelope';
import { requireMemberId, requireStaff } from '../../platform/auth-guard';
import {
  addExchangeItem,
  adminListApplications,
  adminListExchanges,
  adminListItems,
  applyExchange,
  applyForPoints,
  approveApplication,
  listExchangeItems,
  listMyApplications,
  listMyExchanges,
  listPointsEntries,
  pointsOverview,
  refuseApplication,
  shipExchange,
  transferPoints,
} from './points.service';

const sales = { roles: ['sales'] as const };
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const applicationListBody = pageQuery.extend({ status: z.preprocess(blankToUndefined, z.enum(['pending', 'approved', 'refused'], { error: '[状态]不正确' }).optional()) });
const exchangeListBody = pageQuery.extend({ status: z.preprocess(blankToUndefined, z.enum(['done', 'to_ship', 'shipped'], { error: '[状态]不正确' }).optional()) });
const shipBody = z.object({ rid: requiredText('兑换记录', 40), note: optionalText('物流信息', 200) });

/** Points (积分): /api/auth for members, /api/admin/growth for staff (sales; admin always). */
export async function pointsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  // ---- members ----
  r.post('/api/auth/web/integration/init', async (request) => ok(await pointsOverview(db, requireMemberId(request))));
  r.post('/api/auth/web/integration/list', { schema: { body: pointsListBody } }, async (request) => ok(await listPointsEntries(db, requireMemberId(request), request.body)));
  r.post('/api/auth/web/integration/list4exchange', async (request) => ok(await listExchangeItems(db, requireMemberId(request))));
  r.post('/api/auth/integration/apply', { schema: { body: pointsApplyBody } }, async (request) =>
    ok(await applyForPoints(db, requireMemberId(request), request.body, now()), '申请已提交，请等待审核'),
  );
  r.post('/api/auth/integration/applications', { schema: { body: pageQuery } }, async (request) => ok(await listMyApplications(db, requireMemberId(request), request.body)));
  r.post('/api/auth/integration/transfer', { schema: { body: pointsTransferBody } }, async (request) =>
    ok(await transferPoints(db, requireMemberId(request), request.body, now()), '转赠成功'),
  );
  r.post('/api/auth/integration/applyExchange', { schema: { body: exchangeBody } }, async (request) =>
    ok(await applyExchange(db, requireMemberId(request), request.body, now()), '兑换成功'),
  );
  r.post('/api/auth/integration/exchanges', { schema: { body: pageQuery } }, async (request) => ok(await listMyExchanges(db, requireMemberId(request), request.body)));

  // ---- staff ----
  r.post('/api/admin/growth/points/applications', { schema: { body: applicationListBody }, config: sales }, async (request) => ok(await adminListApplications(db, request.body)));
  r.post('/api/admin/growth/points/approve', { schema: { body: adminPointsDecisionBody }, config: sales }, async (request) =>
    ok(await approveApplication(db, requireStaff(request).id, request.body, now()), '已通过，积分已发放'),
  );
  r.post('/api/admin/growth/points/refuse', { schema: { body: adminPointsDecisionBody }, config: sales }, async (request) =>
    ok(await refuseApplication(db, requireStaff(request).id, request.body, now()), '已驳回'),
  );
  r.post('/api/admin/growth/exchange/items', { config: sales }, async () => ok(await adminListItems(db)));
  r.post('/api/admin/growth/exchange/add', { schema: { body: adminExchangeItemBody }, config: sales }, async (request) => ok(await addExchangeItem(db, request.body, now()), '兑换商品已添加'));
  r.post('/api/admin/growth/exchange/list', { schema: { body: exchangeListBody }, config: sales }, async (request) => ok(await adminListExchanges(db, request.body)));
  r.post('/api/admin/growth/exchange/ship', { schema: { body: shipBody }, config: sales }, async (request) => ok(await shipExchange(db, request.body, now()), '已标记为发货'));
}
