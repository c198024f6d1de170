import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPartnerDecisionBody,
  adminWithdrawDecisionBody,
  pageQuery,
  promoterApplyBody,
  rebateListBody,
  withdrawAddBody,
  withdrawListBody,
  withdrawRidBody,
  withdrawUpdateBody,
  type StaffRole,
} from '@lab/contract';
import type { AppDeps } from '../../app';
import { requireMemberId, requireStaff } from '../../platform/auth-guard';
import { ok } from '../../platform/envelope';
import {
  addWithdrawal,
  adminListPartners,
  adminListWithdrawals,
  applyForPartner,
  cancelWithdrawal,
  decidePartner,
  decideWithdrawal,
  listRebates,
  listWithdrawals,
  promotionOverview,
  updateWithdrawal,
} from './promotion.service';

const sales: { roles: readonly StaffRole[] } = { roles: ['sales'] };
const finance: { roles: readonly StaffRole[] } = { roles: ['finance'] };
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const adminPartnerListBody = pageQuery.extend({
  status: z.preprocess(blankToUndefined, z.enum(['pending', 'approved', 'refused'], { error: '[状态]不正确' }).optional()),
});
const adminWithdrawListBody = withdrawListBody;

/**
 * 推广合伙人: the member's overview, application, rebates and withdrawals under /api/auth;
 * staff decide applications (sales) and withdrawals (finance) under /api/admin/growth.
 */
export async function promotionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  // ---- member ----
  r.post('/api/auth/myPromotion/init', async (request) => ok(await promotionOverview(db, requireMemberId(request))));
  r.post('/api/auth/promoter_apply/add', { schema: { body: promoterApplyBody } }, async (request) =>
    ok(await applyForPartner(db, requireMemberId(request), request.body, now()), '申请已提交，请等待审核'),
  );
  r.post('/api/auth/promoter_rebate/list', { schema: { body: rebateListBody } }, async (request) => ok(await listRebates(db, requireMemberId(request), request.body)));
  r.post('/api/auth/promoter_rebate_withdraw/list', { schema: { body: withdrawListBody } }, async (request) =>
    ok(await listWithdrawals(db, requireMemberId(request), request.body)),
  );
  r.post('/api/auth/promoter_rebate_withdraw/add', { schema: { body: withdrawAddBody } }, async (request) =>
    ok(await addWithdrawal(db, requireMemberId(request), request.body, now()), '提现申请已提交，请等待财务处理'),
  );
  r.post('/api/auth/promoter_rebate_withdraw/cancel', { schema: { body: withdrawRidBody } }, async (request) =>
    ok(await cancelWithdrawal(db, requireMemberId(request), request.body.rid, now()), '提现申请已取消'),
  );
  r.post('/api/auth/promoter_rebate_withdraw/update4user', { schema: { body: withdrawUpdateBody } }, async (request) =>
    ok(await updateWithdrawal(db, requireMemberId(request), request.body), '操作成功!'),
  );

  // ---- staff ----
  r.post('/api/admin/growth/partner/list', { schema: { body: adminPartnerListBody }, config: sales }, async (request) => {
    requireStaff(request);
    return ok(await adminListPartners(db, request.body));
  });
  r.post('/api/admin/growth/partner/approve', { schema: { body: adminPartnerDecisionBody }, config: sales }, async (request) =>
    ok(await decidePartner(db, requireStaff(request).id, { ...request.body, approve: true }, now()), '已通过'),
  );
  r.post('/api/admin/growth/partner/refuse', { schema: { body: adminPartnerDecisionBody }, config: sales }, async (request) =>
    ok(await decidePartner(db, requireStaff(request).id, { ...request.body, approve: false }, now()), '已驳回'),
  );
  r.post('/api/admin/growth/withdraw/list', { schema: { body: adminWithdrawListBody }, config: finance }, async (request) => {
    requireStaff(request);
    return ok(await adminListWithdrawals(db, request.body));
  });
  r.post('/api/admin/growth/withdraw/pay', { schema: { body: adminWithdrawDecisionBody }, config: finance }, async (request) =>
    ok(await decideWithdrawal(db, requireStaff(request).id, { ...request.body, pay: true }, now()), '已打款'),
  );
  r.post('/api/admin/growth/withdraw/refuse', { schema: { body: adminWithdrawDecisionBody }, config: finance }, async (request) =>
    ok(await decideWithdrawal(db, requireStaff(request).id, { ...request.body, pay: false }, now()), '已驳回'),
  );
}
