import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboard } from './dashboard';
import { adminKey } from '../../../lib/admin-api';

/** POST /api/admin/dashboard — today's counts and the promises due or missed. */
export const getDashboard = () => dashboard.overview();

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: [...adminKey, 'dashboard'], queryFn: getDashboard, refetchInterval: 60_000, refetchOnWindowFocus: true });

export const useDashboard = () => useQuery(dashboardQueryOptions());
