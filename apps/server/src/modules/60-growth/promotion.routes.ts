import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPartnerDecisionBody,
  adminWithdrawalListBody,
  adminPartnerListBody,
  adminWithdrawDecisionBody,
  promoterApplyBody,
  rebateListBody,
  withdrawAddBody,
  withdrawListBody,
  withdrawRidBody,
  withdrawUpdateBody,
  type StaffRole,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { requireMemberId, requireStaff } from '../10-accounts/auth-guard';
import { audit } from '../../platform/audit';
import { ok } from '../../platform/envelope';
import { withdrawalAudit } from '../35-funds/funds.audit';
import { partnerAudit } from './growth.audit';
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
  r.post('/api/admin/growth/partner/list', { schema: { body: adminPartnerListBody }, config: { ...sales, readOnly: true } }, async (request) => {
    requireStaff(request);
    return ok(await adminListPartners(db, request.body));
  });
  r.post(
    '/api/admin/growth/partner/approve',
    { schema: { body: adminPartnerDecisionBody }, config: { ...sales, audit: audit<{ rid: string }>(partnerAudit, 'partner.approve', '通过推广合伙人申请', (body) => body.rid) } },
    async (request) => ok(await decidePartner(request.db, requireStaff(request).id, { ...request.body, approve: true }, now()), '已通过'),
  );
  r.post(
    '/api/admin/growth/partner/refuse',
    { schema: { body: adminPartnerDecisionBody }, config: { ...sales, audit: audit<{ rid: string }>(partnerAudit, 'partner.refuse', '驳回推广合伙人申请', (body) => body.rid) } },
    async (request) => ok(await decidePartner(request.db, requireStaff(request).id, { ...request.body, approve: false }, now()), '已驳回'),
  );
  // withdrawals are finance's (the queue, its export and the audit entity live with the money: funds/)
  r.post('/api/admin/growth/withdraw/list', { schema: { body: adminWithdrawalListBody }, config: { ...finance, readOnly: true } }, async (request) => {
    requireStaff(request);
    return ok(await adminListWithdrawals(db, request.body));
  });
  r.post(
    '/api/admin/growth/withdraw/pay',
    { schema: { body: adminWithdrawDecisionBody }, config: { ...finance, audit: audit(withdrawalAudit, 'growth.withdraw.pay', '提现打款', (body: { rid: string }) => body.rid) } },
    async (request) => ok(await decideWithdrawal(request.db, requireStaff(request).id, { ...request.body, pay: true }, now()), '已打款'),
  );
  r.post(
    '/api/admin/growth/withdraw/refuse',
    { schema: { body: adminWithdrawDecisionBody }, config: { ...finance, audit: audit(withdrawalAudit, 'growth.withdraw.refuse', '驳回提现申请', (body: { rid: string }) => body.rid) } },
    async (request) => ok(await decideWithdrawal(request.db, requireStaff(request).id, { ...request.body, pay: false }, now()), '已驳回'),
  );
}
