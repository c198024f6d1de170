import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCommunity, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/community/list — communities by review status. */
export const listCommunities = (query: TableQuery) => adminPost<Page<AdminCommunity>>('/api/admin/community/list', { ...query });

export const communitiesQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.communities(query), queryFn: () => listCommunities(query), placeholderData: keepPreviousData });

export const useCommunities = (query: TableQuery) => useQuery(communitiesQueryOptions(query));
