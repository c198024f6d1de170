import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalKind, ApprovalLimit, StaffRole } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { approvalKeys } from './keys';

/** POST /api/admin/approvals/limits — every role's limit per kind (null: no limit). */
export const getLimits = () => adminPost<ApprovalLimit[]>('/api/admin/approvals/limits');

export const limitsQueryOptions = () => queryOptions({ queryKey: approvalKeys.limits, queryFn: getLimits });
export const useLimits = () => useQuery(limitsQueryOptions());

/** POST /api/admin/approvals/limits/save — one role's limit for one kind; '' is no limit, '0' always needs approval. */
export const saveLimit = (input: { role: StaffRole; kind: ApprovalKind; limit: string }) => adminPost<ApprovalLimit>('/api/admin/approvals/limits/save', input);

export function useSaveLimit() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveLimit, onSuccess: () => client.invalidateQueries({ queryKey: approvalKeys.all }) });
}
