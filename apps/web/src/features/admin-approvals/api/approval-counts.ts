import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalCounts } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { approvalKeys } from './keys';

/** POST /api/admin/approvals/counts — what waits for me (the menu's badge) and what of mine waits for others. */
export const getApprovalCounts = () => adminPost<ApprovalCounts>('/api/admin/approvals/counts');

export const approvalCountsQueryOptions = () => queryOptions({ queryKey: approvalKeys.counts, queryFn: getApprovalCounts, staleTime: 15_000, refetchInterval: 60_000 });

export const useApprovalCounts = () => useQuery(approvalCountsQueryOptions());
