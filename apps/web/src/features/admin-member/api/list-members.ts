import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminCustomers } from './customers';
import { customerKeys } from './keys';

/** Members filtered and sorted on the server. The table's sort and filters come from the URL as text; the server checks them (400 with its msg). */
export const listMembers = (query: TableQuery) => adminCustomers.list(query as Parameters<typeof adminCustomers.list>[0]);

export const membersQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.members(query), queryFn: () => listMembers(query), placeholderData: keepPreviousData });

export const useMembers = (query: TableQuery) => useQuery(membersQueryOptions(query));
