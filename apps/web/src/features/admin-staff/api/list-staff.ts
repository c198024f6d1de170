import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, StaffAccount } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { staffKeys } from './keys';

export type StaffListQuery = TableQuery;

/** POST /api/admin/staff/list — staff accounts, filtered and sorted on the server. */
export const listStaff = (query: StaffListQuery) => adminPost<Page<StaffAccount>>('/api/admin/staff/list', { ...query });

export const staffListQueryOptions = (query: StaffListQuery) =>
  queryOptions({ queryKey: staffKeys.list(query), queryFn: () => listStaff(query), placeholderData: keepPreviousData });

export const useStaffList = (query: StaffListQuery) => useQuery(staffListQueryOptions(query));
