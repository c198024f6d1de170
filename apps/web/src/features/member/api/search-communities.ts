import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { communities } from './communities';
import { memberKeys } from '../../../api/query-keys';

/** By name, unit or owner's name. */
export const searchQueryOptions = (keyword: string, page: number) =>
  queryOptions({
    queryKey: [...memberKeys.communities, 'search', keyword, page],
    queryFn: () => communities.search({ keyword: keyword || undefined, page, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });

export const useCommunitySearch = (keyword: string, page: number) => useQuery(searchQueryOptions(keyword, page));
