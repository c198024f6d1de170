import type { Plan, PlanOperateBody } from '@lab/contract';

export interface PlanOperation {
  action: PlanOperateBody['action'];
  ids: string[];
  count?: number;
  note?: string;
}
import { apiPost } from '../../../lib/api';

/** POST /api/auth/tempDevice/operate: a line's count or note, remove lines, or empty the plan. */
export const operatePlan = (body: PlanOperation) =>
  apiPost<Plan>('/api/auth/tempDevice/operate', {
    action: body.action,
    ids: body.ids.join(','),
    ...(body.count !== undefined ? { count: body.count } : {}),
    ...(body.action === 'note' ? { note: body.note ?? '' } : {}),
  });
