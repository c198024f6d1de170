import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDate, labDay, labDayEnd, labDayStart, labInstant, labMinute, labNow, labTime, weekdayOf } from '@lab/contract';

describe('the lab calendar (Asia/Shanghai, whatever the machine’s zone)', () => {
  it('reads an instant as Shanghai’s day and clock', () => {
    // 16:30 UTC is half past midnight the next day in Shanghai
    const at = new Date('2026-12-31T16:30:00Z');
    expect(labDay(at)).toBe('2027-01-01');
    expect(labMinute(at)).toBe('2027-01-01 00:30');
    expect(labTime(at)).toBe('2027-01-01 00:30:00');
    expect(labNow(at)).toEqual({ date: '2027-01-01', hour: 0, minute: 30, weekday: 5 });
  });

  it('turns a Shanghai day into the instants a date filter uses', () => {
    expect(labDayStart('2026-11-26').toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(labDayEnd('2026-11-26').toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(labDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(labInstant('2026-11-26', '09:00').toISOString()).toBe('2026-11-26T01:00:00.000Z');
  });

  it('does calendar arithmetic without a zone', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-29')).toBe(0);
  });

  it('knows a real date from a pattern that only looks like one', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-55-01')).toBe(false);
    expect(isCalendarDate('0999-01-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });
});
