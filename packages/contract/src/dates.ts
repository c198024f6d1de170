import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The lab's calendar and clock, one module for the server and the web. The lab works in
 * Asia/Shanghai (UTC+8 all year, no daylight saving) whatever zone a machine runs in: a day
 * 'YYYY-MM-DD' means that day in Shanghai, "today" is Shanghai's today, and times a person
 * reads are Shanghai's. Calendar arithmetic on a 'YYYY-MM-DD' (addDays, weekdayOf) involves no
 * zone at all.
 */
export const LAB_TIME_ZONE = 'Asia/Shanghai';

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const inLab = (at: Date) => dayjs(at).tz(LAB_TIME_ZONE);

/**
 * The one "is this a real date" check: 'YYYY-MM-DD' that names a real day (no 2026-02-30, no
 * month 55) from the year 1000 on; the database cannot store the others (500).
 */
export const isCalendarDate = (value: string) => datePattern.test(value) && value >= '1000' && dayjs.utc(value).format('YYYY-MM-DD') === value;

/** The Shanghai day of an instant: 'YYYY-MM-DD'. */
export const labDay = (at: Date) => inLab(at).format('YYYY-MM-DD');

/** 'YYYY-MM-DD HH:mm' on the lab's clock, for sentences a person reads (请在…前完成支付). */
export const labMinute = (at: Date) => inLab(at).format('YYYY-MM-DD HH:mm');

/** 'YYYY-MM-DD HH:mm:ss' on the lab's clock (exports, agreements). */
export const labTime = (at: Date) => inLab(at).format('YYYY-MM-DD HH:mm:ss');

/** Shanghai's calendar date and clock at an instant. */
export function labNow(at: Date): { date: string; hour: number; minute: number; weekday: number } {
  const local = inLab(at);
  return { date: local.format('YYYY-MM-DD'), hour: local.hour(), minute: local.minute(), weekday: local.day() };
}

/** The instant a Shanghai day starts. */
export const labDayStart = (day: string) => dayjs.tz(day, LAB_TIME_ZONE).toDate();

/** The instant the Shanghai day after `day` starts: the end of a date range, exclusive. */
export const labDayEnd = (day: string) => dayjs.tz(addDays(day, 1), LAB_TIME_ZONE).toDate();

/** An instant at a Shanghai day and clock time 'HH:mm'. */
export const labInstant = (day: string, time: string) => dayjs.tz(`${day} ${time}`, LAB_TIME_ZONE).toDate();

/** 'YYYY-MM-DD' plus n days (calendar arithmetic, no zone involved). */
export const addDays = (day: string, days: number) => dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD');

/** 0 Sunday … 6 Saturday of a calendar date. */
export const weekdayOf = (day: string) => dayjs.utc(day).day();
