import { calls } from '@lab/contract/calls';
import { audit } from '../../../platform/audit';
import { serve } from '../../../platform/calls';
import { byOrderNo, orderAudit } from '../orders.audit';
import { confirmOrderConditions, getOrderConditions } from './conditions.service';
import { staffActorName } from './progress.service';

/** 测试条件确认 (lab): the conditions actually used, read and confirmed (decisions/0058). */
export const conditionsRoutes = serve(calls.adminOrderConditions, {
  get: { handler: ({ db, body }) => getOrderConditions(db, body.order_no), config: { readOnly: true } },
  confirm: {
    handler: async ({ db, staff, body, now }) => confirmOrderConditions(db, await staffActorName(db, staff.id), body, now),
    config: { audit: audit(orderAudit, 'orders.conditions', '确认测试条件', byOrderNo) },
  },
});
