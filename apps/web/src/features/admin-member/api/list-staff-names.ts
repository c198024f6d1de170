import { queryOptions, useQuery } from '@tanstack/react-query';
import { staff } from '../../admin-accounts/api/staff';
import { customerKeys } from './keys';

/** POST /api/admin/staff/names — everyone who can be named; customer managers are the active sales (and admins). */
export const listStaffNames = () => staff.names();

export const staffNamesQueryOptions = () => queryOptions({ queryKey: customerKeys.staffNames, queryFn: listStaffNames, staleTime: 5 * 60_000 });

export function useAdvisers() {
  return useQuery({ ...staffNamesQueryOptions(), select: (people) => people.filter((p) => !p.disabled && (p.role === 'sales' || p.role === 'admin')) });
}
