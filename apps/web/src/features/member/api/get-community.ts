import { queryOptions, useQuery } from '@tanstack/react-query';
import { communities } from './communities';
import { memberKeys } from '../../../api/query-keys';

/** Members and applications for the owner only. */
export const communityQueryOptions = (rid: string) => queryOptions({ queryKey: [...memberKeys.communities, 'info', rid], queryFn: () => communities.detail({ rid }) });

export const useCommunity = (rid: string) => useQuery(communityQueryOptions(rid));
