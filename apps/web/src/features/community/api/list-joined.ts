import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunitySummary, Page } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../../../components/member/member-keys';

/** POST /api/auth/cluster/joined: my memberships and applications in others' communities. */
export const listJoined = (page: number) => apiPost<Page<CommunitySummary>>('/api/auth/cluster/joined', { page, pageSize: 10 });

export const joinedQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...memberKeys.communities, 'joined', page], queryFn: () => listJoined(page), placeholderData: keepPreviousData });

export const useJoined = (page: number) => useQuery(joinedQueryOptions(page));
