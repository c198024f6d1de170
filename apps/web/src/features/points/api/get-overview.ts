import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PointsOverview } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { pointsKeys } from './keys';

/** POST /api/auth/web/integration/init: balance, earned and spent in total, the earning rate. */
export const getPointsOverview = () => apiPost<PointsOverview>('/api/auth/web/integration/init');

export const pointsOverviewQueryOptions = () => queryOptions({ queryKey: pointsKeys.overview, queryFn: getPointsOverview });

export const usePointsOverview = () => useQuery(pointsOverviewQueryOptions());
