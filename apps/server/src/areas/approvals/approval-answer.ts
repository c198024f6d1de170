import type { FastifyRequest } from 'fastify';
import { isApprovalFiled, type ApprovalFiled } from '@lab/contract';
import { auditFiledAs } from '../../platform/audit';
import { ok } from '../../platform/envelope';
import { said, type Said } from '../../platform/calls';
import { approvalAudit } from './approvals.audit';

/**
 * The answer of a gated staff action: done (`message`), or filed for approval — then the
 * envelope says so in its msg, and the call's audit row names the filed request, so the log
 * shows who asked for what (the checker's decision is the request's second row).
 */
export function answerGated<T>(request: FastifyRequest, result: T | ApprovalFiled, message: string) {
  if (!isApprovalFiled(result)) return ok(result, message);
  auditFiledAs(request, approvalAudit, result.pendingApproval.rid);
  return ok(result, result.message);
}

/**
 * answerGated for a call of the contract's table (platform/calls.ts): what was booked (the
 * call's `done` is its msg), or the filed request with its own sentence as the msg.
 */
export function gatedAnswer<T>(request: FastifyRequest, result: T | ApprovalFiled): T | ApprovalFiled | Said<ApprovalFiled> {
  if (!isApprovalFiled(result)) return result;
  auditFiledAs(request, approvalAudit, result.pendingApproval.rid);
  return said(result, result.message);
}
