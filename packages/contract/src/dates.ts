/**
 * The lab's calendar and clock, one module for the server and the web. The lab works in
 * Asia/Shanghai whatever zone a machine runs in: a day 'YYYY-MM-DD' means that day in Shanghai,
 * "today" is Shanghai's today, and times a person reads are Shanghai's. Calendar arithmetic on a
 * 'YYYY-MM-DD' (addDays, weekdayOf) involves no zone at all.
 *
 * Shanghai has kept UTC+8 all year since 1991 (no daylight saving), so the module needs no time
 * zone database and no library: an instant is shifted by the fixed offset and read in UTC. That
 * keeps it small enough for the public pages' first load, where the web uses it too.
 */
export const LAB_TIME_ZONE = 'Asia/Shanghai';
const LAB_OFFSET = '+08:00';
const LAB_OFFSET_MS = 8 * 60 * 60 * 1000;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DDTHH:mm:ss' of an instant on the lab's clock. */
const labIso = (at: Date) => new Date(at.getTime() + LAB_OFFSET_MS).toISOString().slice(0, 19);
/** A calendar date as midnight UTC, for arithmetic that involves no zone. */
const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The one "is this a real date" check: 'YYYY-MM-DD' that names a real day (no 2026-02-30, no
 * month 55) from the year 1000 on; the database cannot store the others (500).
 */
export function isCalendarDate(value: string) {
  if (!datePattern.test(value) || value < '1000') return false;
  const date = utcMidnight(value);
  // Date rolls 02-30 over into March: a real day reads back as itself
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The Shanghai day of an instant: 'YYYY-MM-DD'. */
export const labDay = (at: Date) => labIso(at).slice(0, 10);

/** 'YYYY-MM-DD HH:mm' on the lab's clock, for sentences a person reads (请在…前完成支付). */
export const labMinute = (at: Date) => labIso(at).slice(0, 16).replace('T', ' ');

/** 'YYYY-MM-DD HH:mm:ss' on the lab's clock (exports, agreements). */
export const labTime = (at: Date) => labIso(at).replace('T', ' ');

/** Shanghai's calendar date and clock at an instant. */
export function labNow(at: Date): { date: string; hour: number; minute: number; weekday: number } {
  const local = new Date(at.getTime() + LAB_OFFSET_MS);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours(), minute: local.getUTCMinutes(), weekday: local.getUTCDay() };
}

/** An instant at a Shanghai day and clock time 'HH:mm' (or 'HH:mm:ss'). */
export const labInstant = (day: string, time: string) => new Date(`${day}T${time.length === 5 ? `${time}:00` : time}${LAB_OFFSET}`);

/** The instant a Shanghai day starts. */
export const labDayStart = (day: string) => labInstant(day, '00:00');

/** 'YYYY-MM-DD' plus n days (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number) {
  const date = utcMidnight(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The instant the Shanghai day after `day` starts: the end of a date range, exclusive. */
export const labDayEnd = (day: string) => labDayStart(addDays(day, 1));

/** 0 Sunday … 6 Saturday of a calendar date. */
export const weekdayOf = (day: string) => utcMidnight(day).getUTCDay();

/** The weekday names a person reads, 0 Sunday … 6 Saturday as weekdayOf numbers them. */
export const WEEKDAY_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** 3月5日 from 2026-03-05: a calendar date as a sentence names it. */
export const monthDay = (day: string) => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

/** 3月5日 or 3月5日–3月9日: the days an estimate falls on. */
export const dayRange = (from: string, to: string) => (from === to ? monthDay(from) : `${monthDay(from)}–${monthDay(to)}`);

/** 3 or 3–5: a number of working days, or a range of them. */
export const daySpan = (min: number, max: number) => (min === max ? `${min}` : `${min}–${max}`);
