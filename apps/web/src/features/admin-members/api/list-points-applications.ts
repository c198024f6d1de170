import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPointsApplication, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/growth/points/applications — 论文致谢奖励 applications (pending first). */
export const listPointsApplications = (query: TableQuery) => adminPost<Page<AdminPointsApplication>>('/api/admin/growth/points/applications', { ...query });

export const pointsApplicationsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.pointsApplications(query), queryFn: () => listPointsApplications(query), placeholderData: keepPreviousData });

export const usePointsApplications = (query: TableQuery) => useQuery(pointsApplicationsQueryOptions(query));
