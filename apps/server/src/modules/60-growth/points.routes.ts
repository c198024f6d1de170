import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminExchangeItemAddBody,
  adminExchangeItemEditBody,
  adminExchangeItemStatusBody,
  adminExchangeListBody,
  adminExchangeShipBody,
  adminPointsApplicationListBody,
  adminPointsDecisionBody,
  exchangeBody,
  pageQuery,
  pointsApplyBody,
  pointsListBody,
  pointsTransferBody,
  type AdminExchangeItem,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import { ok } from '../../platform/envelope';
import { requireMemberId, requireStaff } from '../10-accounts/auth-guard';
import { exchangeAudit, exchangeItemAudit, pointsApplicationAudit } from './growth.audit';
import {
  applyExchange,
  applyForPoints,
  listExchangeItems,
  listMyApplications,
  listMyExchanges,
  listPointsEntries,
  pointsOverview,
  transferPoints,
} from './points.service';
import {
  addExchangeItem,
  editExchangeItem,
  setExchangeItemActive,
  adminListApplications,
  adminListExchanges,
  adminListItems,
  approveApplication,
  refuseApplication,
  shipExchange,
} from './points-admin.service';

const sales = { roles: ['sales'] as const };
const reads = { ...sales, readOnly: true };
const byRid = (body: { rid: string }) => body.rid;

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
  r.post('/api/admin/growth/points/applications', { schema: { body: adminPointsApplicationListBody }, config: reads }, async (request) => ok(await adminListApplications(db, request.body)));
  r.post(
    '/api/admin/growth/points/approve',
    { schema: { body: adminPointsDecisionBody }, config: { ...sales, audit: audit(pointsApplicationAudit, 'points.approve', '通过论文致谢奖励', byRid) } },
    async (request) => ok(await approveApplication(request.db, requireStaff(request).id, request.body, now()), '已通过，积分已发放'),
  );
  r.post(
    '/api/admin/growth/points/refuse',
    { schema: { body: adminPointsDecisionBody }, config: { ...sales, audit: audit(pointsApplicationAudit, 'points.refuse', '驳回论文致谢奖励', byRid) } },
    async (request) => ok(await refuseApplication(request.db, requireStaff(request).id, request.body, now()), '已驳回'),
  );
  r.post('/api/admin/growth/exchange/items', { config: reads }, async () => ok(await adminListItems(db)));
  r.post(
    '/api/admin/growth/exchange/add',
    { schema: { body: adminExchangeItemAddBody }, config: { ...sales, audit: audit<unknown, AdminExchangeItem>(exchangeItemAudit, 'exchange.item.add', '新增兑换商品', null, (data) => data.rid) } },
    async (request) => ok(await addExchangeItem(request.db, request.body, now()), '兑换商品已添加'),
  );
  r.post(
    '/api/admin/growth/exchange/edit',
    { schema: { body: adminExchangeItemEditBody }, config: { ...sales, audit: audit(exchangeItemAudit, 'exchange.item.edit', '修改兑换商品', byRid) } },
    async (request) => ok(await editExchangeItem(request.db, request.body), '兑换商品已保存'),
  );
  r.post(
    '/api/admin/growth/exchange/status',
    { schema: { body: adminExchangeItemStatusBody }, config: { ...sales, audit: audit(exchangeItemAudit, 'exchange.item.status', '上架/下架兑换商品', byRid) } },
    async (request) => {
      const item = await setExchangeItemActive(request.db, request.body);
      return ok(item, item.active ? '兑换商品已上架' : '兑换商品已下架');
    },
  );
  r.post('/api/admin/growth/exchange/list', { schema: { body: adminExchangeListBody }, config: reads }, async (request) => ok(await adminListExchanges(db, request.body)));
  r.post(
    '/api/admin/growth/exchange/ship',
    { schema: { body: adminExchangeShipBody }, config: { ...sales, audit: audit(exchangeAudit, 'exchange.ship', '兑换礼品发货', byRid) } },
    async (request) => ok(await shipExchange(request.db, request.body, now()), '已标记为发货'),
  );
}
