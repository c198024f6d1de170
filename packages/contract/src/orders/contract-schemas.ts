import { z } from 'zod';
import { pageQuery, requiredText } from '../common';
import { blankToUndefined, rid, staffMemberView } from './fields';

// ---- contracts and agreements (/experiment/contract) ----

/**
 * A contract's state as the member and staff see it. `closed` (无需签署) is an agreement whose
 * order ended before it was in force: a cancelled order's, or a completed order's never signed.
 * It takes no signed copy; the server works it out from the order (it is not stored).
 */
export const contractStatuses = ['to_sign', 'signed', 'confirmed', 'closed'] as const;
export const contractView = z.object({
  rid: z.string(),
  title: z.string(),
  /** agreement: the testing agreement of one order; contract: a framework/enterprise contract from the lab */
  kind: z.enum(['agreement', 'contract']),
  orderNo: z.string().nullable(),
  status: z.enum(contractStatuses),
  statusText: z.string(),
  hasSigned: z.boolean(),
  createdAt: z.string(),
});
export const adminContractView = contractView.extend({
  member: staffMemberView,
  signedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type AdminContract = z.infer<typeof adminContractView>;
export type ContractStatus = (typeof contractStatuses)[number];
export const contractStatusLabels: Record<ContractStatus, string> = { to_sign: '待签署', signed: '已上传，待确认', confirmed: '已生效', closed: '无需签署' };
export type Contract = z.infer<typeof contractView>;
export const contractListBody = pageQuery.extend({ status: z.preprocess(blankToUndefined, z.enum(contractStatuses).optional()) });
export const contractRidBody = z.object({ rid: rid('合同编号') });
/** contract/download, contract/signed, contract/file (GET) */
export const contractQuery = z.object({ rid: requiredText('合同编号', 40) });
