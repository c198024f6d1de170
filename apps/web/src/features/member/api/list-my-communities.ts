import { queryOptions, useQuery } from '@tanstack/react-query';
import { communities } from './communities';
import { memberKeys } from '../../../api/query-keys';

/** Communities I own (first) or have joined. */
export const myCommunitiesQueryOptions = () => queryOptions({ queryKey: [...memberKeys.communities, 'all'], queryFn: () => communities.mine() });

export const useMyCommunities = () => useQuery(myCommunitiesQueryOptions());
