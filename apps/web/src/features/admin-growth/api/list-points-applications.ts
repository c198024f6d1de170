import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { growthKeys } from './keys';
import { adminPoints } from './admin-points';

/** POST /api/admin/growth/points/applications — 论文致谢奖励 applications (pending first). */
export const listPointsApplications = (query: TableQuery) => adminPoints.applications(query);

export const pointsApplicationsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: growthKeys.pointsApplications(query), queryFn: () => listPointsApplications(query), placeholderData: keepPreviousData });

export const usePointsApplications = (query: TableQuery) => useQuery(pointsApplicationsQueryOptions(query));
