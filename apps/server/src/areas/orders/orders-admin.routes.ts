import { calls } from '@lab/contract/calls';
import { labNow } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import type { FastifyBaseLogger } from 'fastify';
import { serve } from '../../platform/calls';
import { audit } from '../../platform/audit';
import { pickupCalendar } from './pickups/sampling.service';
import { byOrderNo, orderAudit } from './orders.audit';
import { recordManagerCall, resendDataNotice, sampleLabels } from './desk/order-desk.service';
import { listReturns, recycleAudit, sendReturn } from './desk/sample-returns.service';

const channels = (deps: AppDeps, log: FastifyBaseLogger) => ({ sms: deps.sms, email: deps.email, log });

/** The order desk beyond the lifecycle steps (sales, lab): the calls of contract/calls/admin-orders.ts (adminOrderDesk). */
export const ordersAdminRoutes = serve(calls.adminOrderDesk, {
  call: {
    handler: ({ db, staff, body, now }) => recordManagerCall(db, staff.id, body, now),
    config: { audit: audit(orderAudit, 'orders.call', '记录回访', byOrderNo) },
  },
  notify: {
    handler: ({ db, staff, body, now, deps, request }) => resendDataNotice(db, channels(deps, request.log), staff.id, body.order_no, now),
    config: { audit: audit(orderAudit, 'orders.notify', '重发数据通知', byOrderNo) },
  },
  labels: { handler: ({ db, body }) => sampleLabels(db, body.order_no), config: { readOnly: true } },
  pickupDays: { handler: ({ db, body, now }) => pickupCalendar(db, body.from, body.to, labNow(now).date), config: { readOnly: true } },
  returns: { handler: ({ db, body, now }) => listReturns(db, body, now), config: { readOnly: true } },
  sendReturn: {
    handler: ({ db, staff, body, now, deps, request }) => sendReturn(db, channels(deps, request.log), staff.id, body, now),
    config: { audit: audit<{ rid: string }>(recycleAudit, 'returns.send', '样品寄回', (body) => body.rid) },
  },
});
