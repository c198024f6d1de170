import { call, resource } from '../call';
import { financeQueueCountsView } from '../funds/admin-schemas';

/** The finance work counts (财务待办数) over funds' and growth's queues: a view. */
export const financeCounts = resource('financeCounts', {
  counts: call({ method: 'POST', path: '/api/admin/funds/counts', who: ['finance'], summary: '财务待办数', data: financeQueueCountsView }),
});
