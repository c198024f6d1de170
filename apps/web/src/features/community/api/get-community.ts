import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityDetail } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../../../components/member/member-keys';

/** POST /api/auth/cluster/info: members and applications (owner only). */
export const getCommunity = (rid: string) => apiPost<CommunityDetail>('/api/auth/cluster/info', { rid });

export const communityQueryOptions = (rid: string) => queryOptions({ queryKey: [...memberKeys.communities, 'info', rid], queryFn: () => getCommunity(rid) });

export const useCommunity = (rid: string) => useQuery(communityQueryOptions(rid));
