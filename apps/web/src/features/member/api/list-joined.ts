import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { communities } from './communities';
import { memberKeys } from '../../../api/query-keys';

/** My memberships and applications in others' communities. */
export const joinedQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...memberKeys.communities, 'joined', page], queryFn: () => communities.joined({ page, pageSize: 10 }), placeholderData: keepPreviousData });

export const useJoined = (page: number) => useQuery(joinedQueryOptions(page));
