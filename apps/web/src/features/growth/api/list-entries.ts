import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pointsKeys } from './points-keys';
import { points } from './points';

/** POST /api/auth/web/integration/list: every change of my points, newest first. */
export const listPointsEntries = (page: number, pageSize = 10) => points.entries({ page, pageSize });

export const pointsEntriesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...pointsKeys.entries, page], queryFn: () => listPointsEntries(page), placeholderData: keepPreviousData });

export const usePointsEntries = (page: number) => useQuery(pointsEntriesQueryOptions(page));
