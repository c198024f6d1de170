import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pointsKeys } from './points-keys';
import { points } from './points';

/** POST /api/auth/integration/applications: my paper acknowledgement applications, newest first. */
export const listApplications = (page: number, pageSize = 10) => points.applications({ page, pageSize });

export const applicationsQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...pointsKeys.applications, page], queryFn: () => listApplications(page), placeholderData: keepPreviousData });

export const useApplications = (page: number) => useQuery(applicationsQueryOptions(page));
