import type { SamplingSetting } from '../content/setting-schemas';
import { addDays, isCalendarDate, labNow, weekdayOf } from '../dates';

/**
 * Home sample pickup (上门取样): which dates and time slots can be booked. One pure module,
 * used by the web dialog to grey out choices and by the server to refuse them again.
 * "Today" and "the current hour" are Asia/Shanghai's, whatever the machine's zone.
 */
export { LAB_TIME_ZONE, addDays, labNow } from '../dates';
/** spec: bookable up to 14 days ahead */
export const PICKUP_MAX_DAYS_AHEAD = 14;
/** spec: today can no longer be chosen from 15:00 */
export const PICKUP_SAME_DAY_CUTOFF_HOUR = 15;

/** The first and last bookable dates as of now (the date picker's range). */
export function pickupDateRange(now: Date): { first: string; last: string } {
  const { date, hour } = labNow(now);
  return { first: hour >= PICKUP_SAME_DAY_CUTOFF_HOUR ? addDays(date, 1) : date, last: addDays(date, PICKUP_MAX_DAYS_AHEAD) };
}

/**
 * Why a date cannot be chosen, or null when it can. The rules, in the spec's words:
 * not in the past; not today after 15:00; not more than 14 days ahead; not a disabled
 * weekday; not a listed disabled date — a date listed in invalid_disabled_date is an
 * exception that opens it despite the weekday and disabled-date rules (never the past, the
 * 15:00 cut-off or the 14-day limit).
 */
export function pickupDateProblem(date: string, setting: SamplingSetting, now: Date): string | null {
  if (!isCalendarDate(date)) return '[取样日期]格式不正确';
  const today = labNow(now);
  if (date < today.date) return '不能选择已经过去的日期';
  if (date === today.date && today.hour >= PICKUP_SAME_DAY_CUTOFF_HOUR) return `当天${PICKUP_SAME_DAY_CUTOFF_HOUR}:00后不能预约当天取样，请选择其他日期`;
  if (date > addDays(today.date, PICKUP_MAX_DAYS_AHEAD)) return `只能预约${PICKUP_MAX_DAYS_AHEAD}天内的上门取样`;
  if (setting.invalid_disabled_date.includes(date)) return null;
  if (setting.disabled_week.includes(weekdayOf(date))) return '该日期暂不提供上门取样，请选择其他日期';
  if (setting.disabled_date.includes(date)) return '该日期暂不提供上门取样，请选择其他日期';
  return null;
}

/** For a date picker's disabledDate. */
export const isPickupDateDisabled = (date: string, setting: SamplingSetting, now: Date): boolean =>
  pickupDateProblem(date, setting, now) !== null;

/** The four configured slots ('HH:mm'), in order, blanks and repeats left out. */
export function pickupSlots(setting: SamplingSetting): string[] {
  const slots = [setting.sampling_time1, setting.sampling_time2, setting.sampling_time3, setting.sampling_time4].map((s) => s.trim()).filter(Boolean);
  return [...new Set(slots)];
}

const slotHour = (slot: string) => Number.parseInt(slot.split(':')[0] ?? '', 10);

/**
 * Slots that cannot be chosen on a date: today, those earlier than the current hour; every
 * day, the disabled time; and any 'YYYY-MM-DD HH:mm' pair listed in disabled_date_time.
 */
export function disabledSlots(date: string, setting: SamplingSetting, now: Date): Set<string> {
  const today = labNow(now);
  const disabled = new Set<string>();
  for (const slot of pickupSlots(setting)) {
    const hour = slotHour(slot);
    if (date === today.date && (Number.isNaN(hour) || hour < today.hour)) disabled.add(slot);
    if (setting.disabled_time && slot === setting.disabled_time.trim()) disabled.add(slot);
    if (setting.disabled_date_time.includes(`${date} ${slot}`)) disabled.add(slot);
  }
  return disabled;
}

/** The server's check of a booking: null when the date and slot can be booked, else the reason. */
export function pickupProblem(date: string, time: string, setting: SamplingSetting, now: Date): string | null {
  const dateProblem = pickupDateProblem(date, setting, now);
  if (dateProblem) return dateProblem;
  if (!pickupSlots(setting).includes(time)) return '[取样时间]不正确，请从可选时间中选择';
  if (disabledSlots(date, setting, now).has(time)) return '该时间段不可预约，请选择其他时间';
  return null;
}
