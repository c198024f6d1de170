import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminReservationListBody, adminReservationReleaseBody, adminReservationSettingsBody, adminReservationView, adminReservationWeekBody, deviceTimeView, reservationAddBody, reservationHoldsView, reservationListBody, reservationRidBody, reservationSettingsView, reservationView, reservationWeekView, timeQueryBody } from './reservation-schemas';

/** On-site instrument time (上门预约): open hours, the member's bookings. */
export const reservations = resource('reservations', {
  deviceTime: call({
    method: 'POST',
    path: '/api/open/device/query4timeExtra',
    who: 'open',
    summary: '仪器可预约时段',
    description: '某台仪器某天的各时段状态与可预约窗口内每天的空闲时段数；带会员令牌时标出自己的预约（mine）。',
    body: timeQueryBody,
    data: deviceTimeView,
  }),
  add: call({
    method: 'POST',
    path: '/api/auth/reservation/add',
    who: 'member',
    summary: '预约仪器机时',
    description: '同一天的连续时段，生成一笔仪器预约订单；未支付的预约在保留时间内占用时段，未支付机时有上限。',
    body: reservationAddBody,
    data: reservationView,
    done: '预约成功',
  }),
  cancel: call({
    method: 'POST',
    path: '/api/auth/reservation/cancel',
    who: 'member',
    summary: '取消仪器预约',
    description: '预约当天及之后不能取消。',
    body: reservationRidBody,
    data: reservationView,
    done: '预约已取消',
  }),
  list: call({ method: 'POST', path: '/api/auth/reservation/list4person', who: 'member', summary: '我的仪器预约', description: '新到旧，可按状态筛选。', body: reservationListBody, data: pageOf(reservationView) }),
});

/** The back office's instrument bookings (仪器预约): by day and week, unpaid holds and their rules. */
export const adminReservations = resource('adminReservations', {
  day: call({
    method: 'POST',
    path: '/api/admin/reservations/list',
    who: ['lab', 'sales'],
    summary: '某天的仪器预约',
    description: '占用时段（或已使用）的预约，按仪器与时段排列，带预约会员。',
    body: adminReservationListBody,
    data: z.array(adminReservationView),
  }),
  week: call({
    method: 'POST',
    path: '/api/admin/reservations/week',
    who: ['sales', 'lab'],
    summary: '仪器预约周视图',
    description: '所给日期所在周（周一至周日）：可预约的仪器与当周的预约。',
    body: adminReservationWeekBody,
    data: reservationWeekView,
  }),
  holds: call({ method: 'POST', path: '/api/admin/reservations/holds', who: ['sales', 'lab'], summary: '未支付的预约保留', description: '正在占用时段的未支付预约，最先到期的在前，以及保留规则。', data: reservationHoldsView }),
  release: call({
    method: 'POST',
    path: '/api/admin/reservations/release',
    who: ['sales', 'lab'],
    summary: '释放未支付预约',
    description: '时段立即开放，未支付的订单按原因取消并站内通知会员；已支付或已释放的预约不能释放。',
    body: adminReservationReleaseBody,
    data: adminReservationView,
    done: '已释放该预约，时段已开放',
  }),
  settings: call({
    method: 'POST',
    path: '/api/admin/reservations/settings',
    who: ['lab'],
    summary: '修改预约保留规则',
    description: '未支付预约的保留时长（分钟）与每位会员未支付机时的上限（小时）。',
    body: adminReservationSettingsBody,
    data: reservationSettingsView,
    done: '预约规则已保存',
  }),
});
