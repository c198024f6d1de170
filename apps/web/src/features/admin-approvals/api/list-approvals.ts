import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminApproval, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { approvalKeys } from './keys';

/** POST /api/admin/approvals/list — scope todo (mine to decide) | mine (I filed), status, kind; newest first. */
export const listApprovals = (query: TableQuery) => adminPost<Page<AdminApproval>>('/api/admin/approvals/list', { ...query });

export const approvalsQueryOptions = (query: TableQuery) => queryOptions({ queryKey: approvalKeys.list(query), queryFn: () => listApprovals(query), placeholderData: keepPreviousData });

export const useApprovals = (query: TableQuery) => useQuery(approvalsQueryOptions(query));
