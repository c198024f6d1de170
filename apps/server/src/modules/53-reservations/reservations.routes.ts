import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalText, requiredText, reservationAddBody, reservationListBody, reservationRidBody, timeQueryBody } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { readToken, requireMemberId } from '../10-accounts/auth-guard';
import { AppError } from '../../platform/errors';
import { authenticate } from '../10-accounts/sessions.service';
import { addReservation, cancelReservation, listReservations, listReservationsForDay, queryDeviceTime } from './reservations.service';

/** Staff: a day's bookings, optionally of one instrument. */
const adminReservationListBody = z.object({
  date: requiredText('预约日期', 10).regex(/^\d{4}-\d{2}-\d{2}$/, { error: '[预约日期]格式应为YYYY-MM-DD' }),
  rid: optionalText('项目编号', 40),
});

/** The member behind an optional token on an open route; a missing, expired or staff token is simply nobody. */
async function optionalMemberId(db: Db, request: FastifyRequest, now: Date): Promise<number | null> {
  const token = readToken(request);
  if (!token) return null;
  try {
    return (await authenticate(db, token, 'member', now)).subjectId;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}

/** On-site instrument reservations (上门预约): open hours, member bookings, the staff's day list. */
export async function reservationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  r.post('/api/open/device/query4timeExtra', { schema: { body: timeQueryBody } }, async (request) => {
    const at = now();
    return ok(await queryDeviceTime(db, request.body, await optionalMemberId(db, request, at), at));
  });

  r.post('/api/auth/reservation/add', { schema: { body: reservationAddBody } }, async (request) =>
    ok(await addReservation(db, requireMemberId(request), request.body, now()), '预约成功'),
  );
  r.post('/api/auth/reservation/cancel', { schema: { body: reservationRidBody } }, async (request) =>
    ok(await cancelReservation(db, requireMemberId(request), request.body.rid, now()), '预约已取消'),
  );
  r.post('/api/auth/reservation/list4person', { schema: { body: reservationListBody } }, async (request) =>
    ok(await listReservations(db, requireMemberId(request), request.body, now())),
  );

  r.post('/api/admin/reservations/list', { schema: { body: adminReservationListBody }, config: { roles: ['lab', 'sales'], readOnly: true } }, async (request) =>
    ok(await listReservationsForDay(db, request.body, now())),
  );
}
