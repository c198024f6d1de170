import { z } from 'zod';
import { optionalText, pageQuery, requiredText } from '../common';
import { blankToUndefined, jsonField, optionalDate, requiredDate, requiredDay, rid } from './fields';
import { reservationStatuses } from './schemas';
import { RESERVATION_HOURS } from './values';

export const reservationView = z.object({
  rid: z.string(),
  itemRid: z.string(),
  name: z.string(),
  model: z.string().nullable(),
  labLocation: z.string(),
  date: z.string(),
  hours: z.array(z.number().int()),
  /** '09:00-11:00' (consecutive hours joined) */
  timeText: z.string(),
  status: z.enum(reservationStatuses),
  statusText: z.string(),
  amountFen: z.number().int(),
  orderNo: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
  /** an unpaid booking keeps its hours until then (null: paid, pay-after-test, or no longer booked) */
  holdUntil: z.string().nullable(),
  /** when the first booked hour begins (Asia/Shanghai, as an instant) */
  startsAt: z.string(),
  /** the member may cancel until then (任务设置's hours before the start); null when it is no longer booked */
  cancelUntil: z.string().nullable(),
});

// ---- instrument bookings by week (POST /api/admin/reservations/week) ----

export const adminReservationView = reservationView.extend({
  member: z.object({ rid: z.string(), name: z.string(), phone: z.string() }),
});
export type AdminReservation = z.infer<typeof adminReservationView>;

/** POST /api/admin/reservations/list: a day's bookings, optionally of one instrument */
export const adminReservationListBody = z.object({
  date: requiredText('预约日期', 10).regex(/^\d{4}-\d{2}-\d{2}$/, { error: '[预约日期]格式应为YYYY-MM-DD' }),
  rid: optionalText('项目编号', 40),
});

export const adminReservationWeekBody = z.object({
  /** any day of the week wanted; the week starts on its Monday */
  date: requiredDay('日期'),
  rid: optionalText('项目编号', 40),
});
export const reservationInstrumentView = z.object({ rid: z.string(), name: z.string(), model: z.string().nullable(), labLocation: z.string() });
export type ReservationInstrument = z.infer<typeof reservationInstrumentView>;
export const reservationWeekView = z.object({
  /** Monday … Sunday */
  days: z.array(z.string()),
  instruments: z.array(reservationInstrumentView),
  bookings: z.array(adminReservationView),
});
export type ReservationWeek = z.infer<typeof reservationWeekView>;

/**
 * Unpaid bookings are holds (PRODUCT.md): each keeps its hours for holdMinutes after booking,
 * then counts as released; one member may hold at most capHours unpaid hours at once. Staff
 * change both in the back office (仪器预约 → 预约规则); these apply until they do.
 */
export const reservationSettingsView = z.object({ holdMinutes: z.number().int(), capHours: z.number().int() });

// ---- holds: unpaid bookings (POST /api/admin/reservations/holds | release | settings | settings/save) ----

/** the unpaid bookings holding hours now, the soonest to expire first */
export const reservationHoldsView = z.object({ holds: z.array(adminReservationView), settings: reservationSettingsView });
export type ReservationHolds = z.infer<typeof reservationHoldsView>;
export const adminReservationReleaseBody = z.object({ rid: requiredText('预约编号', 40), reason: optionalText('释放原因', 200) });
/** 标记已使用: the member came and used the instrument (the lab's desk, on the booking's day). */
export const adminReservationUseBody = z.object({ rid: requiredText('预约编号', 40) });
const intField = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `[${label}]必须是数字` })
    .int({ error: `[${label}]必须是整数` })
    .min(min, { error: `[${label}]不能小于${min}` })
    .max(max, { error: `[${label}]不能超过${max}` });
export const adminReservationSettingsBody = z.object({
  hold_minutes: intField('保留时长（分钟）', 10, 7 * 24 * 60),
  cap_hours: intField('未支付机时上限（小时）', 1, 200),
});

// ---- on-site reservations (instrument time) ----

