import type { PlanOperateBody } from '@lab/contract';
import { plan } from './plan';

export interface PlanOperation {
  action: PlanOperateBody['action'];
  ids: string[];
  count?: number;
  note?: string;
}

/** A line's count or note, remove lines, or empty the plan. */
export const operatePlan = (body: PlanOperation) =>
  plan.operate({
    action: body.action,
    ids: body.ids.join(','),
    ...(body.count !== undefined ? { count: body.count } : {}),
    ...(body.action === 'note' ? { note: body.note ?? '' } : {}),
  });
