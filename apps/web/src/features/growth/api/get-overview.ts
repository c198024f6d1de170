import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointsKeys } from './points-keys';
import { points } from './points';

/** POST /api/auth/web/integration/init: balance, earned and spent in total, the earning rate. */
export const getPointsOverview = () => points.overview();

export const pointsOverviewQueryOptions = () => queryOptions({ queryKey: pointsKeys.overview, queryFn: getPointsOverview });

export const usePointsOverview = () => useQuery(pointsOverviewQueryOptions());
