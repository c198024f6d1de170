import { calls } from '@lab/contract/calls';
import { serve } from '../../../platform/calls';
import { audit } from '../../../platform/audit';
import { optionalMemberId } from '../../accounts';
import { saveReservationSettings } from '../holds.service';
import { reservationAudit, reservationSettingsAudit } from '../orders.audit';
import { queryDeviceTime } from './device-time.service';
import { addReservation, cancelReservation, listReservations } from './reservations.service';
import { listHolds, listReservationsForDay, releaseHoldByStaff, reservationWeek } from './reservations-admin.service';
import { bookingLiftAudit, liftBookingBlock, listBookingBlocks } from './booking-rules';
import { markBookingUsed } from './booking-use.service';
import { reservationIcs } from './reservations.service';
import { findReservableItem } from './reservations.service';
import { joinWait, leaveWait, listWaits } from './waits.service';

/** On-site instrument reservations (上门预约): the calls of contract/calls/reservations.ts (reservations). */
export const reservationsRoutes = serve(calls.reservations, {
  deviceTime: async ({ db, body, request, now }) => queryDeviceTime(db, body, await optionalMemberId(db, request, now), now),
  add: ({ db, memberId, body, now }) => addReservation(db, memberId, body, now),
  cancel: ({ db, memberId, body, now }) => cancelReservation(db, memberId, body.rid, now),
  list: ({ db, memberId, body, now }) => listReservations(db, memberId, body, now),
  ics: async ({ db, memberId, query, reply, now }) => {
    const file = await reservationIcs(db, memberId, query.rid, now);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="booking-${file.day}.ics"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .send(file.text);
  },
  waitJoin: async ({ db, memberId, body, now }) => {
    const item = await findReservableItem(db, body.rid);
    return joinWait(db, memberId, { itemId: item.id, date: body.date, hour: body.hour }, now);
  },
  waitLeave: ({ db, memberId, body, now }) => leaveWait(db, memberId, body.rid, now),
  waits: ({ db, memberId, now }) => listWaits(db, memberId, now),
});

/** 仪器预约 in the back office: the calls of contract/calls/reservations.ts (adminReservations). */
export const adminReservationsRoutes = serve(calls.adminReservations, {
  day: { handler: ({ db, body, now }) => listReservationsForDay(db, body, now), config: { readOnly: true } },
  week: { handler: ({ db, body, now }) => reservationWeek(db, body, now), config: { readOnly: true } },
  holds: { handler: ({ db, now }) => listHolds(db, now), config: { readOnly: true } },
  release: {
    handler: ({ db, staff, body, now }) => releaseHoldByStaff(db, staff.id, body, now),
    config: { audit: audit<{ rid: string }>(reservationAudit, 'reservations.release', '释放未支付预约', (body) => body.rid) },
  },
  use: {
    handler: ({ db, staff, body, now }) => markBookingUsed(db, staff.id, body, now),
    config: { audit: audit<{ rid: string }>(reservationAudit, 'reservations.use', '标记预约已使用', (body) => body.rid) },
  },
  settings: {
    handler: ({ db, staff, body, now }) => saveReservationSettings(db, staff.id, body, now),
    config: { audit: audit(reservationSettingsAudit, 'reservations.settings', '修改预约保留规则', () => 'reservations') },
  },
  blocks: { handler: ({ db, now }) => listBookingBlocks(db, now), config: { readOnly: true } },
  lift: {
    handler: ({ db, staff, body, now }) => liftBookingBlock(db, staff.id, body, now),
    config: { audit: audit<{ member_rid: string }>(bookingLiftAudit, 'reservations.lift', '解除爽约限制', (body) => body.member_rid) },
  },
});
