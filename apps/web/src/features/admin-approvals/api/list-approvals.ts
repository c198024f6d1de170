import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { approvals } from './approvals';
import { approvalKeys } from '../../../api/admin-query-keys';

/** POST /api/admin/approvals/list — scope todo (mine to decide) | mine (I filed), status, kind; newest first. */
// the sort field comes from the address bar as text; the server refuses one the table does not allow
export const listApprovals = (query: TableQuery) => approvals.list(query as Parameters<typeof approvals.list>[0]);

export const approvalsQueryOptions = (query: TableQuery) => queryOptions({ queryKey: approvalKeys.list(query), queryFn: () => listApprovals(query), placeholderData: keepPreviousData });

export const useApprovals = (query: TableQuery) => useQuery(approvalsQueryOptions(query));
