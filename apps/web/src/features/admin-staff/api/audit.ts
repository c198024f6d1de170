import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, Page, StaffRole } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { staffKeys } from './keys';

/** POST /api/admin/audit/list — who changed what, newest first. */
export const listAudit = (query: TableQuery) => adminPost<Page<AuditEntry>>('/api/admin/audit/list', { ...query });

export const useAuditLog = (query: TableQuery) => useQuery({ queryKey: staffKeys.audit(query), queryFn: () => listAudit(query), placeholderData: keepPreviousData });

export interface AuditAction {
  action: string;
  label: string;
  entity: string;
}

/** POST /api/admin/audit/actions — every audited action the server knows. */
export const listAuditActions = () => adminPost<AuditAction[]>('/api/admin/audit/actions');

export const useAuditActions = () => useQuery({ queryKey: staffKeys.auditActions, queryFn: listAuditActions, staleTime: Infinity });

export interface StaffName {
  id: number;
  name: string;
  role: StaffRole;
  disabled: boolean;
}

/** POST /api/admin/staff/names — everyone who can appear as an actor. */
export const listStaffNames = () => adminPost<StaffName[]>('/api/admin/staff/names');

export const useStaffNames = () => useQuery({ queryKey: staffKeys.names, queryFn: listStaffNames, staleTime: 5 * 60_000 });
