import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminCommunities } from './admin-communities';
import { customerKeys } from './keys';

/** Communities by review status. The table's sort and filters come from the URL as text; the server checks them (400 with its msg). */
export const communitiesQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.communities(query), queryFn: () => adminCommunities.list(query as Parameters<typeof adminCommunities.list>[0]), placeholderData: keepPreviousData });

export const useCommunities = (query: TableQuery) => useQuery(communitiesQueryOptions(query));
