import { calls } from '@lab/contract/calls';
import { audit } from '../../../platform/audit';
import { serve } from '../../../platform/calls';
import { samplingAudit } from './sampling.audit';
import { collectSampling, listSamplingsForDay } from './sampling.service';

/** The pickups desk (lab, sales): a day's pickups, 已取样. */
export const adminPickupRoutes = serve(calls.adminPickups, {
  list: { handler: ({ db, body }) => listSamplingsForDay(db, body.date, body.status), config: { readOnly: true } },
  collect: {
    handler: ({ db, staff, body, now }) => collectSampling(db, staff.id, body.rid, now),
    config: { audit: audit<{ rid: string }>(samplingAudit, 'sampling.collect', '标记已取样', (body) => body.rid) },
  },
});
