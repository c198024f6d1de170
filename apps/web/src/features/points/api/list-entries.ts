import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, PointsEntry } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { pointsKeys } from './keys';

/** POST /api/auth/web/integration/list: every change of my points, newest first. */
export const listPointsEntries = (page: number, pageSize = 10) => apiPost<Page<PointsEntry>>('/api/auth/web/integration/list', { page, pageSize });

export const pointsEntriesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...pointsKeys.entries, page], queryFn: () => listPointsEntries(page), placeholderData: keepPreviousData });

export const usePointsEntries = (page: number) => useQuery(pointsEntriesQueryOptions(page));
