import { calls } from '@lab/contract/calls';
import { serve } from '../../../platform/calls';
import { addRecycle, addSampling, cancelSampling, listRecycles, listSamplings } from './sampling.service';

/** 上门取样 and 样品回收 (the member's side): contract orders/sampling calls. */
export const pickupRoutes = serve(calls.pickups, {
  add: ({ db, memberId, body, now }) => addSampling(db, memberId, body, now),
  list: ({ db, memberId, body }) => listSamplings(db, memberId, body),
  cancel: ({ db, memberId, body, now }) => cancelSampling(db, memberId, body.rid, now),
});

export const recycleRoutes = serve(calls.recycles, {
  add: ({ db, memberId, body, now }) => addRecycle(db, memberId, body, now),
  list: ({ db, memberId, body }) => listRecycles(db, memberId, body),
});
