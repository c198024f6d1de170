import { HOURS_NOT_CONSECUTIVE_MESSAGE, RESERVATION_HOURS, hourLabel } from '@lab/contract/orders/values';
import { WEEKDAY_NAMES, weekdayOf } from '@lab/contract/dates';

/**
 * Choosing instrument hours: only a run of consecutive opening hours (11:00 → 13:00 over the
 * lunch break counts as consecutive, as on the server). A click next to the run extends it, a
 * click on one of its ends shortens it, any other click starts a new run at that hour.
 */
const order = RESERVATION_HOURS as readonly number[];
const position = (hour: number) => order.indexOf(hour);

export interface HourPick {
  hours: number[];
  /** HOURS_NOT_CONSECUTIVE_MESSAGE when the click could not extend the run and started a new one */
  notice: string | null;
}

export function pickHour(selected: readonly number[], hour: number): HourPick {
  const run = [...selected].sort((a, b) => position(a) - position(b));
  if (run.length === 0) return { hours: [hour], notice: null };
  const first = run[0]!;
  const last = run[run.length - 1]!;
  if (run.includes(hour)) {
    if (run.length === 1) return { hours: [], notice: null };
    if (hour === first) return { hours: run.slice(1), notice: null };
    if (hour === last) return { hours: run.slice(0, -1), notice: null };
    return { hours: [hour], notice: null };
  }
  if (position(hour) === position(first) - 1) return { hours: [hour, ...run], notice: null };
  if (position(hour) === position(last) + 1) return { hours: [...run, hour], notice: null };
  return { hours: [hour], notice: HOURS_NOT_CONSECUTIVE_MESSAGE };
}

/** True when the hours follow one another in the opening hours. */
export function areConsecutive(hours: readonly number[]): boolean {
  const positions = hours.map(position).sort((a, b) => a - b);
  if (positions.some((p) => p < 0)) return false;
  return positions.every((p, i) => i === 0 || p === positions[i - 1]! + 1);
}

/** '09:00-11:00' for a run of hours; '11:00-12:00、13:00-14:00' across the lunch break. */
export function hoursText(hours: readonly number[]): string {
  const sorted = [...hours].sort((a, b) => a - b);
  const parts: [number, number][] = [];
  for (const hour of sorted) {
    const current = parts[parts.length - 1];
    if (current && current[1] === hour) current[1] = hour + 1;
    else parts.push([hour, hour + 1]);
  }
  return parts.map(([from, to]) => hourLabel(from).slice(0, 5) + '-' + hourLabel(to - 1).slice(6)).join('、');
}

/** '11-23' and '周一' of a YYYY-MM-DD day (a calendar date, no time zone involved). */
export function dayParts(day: string): { date: string; weekday: string } {
  const [, month, date] = day.split('-');
  return { date: `${month}-${date}`, weekday: WEEKDAY_NAMES[weekdayOf(day)] ?? '' };
}
