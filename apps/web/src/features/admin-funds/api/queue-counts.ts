import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminFunds } from './admin-funds';
import { financeKeys } from './keys';

/** POST /api/admin/funds/counts — what waits in each queue (the 待审核 tabs' badges). */
export const getQueueCounts = () => adminFunds.counts();

export const queueCountsQueryOptions = () => queryOptions({ queryKey: financeKeys.counts, queryFn: getQueueCounts, staleTime: 15_000 });

export const useQueueCounts = () => useQuery(queueCountsQueryOptions());
