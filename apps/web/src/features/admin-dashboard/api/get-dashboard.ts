import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@lab/contract';
import { adminKey, adminPost } from '../../../lib/admin-api';

/** POST /api/admin/dashboard — today's counts and the promises due or missed. */
export const getDashboard = () => adminPost<AdminDashboard>('/api/admin/dashboard');

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: [...adminKey, 'dashboard'], queryFn: getDashboard, refetchInterval: 60_000, refetchOnWindowFocus: true });

export const useDashboard = () => useQuery(dashboardQueryOptions());
