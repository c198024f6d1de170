import { queryOptions, useQuery } from '@tanstack/react-query';
import { approvals } from './approvals';
import { approvalKeys } from '../../../api/admin-query-keys';

/** POST /api/admin/approvals/counts — what waits for me (the menu's badge) and what of mine waits for others. */
export const getApprovalCounts = () => approvals.counts();

export const approvalCountsQueryOptions = () => queryOptions({ queryKey: approvalKeys.counts, queryFn: getApprovalCounts, staleTime: 15_000, refetchInterval: 60_000 });

export const useApprovalCounts = () => useQuery(approvalCountsQueryOptions());
