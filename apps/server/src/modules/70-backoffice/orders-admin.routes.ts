import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCallBody,
  adminNotifyBody,
  adminPickupDaysBody,
  adminReservationReleaseBody,
  adminReservationSettingsBody,
  adminReservationWeekBody,
  adminReturnListBody,
  adminReturnSendBody,
  labNow,
  orderNoBody,
  type StaffRole,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { requireStaff } from '../10-accounts/auth-guard';
import { audit } from '../../platform/audit';
import { ok } from '../../platform/envelope';
import { pickupCalendar } from '../40-member/sampling.service';
import { recordManagerCall, resendDataNotice, sampleLabels } from '../52-labdesk/order-desk.service';
import { saveReservationSettings } from '../50-ordering/holds.service';
import { byOrderNo, orderAudit, reservationAudit, reservationSettingsAudit } from '../50-ordering/orders.audit';
import { listHolds, releaseHoldByStaff, reservationWeek } from '../53-reservations/reservations.service';
import { listReturns, recycleAudit, sendReturn } from '../52-labdesk/sample-returns.service';

const sales: { roles: readonly StaffRole[] } = { roles: ['sales'] };
const salesAndLab: { roles: readonly StaffRole[] } = { roles: ['sales', 'lab'] };

/** The order desk beyond the lifecycle steps (sales, lab): manager calls, notices, labels, sample returns, pickups and bookings by day and week. */
export async function ordersAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();
  const channels = (log: FastifyBaseLogger) => ({ sms: deps.sms, email: deps.email, log });

  r.post(
    '/api/admin/orders/call',
    { schema: { body: adminCallBody }, config: { ...sales, audit: audit(orderAudit, 'orders.call', '记录回访', byOrderNo) } },
    async (request) => ok(await recordManagerCall(request.db, requireStaff(request).id, request.body, now()), '回访已记录'),
  );
  r.post(
    '/api/admin/orders/notify',
    { schema: { body: adminNotifyBody }, config: { ...salesAndLab, audit: audit(orderAudit, 'orders.notify', '重发数据通知', byOrderNo) } },
    async (request) => ok(await resendDataNotice(request.db, channels(request.log), requireStaff(request).id, request.body.order_no, now()), '数据通知已发送'),
  );
  r.post('/api/admin/orders/labels', { schema: { body: orderNoBody }, config: { ...salesAndLab, readOnly: true } }, async (request) =>
    ok(await sampleLabels(db, request.body.order_no)),
  );

  r.post('/api/admin/sampling/days', { schema: { body: adminPickupDaysBody }, config: { ...salesAndLab, readOnly: true } }, async (request) =>
    ok(await pickupCalendar(db, request.body.from, request.body.to, labNow(now()).date)),
  );
  r.post('/api/admin/reservations/week', { schema: { body: adminReservationWeekBody }, config: { ...salesAndLab, readOnly: true } }, async (request) =>
    ok(await reservationWeek(db, request.body, now())),
  );
  r.post('/api/admin/reservations/holds', { config: { ...salesAndLab, readOnly: true } }, async () => ok(await listHolds(db, now())));
  r.post(
    '/api/admin/reservations/release',
    {
      schema: { body: adminReservationReleaseBody },
      config: { ...salesAndLab, audit: audit<{ rid: string }>(reservationAudit, 'reservations.release', '释放未支付预约', (body) => body.rid) },
    },
    async (request) => ok(await releaseHoldByStaff(request.db, requireStaff(request).id, request.body, now()), '已释放该预约，时段已开放'),
  );
  r.post(
    '/api/admin/reservations/settings',
    {
      schema: { body: adminReservationSettingsBody },
      config: { roles: ['lab'], audit: audit(reservationSettingsAudit, 'reservations.settings', '修改预约保留规则', () => 'reservations') },
    },
    async (request) => ok(await saveReservationSettings(request.db, requireStaff(request).id, request.body, now()), '预约规则已保存'),
  );

  r.post('/api/admin/returns/list', { schema: { body: adminReturnListBody }, config: { ...salesAndLab, readOnly: true } }, async (request) =>
    ok(await listReturns(db, request.body, now())),
  );
  r.post(
    '/api/admin/returns/send',
    { schema: { body: adminReturnSendBody }, config: { ...salesAndLab, audit: audit<{ rid: string }>(recycleAudit, 'returns.send', '样品寄回', (body) => body.rid) } },
    async (request) => ok(await sendReturn(request.db, channels(request.log), requireStaff(request).id, request.body, now()), '已标记寄出，并通知会员'),
  );
}
