import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMemberRow, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/member/list — members filtered and sorted on the server. */
export const listMembers = (query: TableQuery) => adminPost<Page<AdminMemberRow>>('/api/admin/member/list', { ...query });

export const membersQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.members(query), queryFn: () => listMembers(query), placeholderData: keepPreviousData });

export const useMembers = (query: TableQuery) => useQuery(membersQueryOptions(query));
