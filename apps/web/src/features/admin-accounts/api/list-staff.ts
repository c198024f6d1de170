import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { staff } from './staff';
import { staffKeys } from './keys';

export type StaffListQuery = TableQuery;

/** POST /api/admin/staff/list — staff accounts, filtered and sorted on the server. */
// the sort field comes from the address bar as text; the server refuses one the table does not allow
export const listStaff = (query: StaffListQuery) => staff.list(query as Parameters<typeof staff.list>[0]);

export const staffListQueryOptions = (query: StaffListQuery) =>
  queryOptions({ queryKey: staffKeys.list(query), queryFn: () => listStaff(query), placeholderData: keepPreviousData });

export const useStaffList = (query: StaffListQuery) => useQuery(staffListQueryOptions(query));
