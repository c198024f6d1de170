import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunitySummary, Page } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../../../components/member/member-keys';

/** POST /api/auth/cluster/search: by name, unit or owner's name. */
export const searchCommunities = (keyword: string, page: number) =>
  apiPost<Page<CommunitySummary>>('/api/auth/cluster/search', { keyword: keyword || undefined, page, pageSize: 10 });

export const searchQueryOptions = (keyword: string, page: number) =>
  queryOptions({ queryKey: [...memberKeys.communities, 'search', keyword, page], queryFn: () => searchCommunities(keyword, page), placeholderData: keepPreviousData });

export const useCommunitySearch = (keyword: string, page: number) => useQuery(searchQueryOptions(keyword, page));
