import type { Plan, PlanAddBody } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/tempDevice/add: an item with its options and sample count (same item and options merge). */
export const addToPlan = (body: PlanAddBody) =>
  apiPost<Plan>('/api/auth/tempDevice/add', {
    rid: body.rid,
    count: body.count,
    options: JSON.stringify(body.options),
    ...(body.note ? { note: body.note } : {}),
  });
