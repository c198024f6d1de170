import { queryOptions, useQuery } from '@tanstack/react-query';
import type { financeCounts as table } from '@lab/contract/views/finance-counts-calls';
import routes from 'virtual:calls/financeCounts';
import { bindStaffCalls } from '../../../api/staff-client';
import { financeKeys } from './keys';

/** POST /api/admin/funds/counts — what waits in each queue (the 待审核 tabs' badges). */
/** the finance work counts: a view over funds' and growth's queues */
const financeCounts = bindStaffCalls<typeof table>(routes);

export const getQueueCounts = () => financeCounts.counts();

export const queueCountsQueryOptions = () => queryOptions({ queryKey: financeKeys.counts, queryFn: getQueueCounts, staleTime: 15_000 });

export const useQueueCounts = () => useQuery(queueCountsQueryOptions());
