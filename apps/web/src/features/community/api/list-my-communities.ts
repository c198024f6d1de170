import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunitySummary } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../../../components/member/member-keys';

/** POST /api/auth/cluster/all: communities I own (first) or have joined. */
export const listMyCommunities = () => apiPost<CommunitySummary[]>('/api/auth/cluster/all');

export const myCommunitiesQueryOptions = () => queryOptions({ queryKey: [...memberKeys.communities, 'all'], queryFn: listMyCommunities });

export const useMyCommunities = () => useQuery(myCommunitiesQueryOptions());
