import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { auditLog } from './audit-log';
import { staff } from '../../admin-accounts/api/staff';
import { staffKeys } from '../../admin-accounts/api/keys';

/** POST /api/admin/audit/list — who changed what, newest first. */
// the sort field comes from the address bar as text; the server refuses one the table does not allow
export const listAudit = (query: TableQuery) => auditLog.list(query as Parameters<typeof auditLog.list>[0]);

export const useAuditLog = (query: TableQuery) => useQuery({ queryKey: staffKeys.audit(query), queryFn: () => listAudit(query), placeholderData: keepPreviousData });

/** POST /api/admin/audit/actions — every audited action the server knows. */
export const listAuditActions = () => auditLog.actions();

export const useAuditActions = () => useQuery({ queryKey: staffKeys.auditActions, queryFn: listAuditActions, staleTime: Infinity });

/** POST /api/admin/staff/names — everyone who can appear as an actor. */
export const listStaffNames = () => staff.names();

export const useStaffNames = () => useQuery({ queryKey: staffKeys.names, queryFn: listStaffNames, staleTime: 5 * 60_000 });
