import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FinanceQueueCounts } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { financeKeys } from './keys';

/** POST /api/admin/funds/counts — what waits in each queue (the 待审核 tabs' badges). */
export const getQueueCounts = () => adminPost<FinanceQueueCounts>('/api/admin/funds/counts');

export const queueCountsQueryOptions = () => queryOptions({ queryKey: financeKeys.counts, queryFn: getQueueCounts, staleTime: 15_000 });

export const useQueueCounts = () => useQuery(queueCountsQueryOptions());
