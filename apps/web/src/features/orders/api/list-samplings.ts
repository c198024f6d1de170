import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pickups } from './pickups';
import { memberKeys } from '../../../api/query-keys';

/** My pickups, newest first. */
export const samplingsQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...memberKeys.samplings, page], queryFn: () => pickups.list({ page, pageSize: 10 }), placeholderData: keepPreviousData });

export const useSamplings = (page: number) => useQuery(samplingsQueryOptions(page));
