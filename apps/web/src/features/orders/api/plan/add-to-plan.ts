import type { PlanAddBody } from '@lab/contract';
import { plan } from '../plan';

/** An item with its options and sample count (same item and options merge). */
export const addToPlan = (body: PlanAddBody) =>
  plan.add({
    rid: body.rid,
    count: body.count,
    options: JSON.stringify(body.options),
    ...(body.note ? { note: body.note } : {}),
  });
