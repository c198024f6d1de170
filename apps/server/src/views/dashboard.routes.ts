import { calls } from '@lab/contract/calls';
import { serve } from '../platform/calls';
import { getDashboard } from './dashboard.service';

/** The back office's first screen: today's work and the service promises at risk (every role). */
export const dashboardRoutes = serve(calls.dashboard, {
  overview: { handler: ({ db, now }) => getDashboard(db, now), config: { readOnly: true } },
});
