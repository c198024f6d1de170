import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalKind, StaffRole } from '@lab/contract';
import { approvals } from '../approvals';
import { approvalKeys } from '../../../../api/admin-query-keys';
import { useApiMutation } from '../../../../lib/use-api-mutation';

/** POST /api/admin/approvals/limits — every role's limit per kind (null: no limit). */
export const getLimits = () => approvals.limits();

export const limitsQueryOptions = () => queryOptions({ queryKey: approvalKeys.limits, queryFn: getLimits });
export const useLimits = () => useQuery(limitsQueryOptions());

/**
 * POST /api/admin/approvals/limits/save — one role's limits for one kind (yuan text; points for
 * points): the single action and, when given, per day, per month and per customer per month;
 * '' is no limit, '0' always needs approval.
 */
export const saveLimit = (input: { role: StaffRole; kind: ApprovalKind; limit: string; day_limit?: string; month_limit?: string; target_limit?: string }) => approvals.saveLimit(input);

export function useSaveLimit() {
  return useApiMutation({ mutationFn: saveLimit, invalidates: [approvalKeys.all] });
}
