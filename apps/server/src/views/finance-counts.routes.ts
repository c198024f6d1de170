import { calls } from '@lab/contract/calls';
import { serve } from '../platform/calls';
import { financeQueueCounts } from './finance-counts.service';

/** 财务待办数: a call of the finance menu (contract adminFunds) counting the queues of funds and growth. */
export const financeCountsRoutes = serve({ counts: calls.financeCounts.counts }, { counts: { handler: ({ db }) => financeQueueCounts(db), config: { readOnly: true } } });
