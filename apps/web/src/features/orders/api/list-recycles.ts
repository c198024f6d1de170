import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { recycles } from './recycles';
import { memberKeys } from '../../../api/query-keys';

/** My requests to have samples sent back. */
export const recyclesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...memberKeys.recycles, page], queryFn: () => recycles.list({ page, pageSize: 10 }), placeholderData: keepPreviousData });

export const useRecycles = (page: number) => useQuery(recyclesQueryOptions(page));
