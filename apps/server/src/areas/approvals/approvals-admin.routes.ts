import { calls } from '@lab/contract/calls';
import type { ApprovalLimitBody } from '@lab/contract';
import { audit } from '../../platform/audit';
import { serve } from '../../platform/calls';
import { approvalAudit, approvalLimitAudit, limitKey } from './approvals.audit';
import { approvalCounts, approveRequest, getApproval, listApprovals, listLimits, rejectRequest, saveLimit, withdrawRequest } from './approvals.service';

const readOnly = { readOnly: true };
const byRid = (body: { rid: string }) => body.rid;

/**
 * /api/admin/approvals: the 待审批 list (every role: the lab files refunds too), the decisions —
 * who may take one is the service's rule (not the maker; a role and limit that cover it) —
 * and the limits, which everyone may read and only the admin changes.
 */
export const approvalsRoutes = serve(calls.approvals, {
  list: { handler: ({ db, staff, body }) => listApprovals(db, staff, body), config: readOnly },
  counts: { handler: ({ db, staff }) => approvalCounts(db, staff), config: readOnly },
  detail: { handler: ({ db, staff, body }) => getApproval(db, staff, body.rid), config: readOnly },
  approve: {
    handler: ({ db, deps, request, staff, body, now }) => approveRequest(db, { sms: deps.sms, email: deps.email, log: request.log, documents: { files: deps.files, seal: deps.seal, origin: deps.config.siteOrigin } }, staff, body.rid, now),
    config: { audit: audit(approvalAudit, 'approvals.approve', '审批通过', byRid) },
  },
  reject: {
    handler: ({ db, staff, body, now }) => rejectRequest(db, staff, body.rid, body.reason, now),
    config: { audit: audit(approvalAudit, 'approvals.reject', '驳回审批申请', byRid) },
  },
  withdraw: {
    handler: ({ db, staff, body, now }) => withdrawRequest(db, staff, body.rid, body.reason, now),
    config: { audit: audit(approvalAudit, 'approvals.withdraw', '撤回审批申请', byRid) },
  },
  limits: { handler: ({ db }) => listLimits(db), config: readOnly },
  saveLimit: {
    handler: ({ db, staff, body, now }) => saveLimit(db, staff.id, body, now),
    config: { audit: audit<ApprovalLimitBody>(approvalLimitAudit, 'approvals.limit', '修改审批额度', (body) => limitKey(body.role, body.kind)) },
  },
});
