import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVATION_HOURS } from '@lab/contract';
import type { TestContext } from '../../../../test/harness';
import { makeStaff } from '../../../../test/factories';
import { setItemPublished } from '../../catalog/catalog.service';
import { timeText } from './reservations.service';
import { LAST_DAY, MONDAY, SUNDAY, TODAY, reservationCalls, reservationsSuite, stateOf } from './reservations.test-helpers';

/** An instrument's hours: timeText and the open query4timeExtra (free, taken, mine, past, closed, the window and price). */

let t: TestContext;

beforeAll(async () => {
  t = await reservationsSuite();
});
afterAll(() => t.close());

const { instrument, member, query, book } = reservationCalls(() => t);

describe('timeText', () => {
  it('joins consecutive hours and splits over lunch', () => {
    expect(timeText([9, 10])).toBe('09:00-11:00');
    expect(timeText([17])).toBe('17:00-18:00');
    expect(timeText([10, 11, 13, 14])).toBe('10:00-12:00、13:00-15:00');
  });
});

describe('POST /api/open/device/query4timeExtra', () => {
  it('without a date answers the first open day (tomorrow is a Sunday → Monday), all free, with the window and price', async () => {
    const rid = await instrument();
    const res = await query({ rid });
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect(res.data.rid).toBe(rid);
    expect(res.data.date).toBe(MONDAY);
    expect(res.data.slots.map((s) => s.hour)).toEqual([...RESERVATION_HOURS]);
    expect(res.data.slots[0]).toEqual({ hour: 9, label: '09:00-10:00', state: 'free' });
    expect(res.data.slots.every((s) => s.state === 'free')).toBe(true);
    expect(res.data.priceFen).toBe(30_000);
    expect(res.data.unit).toBe('小时');
    expect(res.data.days).toHaveLength(30);
    expect(res.data.days[0]).toEqual({ date: SUNDAY, free: 0, closed: true });
    expect(res.data.days[1]).toEqual({ date: MONDAY, free: RESERVATION_HOURS.length, closed: false });
    expect(res.data.days.at(-1)!.date).toBe(LAST_DAY);
    expect(res.data.days.filter((d) => d.closed).every((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 0)).toBe(true);
  });

  it('marks taken hours, the asking member\'s hours as mine (only with their token), and counts free hours per day', async () => {
    const rid = await instrument();
    const alice = await member();
    const bob = await member();
    expect((await book(alice, rid, MONDAY, [9, 10])).code).toBe(1);
    expect((await book(bob, rid, MONDAY, [14])).code).toBe(1);
    expect((await book(bob, rid, '2026-03-10', [13, 14, 15])).code).toBe(1);

    const anonymous = await query({ rid, date: MONDAY });
    expect(stateOf(anonymous.data)).toMatchObject({ 9: 'taken', 10: 'taken', 11: 'free', 14: 'taken', 17: 'free' });
    const asAlice = await query({ rid, date: MONDAY }, alice);
    expect(stateOf(asAlice.data)).toMatchObject({ 9: 'mine', 10: 'mine', 11: 'free', 14: 'taken' });
    const asBob = await query({ rid, date: MONDAY }, bob);
    expect(stateOf(asBob.data)).toMatchObject({ 9: 'taken', 10: 'taken', 14: 'mine' });
    // an invalid token on this open route is ignored, not refused
    const badToken = await query({ rid, date: MONDAY }, { token: 'not-a-token' });
    expect(badToken).toMatchObject({ status: 200, code: 1 });
    expect(stateOf(badToken.data)).toMatchObject({ 9: 'taken', 14: 'taken' });
    // a staff token is nobody's member token
    const staff = await makeStaff(t.db, 'lab', t.clock.now());
    expect(stateOf((await query({ rid, date: MONDAY }, staff)).data)).toMatchObject({ 9: 'taken' });

    const days = Object.fromEntries(anonymous.data.days.map((d) => [d.date, d.free]));
    expect(days[MONDAY]).toBe(RESERVATION_HOURS.length - 3);
    expect(days['2026-03-10']).toBe(RESERVATION_HOURS.length - 3);
    expect(days['2026-03-11']).toBe(RESERVATION_HOURS.length);
  });

  it('past for today and earlier, closed for Sundays and beyond the window', async () => {
    const rid = await instrument();
    for (const date of [TODAY, '2026-03-01', '2025-12-31']) {
      const res = await query({ rid, date });
      expect(res.code).toBe(1);
      expect(res.data.slots.every((s) => s.state === 'past')).toBe(true);
    }
    for (const date of [SUNDAY, '2026-04-07', '2026-06-01']) {
      const res = await query({ rid, date });
      expect(res.code).toBe(1);
      expect(res.data.slots.every((s) => s.state === 'closed')).toBe(true);
    }
    expect(stateOf((await query({ rid, date: LAST_DAY })).data)[9]).toBe('free');
  });

  it('shows the price with each option\'s first choice', async () => {
    const rid = await instrument({
      options: [
        { id: 1, name: '附件', choices: [{ id: 11, label: '能谱 EDS', priceFen: 5_000 }, { id: 12, label: '无', priceFen: 0 }] },
      ],
    });
    const res = await query({ rid });
    expect(res.data.priceFen).toBe(35_000);
  });

  it('refuses a bad date, an unknown item and an item that cannot be reserved', async () => {
    const rid = await instrument();
    expect(await query({ rid, date: '2026/03/09' })).toMatchObject({ status: 400, code: 0, msg: '[日期]格式应为YYYY-MM-DD' });
    expect(await query({ rid, date: '2026-02-30' })).toMatchObject({ status: 400, code: 0, msg: '[日期]不是有效日期' });
    expect(await query({ rid: '' })).toMatchObject({ status: 400, code: 0, msg: '[项目编号]不能为空' });
    expect(await query({ rid: 'no-such-item' })).toMatchObject({ status: 404, msg: '项目不存在' });
    const testItem = await instrument({ typeId: 1, groupId: 31, childId: 3101, reservable: false, unit: '样品' });
    expect(await query({ rid: testItem })).toMatchObject({ status: 404, code: 0, msg: '该项目不支持上门预约' });
    // an on-site (type 2) item counts as reservable even without the flag
    const onSite = await instrument({ reservable: false });
    expect((await query({ rid: onSite })).code).toBe(1);
    const hidden = await instrument({ reservable: false });
    await setItemPublished(t.db, hidden, false);
    expect(await query({ rid: hidden })).toMatchObject({ status: 404, msg: '项目不存在' });
  });
});
