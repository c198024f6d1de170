import { createEvent } from 'ics';
import { labInstant } from '@lab/contract';
import { AppError } from '../../../platform/errors';

/**
 * When a booking happens, as instants: its day and hours are lab time (Asia/Shanghai), so the
 * first hour 09 on 2026-03-09 begins at 2026-03-09T01:00Z. The calendar file names the instants
 * in UTC (…Z), which every calendar shows in its own zone — 09:00 for a member in China.
 */

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export const bookingStart = (day: string, hours: readonly number[]) => labInstant(day, pad(Math.min(...hours)));
export const bookingEnd = (day: string, hours: readonly number[]) => labInstant(day, pad(Math.max(...hours) + 1));

export interface CalendarBooking {
  rid: string;
  day: string;
  hours: readonly number[];
  timeText: string;
  name: string;
  model: string | null;
  labLocation: string;
  orderNo: string | null;
}

/** The booking as an iCalendar file (RFC 5545) made with the `ics` package. */
export function bookingIcs(booking: CalendarBooking, now: Date): string {
  const start = bookingStart(booking.day, booking.hours);
  const end = bookingEnd(booking.day, booking.hours);
  const { error, value } = createEvent({
    productId: 'keyan-lab/bookings',
    uid: `${booking.rid}@bookings.keyan-lab`,
    title: `仪器上机：${booking.name}`,
    description: `${booking.day} ${booking.timeText}（北京时间）${booking.model ? `，型号 ${booking.model}` : ''}${booking.orderNo ? `，订单 ${booking.orderNo}` : ''}。请按时到实验室上机，开始后30分钟未上机记为爽约。`,
    location: booking.labLocation || '实验室',
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    created: now.getTime(),
    status: 'CONFIRMED',
    alarms: [{ action: 'display', description: '仪器上机提醒', trigger: { hours: 1, before: true } }],
  });
  if (error || !value) throw new AppError('ICS_FAILED', '日历文件生成失败，请稍后重试', { status: 500 });
  return value;
}
