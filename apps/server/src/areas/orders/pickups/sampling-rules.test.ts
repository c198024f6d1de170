import { describe, expect, it } from 'vitest';
import {
  addDays,
  disabledSlots,
  isPickupDateDisabled,
  labNow,
  pickupDateProblem,
  pickupDateRange,
  pickupProblem,
  pickupSlots,
  type SamplingSetting,
} from '@lab/contract';
import { FixedClock } from '../../../platform/clock';

/** Pure date and slot rules (packages/contract/src/sampling.ts), on a fixed clock. */

const setting = (overrides: Partial<SamplingSetting> = {}): SamplingSetting => ({
  disabled_date: [],
  disabled_date_time: [],
  disabled_time: null,
  disabled_week: [],
  invalid_disabled_date: [],
  sampling_time1: '09:00',
  sampling_time2: '11:00',
  sampling_time3: '14:00',
  sampling_time4: '16:00',
  WxTip1: '',
  ...overrides,
});

/** an instant given as Shanghai wall time (UTC+8, no DST) */
const shanghai = (local: string) => new Date(`${local}+08:00`);

// 2026-12-01 is a Tuesday
const clock = new FixedClock(shanghai('2026-12-01T10:30:00'));

describe('labNow: Asia/Shanghai whatever the process zone', () => {
  it('reads the Shanghai date and hour of an instant', () => {
    expect(labNow(clock.now())).toEqual({ date: '2026-12-01', hour: 10, minute: 30, weekday: 2 });
    // 23:30 UTC on Nov 30 is already Dec 1, 07:30 in Shanghai
    expect(labNow(new Date('2026-11-30T23:30:00Z'))).toMatchObject({ date: '2026-12-01', hour: 7 });
    // 15:59 UTC is 23:59 the same day in Shanghai; a minute later it is the next day
    expect(labNow(new Date('2026-12-01T15:59:00Z')).date).toBe('2026-12-01');
    expect(labNow(new Date('2026-12-01T16:00:00Z')).date).toBe('2026-12-02');
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('pickup dates', () => {
  const now = clock.now();

  it('refuses the past, accepts today before 15:00 and the next 14 days', () => {
    expect(pickupDateProblem('2026-11-30', setting(), now)).toBe('不能选择已经过去的日期');
    expect(isPickupDateDisabled('2026-12-01', setting(), now)).toBe(false);
    expect(isPickupDateDisabled('2026-12-15', setting(), now)).toBe(false);
  });

  it('refuses more than 14 days ahead', () => {
    expect(pickupDateProblem('2026-12-16', setting(), now)).toBe('只能预约14天内的上门取样');
    expect(isPickupDateDisabled('2027-01-01', setting(), now)).toBe(true);
  });

  it('closes today from 15:00 Shanghai time, not before', () => {
    const at = (local: string) => shanghai(`2026-12-01T${local}`);
    expect(isPickupDateDisabled('2026-12-01', setting(), at('14:59:59'))).toBe(false);
    expect(pickupDateProblem('2026-12-01', setting(), at('15:00:00'))).toBe('当天15:00后不能预约当天取样，请选择其他日期');
    expect(isPickupDateDisabled('2026-12-01', setting(), at('23:59:00'))).toBe(true);
    // tomorrow stays open, and the 14-day limit counts from today
    expect(isPickupDateDisabled('2026-12-02', setting(), at('15:00:00'))).toBe(false);
    expect(pickupDateRange(at('15:00:00'))).toEqual({ first: '2026-12-02', last: '2026-12-15' });
    expect(pickupDateRange(at('09:00:00'))).toEqual({ first: '2026-12-01', last: '2026-12-15' });
  });

  it('moves with the clock: after midnight Shanghai time yesterday is past', () => {
    const late = new FixedClock(shanghai('2026-12-01T23:59:00'));
    expect(isPickupDateDisabled('2026-12-16', setting(), late.now())).toBe(true);
    late.advance(60_000);
    expect(pickupDateProblem('2026-12-01', setting(), late.now())).toBe('不能选择已经过去的日期');
    expect(isPickupDateDisabled('2026-12-16', setting(), late.now())).toBe(false);
  });

  it('refuses disabled weekdays (0 Sunday … 6 Saturday)', () => {
    const weekends = setting({ disabled_week: [0, 6] });
    expect(isPickupDateDisabled('2026-12-05', weekends, now)).toBe(true); // Saturday
    expect(isPickupDateDisabled('2026-12-06', weekends, now)).toBe(true); // Sunday
    expect(isPickupDateDisabled('2026-12-07', weekends, now)).toBe(false); // Monday
  });

  it('refuses listed disabled dates', () => {
    const holiday = setting({ disabled_date: ['2026-12-03'] });
    expect(pickupDateProblem('2026-12-03', holiday, now)).toBe('该日期暂不提供上门取样，请选择其他日期');
    expect(isPickupDateDisabled('2026-12-04', holiday, now)).toBe(false);
  });

  it('opens a listed exception despite the disabled-date and weekday rules', () => {
    const s = setting({ disabled_date: ['2026-12-03'], disabled_week: [6], invalid_disabled_date: ['2026-12-03', '2026-12-05'] });
    expect(isPickupDateDisabled('2026-12-03', s, now)).toBe(false);
    expect(isPickupDateDisabled('2026-12-05', s, now)).toBe(false); // a Saturday made a working day
    expect(isPickupDateDisabled('2026-12-12', s, now)).toBe(true); // the next Saturday is still closed
  });

  it('never opens an exception that is past, after the cut-off or beyond 14 days', () => {
    const s = setting({ invalid_disabled_date: ['2026-11-30', '2026-12-01', '2026-12-20'] });
    expect(isPickupDateDisabled('2026-11-30', s, now)).toBe(true);
    expect(isPickupDateDisabled('2026-12-01', s, shanghai('2026-12-01T16:00:00'))).toBe(true);
    expect(isPickupDateDisabled('2026-12-20', s, now)).toBe(true);
  });

  it('refuses what is not a calendar date', () => {
    expect(pickupDateProblem('2026-02-30', setting(), now)).toBe('[取样日期]格式不正确');
    expect(pickupDateProblem('12/03/2026', setting(), now)).toBe('[取样日期]格式不正确');
  });
});

describe('pickup slots', () => {
  it('offers the four configured times, blanks and repeats left out', () => {
    expect(pickupSlots(setting())).toEqual(['09:00', '11:00', '14:00', '16:00']);
    expect(pickupSlots(setting({ sampling_time3: '', sampling_time4: '09:00' }))).toEqual(['09:00', '11:00']);
  });

  it('disables slots earlier than the current hour today only', () => {
    const now = shanghai('2026-12-01T11:20:00');
    expect([...disabledSlots('2026-12-01', setting(), now)]).toEqual(['09:00']);
    expect([...disabledSlots('2026-12-01', setting(), shanghai('2026-12-01T14:00:00'))]).toEqual(['09:00', '11:00']);
    expect(disabledSlots('2026-12-02', setting(), now).size).toBe(0);
  });

  it('disables the disabled time every day and listed date-slot pairs', () => {
    const s = setting({ disabled_time: '14:00', disabled_date_time: ['2026-12-03 09:00'] });
    const now = shanghai('2026-12-01T08:00:00');
    expect([...disabledSlots('2026-12-02', s, now)]).toEqual(['14:00']);
    expect([...disabledSlots('2026-12-03', s, now)].sort()).toEqual(['09:00', '14:00']);
  });

  it('checks a booking as the server does', () => {
    const now = shanghai('2026-12-01T11:20:00');
    const s = setting({ disabled_time: '16:00' });
    expect(pickupProblem('2026-12-01', '14:00', s, now)).toBeNull();
    expect(pickupProblem('2026-12-01', '09:00', s, now)).toBe('该时间段不可预约，请选择其他时间');
    expect(pickupProblem('2026-12-02', '16:00', s, now)).toBe('该时间段不可预约，请选择其他时间');
    expect(pickupProblem('2026-12-02', '10:00', s, now)).toBe('[取样时间]不正确，请从可选时间中选择');
    expect(pickupProblem('2026-11-30', '09:00', s, now)).toBe('不能选择已经过去的日期');
  });

  it('gives the same answers whatever the process time zone', () => {
    const before = process.env.TZ;
    try {
      for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo']) {
        process.env.TZ = tz;
        expect(labNow(shanghai('2026-12-01T15:00:00'))).toMatchObject({ date: '2026-12-01', hour: 15 });
        expect(isPickupDateDisabled('2026-12-01', setting(), shanghai('2026-12-01T15:00:00'))).toBe(true);
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
