import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { approvalLimitBody, approvalListBody, approvalRejectBody, approvalRidBody, approvalWithdrawBody, type ApprovalLimitBody } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { requireStaff } from '../10-accounts/auth-guard';
import { audit } from '../../platform/audit';
import { ok } from '../../platform/envelope';
import { approvalAudit, approvalLimitAudit, limitKey } from '../30-approvals/approvals.audit';
import { approvalCounts, approveRequest, getApproval, listApprovals, listLimits, rejectRequest, saveLimit, withdrawRequest } from './approvals.service';

const anyStaff = { roles: 'any' as const };
const byRid = (body: { rid: string }) => body.rid;

/**
 * /api/admin/approvals: the 待审批 list (every role: the lab files refunds too), the decisions —
 * who may take one is the service's rule (not the maker; a role and limit that cover it) —
 * and the limits, which everyone may read and only the admin changes.
 */
export async function approvalsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  r.post('/api/admin/approvals/list', { schema: { body: approvalListBody }, config: { ...anyStaff, readOnly: true } }, async (request) => ok(await listApprovals(db, requireStaff(request), request.body)));
  r.post('/api/admin/approvals/counts', { config: { ...anyStaff, readOnly: true } }, async (request) => ok(await approvalCounts(db, requireStaff(request))));
  r.post('/api/admin/approvals/detail', { schema: { body: approvalRidBody }, config: { ...anyStaff, readOnly: true } }, async (request) => ok(await getApproval(db, requireStaff(request), request.body.rid)));
  r.post('/api/admin/approvals/approve', { schema: { body: approvalRidBody }, config: { ...anyStaff, audit: audit(approvalAudit, 'approvals.approve', '审批通过', byRid) } }, async (request) =>
    ok(await approveRequest(request.db, { sms: deps.sms, email: deps.email, log: request.log }, requireStaff(request), request.body.rid, now()), '已审批通过，已按申请内容办理'),
  );
  r.post('/api/admin/approvals/reject', { schema: { body: approvalRejectBody }, config: { ...anyStaff, audit: audit(approvalAudit, 'approvals.reject', '驳回审批申请', byRid) } }, async (request) =>
    ok(await rejectRequest(request.db, requireStaff(request), request.body.rid, request.body.reason, now()), '已驳回'),
  );
  r.post('/api/admin/approvals/withdraw', { schema: { body: approvalWithdrawBody }, config: { ...anyStaff, audit: audit(approvalAudit, 'approvals.withdraw', '撤回审批申请', byRid) } }, async (request) =>
    ok(await withdrawRequest(request.db, requireStaff(request), request.body.rid, request.body.reason, now()), '已撤回'),
  );

  r.post('/api/admin/approvals/limits', { config: { ...anyStaff, readOnly: true } }, async () => ok(await listLimits(db)));
  r.post(
    '/api/admin/approvals/limits/save',
    { schema: { body: approvalLimitBody }, config: { roles: ['admin'], audit: audit<ApprovalLimitBody>(approvalLimitAudit, 'approvals.limit', '修改审批额度', (body) => limitKey(body.role, body.kind)) } },
    async (request) => ok(await saveLimit(request.db, requireStaff(request).id, request.body, now()), '审批额度已保存'),
  );
}
