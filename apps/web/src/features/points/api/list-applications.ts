import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, PointsApplication } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { pointsKeys } from './keys';

/** POST /api/auth/integration/applications: my paper acknowledgement applications, newest first. */
export const listApplications = (page: number, pageSize = 10) => apiPost<Page<PointsApplication>>('/api/auth/integration/applications', { page, pageSize });

export const applicationsQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...pointsKeys.applications, page], queryFn: () => listApplications(page), placeholderData: keepPreviousData });

export const useApplications = (page: number) => useQuery(applicationsQueryOptions(page));
