import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import { addReservationToPlan, addToPlan, getPlan, operatePlan } from './plan.service';

/** 实验计划 (tempDevice): the calls of contract/calls/plan.ts. */
export const planRoutes = serve(calls.plan, {
  list: ({ db, memberId }) => getPlan(db, memberId),
  add: ({ db, memberId, body, now }) => addToPlan(db, memberId, body, now),
  addReservation: ({ db, memberId, body, now }) => addReservationToPlan(db, memberId, body, now),
  operate: ({ db, memberId, body, now }) => operatePlan(db, memberId, body, now),
});