export const RESERVATION_MAX_DAYS_AHEAD = 30;
export type ReservationSettings = z.infer<typeof reservationSettingsView>;
export const DEFAULT_RESERVATION_SETTINGS: ReservationSettings = { holdMinutes: 120, capHours: 8 };
export const HOLD_EXPIRED_MESSAGE = '该预约未在保留时间内支付，时段已释放，订单已取消，请重新预约';
/** booking beyond the cap of unpaid hours */
export const holdCapMessage = (capHours: number, heldHours: number) =>
  `未支付的预约最多可保留${capHours}小时，您已有${heldHours}小时待支付，请先支付或取消已有预约后再预约`;

/** POST /api/open/device/query4timeExtra: one instrument's slots on a day, and a 14-day overview. */
export const timeQueryBody = z.object({ rid: rid('项目编号'), date: optionalDate('日期') });
export const slotStateView = z.object({ hour: z.number().int(), label: z.string(), state: z.enum(['free', 'taken', 'mine', 'past', 'closed']) });
export type SlotState = z.infer<typeof slotStateView>;
export const deviceTimeView = z.object({
  rid: z.string(),
  date: z.string(),
  slots: z.array(slotStateView),
  /** the bookable window: each day with its number of free slots (0 when closed) */
  days: z.array(z.object({ date: z.string(), free: z.number().int(), closed: z.boolean() })),
  priceFen: z.number().int(),
  unit: z.string(),
});
export type DeviceTime = z.infer<typeof deviceTimeView>;

/** reservation/add: book consecutive hours of an instrument on a day (becomes an order of kind reservation). */
export const reservationAddBody = z.object({
  rid: rid('项目编号'),
  date: requiredDate('预约日期'),
  hours: jsonField('预约时段', z.array(z.coerce.number().int(), { error: '请选择预约时段' }).min(1, { error: '请选择预约时段' }).max(RESERVATION_HOURS.length)),
  note: optionalText('备注', 500),
});
export type ReservationAddBody = z.infer<typeof reservationAddBody>;
export const reservationRidBody = z.object({ rid: rid('预约编号') });
export const reservationListBody = pageQuery.extend({ status: z.preprocess(blankToUndefined, z.enum(reservationStatuses).optional()) });
export type Reservation = z.infer<typeof reservationView>;
export const SLOT_TAKEN_MESSAGE = '所选时段已被预约，请选择其他时段';

export const NOT_CANCELLABLE_MESSAGE = (hours: number) => `距预约开始已不足${hours}小时，不能取消，请联系实验室`;
export const noShowBlockMessage = (days: number, count: number) => `您在${days}天内已爽约${count}次，暂不能预约仪器机时，请联系实验室解除限制`;

// ---- wait list for a taken hour (reservation/wait/*) ----

export const waitStatuses = ['waiting', 'offered', 'taken', 'expired', 'left'] as const;
export type WaitStatus = (typeof waitStatuses)[number];
export const waitStatusLabels: Record<WaitStatus, string> = { waiting: '候补中', offered: '为您保留中', taken: '已预约', expired: '保留已过期', left: '已退出' };
export const waitView = z.object({
  rid: z.string(),
  itemRid: z.string(),
  name: z.string(),
  date: z.string(),
  hour: z.number().int(),
  timeText: z.string(),
  status: z.enum(waitStatuses),
  statusText: z.string(),
  /** the member's place among those waiting (1 = next); null when no longer waiting */
  position: z.number().int().nullable(),
  /** an offered slot is held for the member until then */
  offerUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type Wait = z.infer<typeof waitView>;
export const waitJoinBody = z.object({
  rid: rid('项目编号'),
  date: requiredDate('预约日期'),
  hour: z.coerce.number({ error: '请选择候补时段' }).int({ error: '请选择候补时段' }),
});
export const WAIT_FREE_SLOT_MESSAGE = '该时段仍可预约，请直接预约，无需候补';
export const WAIT_HELD_MESSAGE = '该时段正为候补会员保留，请选择其他时段或加入候补';

// ---- no-show blocks (staff) ----

export const bookingBlockView = z.object({
  member: z.object({ rid: z.string(), name: z.string(), phone: z.string() }),
  noShows: z.number().int(),
  lastNoShowAt: z.string(),
});
export type BookingBlock = z.infer<typeof bookingBlockView>;
export const bookingLiftBody = z.object({ member_rid: requiredText('会员编号', 40), reason: requiredText('解除原因', 200) });
