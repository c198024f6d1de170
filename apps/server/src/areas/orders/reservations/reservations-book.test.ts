import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOURS_NOT_CONSECUTIVE_MESSAGE, SLOT_TAKEN_MESSAGE, type Reservation } from '@lab/contract';
import { call, testDbKind, type TestContext } from '../../../../test/harness';
import { memberMessages } from '../../messages/member-messages.tables';
import { orderEvents, orderLines, orders, reservations } from '../orders.tables';
import { reservationSlots } from './reservations.tables';
import { MONDAY, SUNDAY, TODAY, reservationCalls, reservationsSuite } from './reservations.test-helpers';

/** Booking hours: reservation/add (an order of kind reservation) and concurrent bookings of one hour. */

let t: TestContext;

beforeAll(async () => {
  t = await reservationsSuite();
});
afterAll(() => t.close());

const { instrument, member, post, book, activeSlots, itemId, countOf } = reservationCalls(() => t);

describe('POST /api/auth/reservation/add', () => {
  it('books consecutive hours as an order of kind reservation with its line, event and message', async () => {
    const rid = await instrument();
    const alice = await member();
    const res = await book(alice, rid, MONDAY, [10, 9], '观察断口形貌');
    expect(res).toMatchObject({ status: 200, code: 1, msg: '预约成功' });
    expect(res.data).toMatchObject({
      itemRid: rid,
      date: MONDAY,
      hours: [9, 10],
      timeText: '09:00-11:00',
      status: 'booked',
      statusText: '已预约',
      amountFen: 60_000,
      note: '观察断口形貌',
      labLocation: '上海 · 张江实验室 B 栋 2 楼',
      model: 'ZEISS Sigma 300',
    });
    expect(res.data.orderNo).toMatch(/^KY\d{16}$/);

    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, res.data.orderNo!));
    expect(order).toMatchObject({ memberId: alice.member.id, kind: 'reservation', progress: 'submitted', payment: 'unpaid', totalFen: 60_000, lineCount: 1 });
    expect(order!.title).toContain(res.data.name);
    expect(order!.title).toContain(`${MONDAY} 09:00-11:00`);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ count: 2, unitPriceFen: 30_000, amountFen: 60_000, unit: '小时', options: [] });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((e) => e.title)).toEqual(['预约已提交']);
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, alice.member.id));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.content).toContain(`${MONDAY} 09:00-11:00`);
    expect(await activeSlots(rid, MONDAY)).toEqual([9, 10]);
  });

  it('books across lunch (11 and 13 follow one another) and accepts a JSON body', async () => {
    const rid = await instrument();
    const alice = await member();
    const res = await call<Reservation>(t.app, 'POST', '/api/auth/reservation/add', { token: alice.token, json: { rid, date: MONDAY, hours: [11, 13] } });
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect(res.data.timeText).toBe('11:00-12:00、13:00-14:00');
  });

  it('prices an item with options at their first choices, shown on the line; a client price is never read', async () => {
    const rid = await instrument({
      options: [
        { id: 1, name: '附件', choices: [{ id: 11, label: '能谱 EDS', priceFen: 5_000 }, { id: 12, label: '无', priceFen: 0 }] },
        { id: 2, name: '操作', choices: [{ id: 21, label: '工程师代操作', priceFen: 10_000 }] },
      ],
    });
    const alice = await member();
    const res = await post<Reservation>('/api/auth/reservation/add', alice, { rid, date: MONDAY, hours: '[15,16,17]', priceFen: 1, amountFen: 1 });
    expect(res.code).toBe(1);
    expect(res.data.amountFen).toBe(3 * 45_000);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, res.data.orderNo!));
    expect(order!.totalFen).toBe(135_000);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(line!.options.map((o) => `${o.name}:${o.label}`)).toEqual(['附件:能谱 EDS', '操作:工程师代操作']);
  });

  it('refuses bad input and writes nothing', async () => {
    const rid = await instrument();
    const testItem = await instrument({ typeId: 1, groupId: 31, childId: 3101, reservable: false, unit: '样品' });
    const alice = await member();
    const before = await Promise.all([countOf(orders), countOf(reservations), countOf(reservationSlots), countOf(orderLines), countOf(memberMessages)]);
    const cases: [Record<string, string | undefined>, number, string][] = [
      [{ rid, date: '', hours: '[9]' }, 400, '[预约日期]不能为空'],
      [{ rid, date: '2026-3-9', hours: '[9]' }, 400, '[预约日期]格式应为YYYY-MM-DD'],
      [{ rid, date: '2026-02-30', hours: '[9]' }, 400, '[预约日期]不是有效日期'],
      [{ rid, date: TODAY, hours: '[9]' }, 400, '请预约明天及以后的时段'],
      [{ rid, date: '2026-03-01', hours: '[9]' }, 400, '请预约明天及以后的时段'],
      [{ rid, date: SUNDAY, hours: '[9]' }, 400, '周日实验室不开放预约，请选择其他日期'],
      [{ rid, date: '2026-04-07', hours: '[9]' }, 400, '只能预约30天内的时段'],
      [{ rid, date: MONDAY, hours: '[12]' }, 400, '所选时段不在开放时间内'],
      [{ rid, date: MONDAY, hours: '[8,9]' }, 400, '所选时段不在开放时间内'],
      [{ rid, date: MONDAY, hours: '[18]' }, 400, '所选时段不在开放时间内'],
      [{ rid, date: MONDAY, hours: '[9,11]' }, 400, HOURS_NOT_CONSECUTIVE_MESSAGE],
      [{ rid, date: MONDAY, hours: '[13,15]' }, 400, HOURS_NOT_CONSECUTIVE_MESSAGE],
      [{ rid, date: MONDAY, hours: '[]' }, 400, '请选择预约时段'],
      [{ rid, date: MONDAY, hours: undefined }, 400, '请选择预约时段'],
      [{ rid, date: MONDAY, hours: '9,10' }, 400, '[预约时段]格式不正确'],
      [{ rid, date: MONDAY, hours: '["a"]' }, 400, ''],
      [{ rid: testItem, date: MONDAY, hours: '[9]' }, 404, '该项目不支持上门预约'],
      [{ rid: 'no-such-item', date: MONDAY, hours: '[9]' }, 404, '项目不存在'],
      [{ rid: '', date: MONDAY, hours: '[9]' }, 400, '[项目编号]不能为空'],
    ];
    for (const [form, status, msg] of cases) {
      const res = await post('/api/auth/reservation/add', alice, form);
      expect({ form, status: res.status, code: res.code }).toEqual({ form, status, code: 0 });
      if (msg) expect(res.msg).toBe(msg);
      else expect(res.msg).not.toBe('');
    }
    expect(await post('/api/auth/reservation/add', undefined, { rid, date: MONDAY, hours: '[9]' })).toMatchObject({ status: 401, code: 0 });
    const after = await Promise.all([countOf(orders), countOf(reservations), countOf(reservationSlots), countOf(orderLines), countOf(memberMessages)]);
    expect(after).toEqual(before);
  });

  it('a taken hour → 409 and nothing is written; the free neighbours can still be booked', async () => {
    const rid = await instrument();
    const alice = await member();
    const bob = await member();
    expect((await book(alice, rid, MONDAY, [10, 11])).code).toBe(1);
    const before = await Promise.all([countOf(orders), countOf(reservations), countOf(reservationSlots), countOf(orderLines), countOf(memberMessages)]);
    const taken = await book(bob, rid, MONDAY, [9, 10]);
    expect(taken).toMatchObject({ status: 409, code: 0, msg: SLOT_TAKEN_MESSAGE });
    expect(await book(alice, rid, MONDAY, [11])).toMatchObject({ status: 409, msg: SLOT_TAKEN_MESSAGE });
    const after = await Promise.all([countOf(orders), countOf(reservations), countOf(reservationSlots), countOf(orderLines), countOf(memberMessages)]);
    expect(after).toEqual(before);
    expect((await book(bob, rid, MONDAY, [9])).code).toBe(1);
    expect((await book(bob, rid, MONDAY, [13, 14])).code).toBe(1);
    // the same hour of another instrument or another day is a different slot
    expect((await book(bob, await instrument(), MONDAY, [10])).code).toBe(1);
    expect((await book(bob, rid, '2026-03-10', [10])).code).toBe(1);
    expect(await activeSlots(rid, MONDAY)).toEqual([9, 10, 11, 13, 14]);
  });
});

describe('concurrent bookings of one hour', () => {
  const rounds = testDbKind === 'postgres' ? 5 : 2;

  it('two members at once, same hours: exactly one success', async () => {
    for (let round = 0; round < rounds; round += 1) {
      const rid = await instrument();
      const [alice, bob] = await Promise.all([member(), member()]);
      const results = await Promise.all([book(alice, rid, MONDAY, [9, 10]), book(bob, rid, MONDAY, [9, 10])]);
      expect(results.filter((r) => r.code === 1)).toHaveLength(1);
      const refused = results.filter((r) => r.code !== 1);
      expect(refused.map((r) => [r.status, r.msg])).toEqual([[409, SLOT_TAKEN_MESSAGE]]);
      expect(await activeSlots(rid, MONDAY)).toEqual([9, 10]);
      const booked = await t.db.select({ n: count() }).from(reservations).where(eq(reservations.itemId, await itemId(rid)));
      expect(Number(booked[0]!.n)).toBe(1);
    }
  });

  it('ten members at once with overlapping hours (all holding 14:00): exactly one success, one live row per hour', async () => {
    const wishes = [[14], [13, 14], [14, 15], [11, 13, 14], [14, 15, 16], [13, 14, 15], [10, 11, 13, 14], [14, 15, 16, 17], [14], [11, 13, 14, 15]];
    for (let round = 0; round < rounds; round += 1) {
      const rid = await instrument();
      const people = await Promise.all(wishes.map(() => member()));
      const ordersBefore = await countOf(orders);
      const results = await Promise.all(wishes.map((hours, i) => book(people[i]!, rid, MONDAY, hours)));
      const winners = results.filter((r) => r.code === 1);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.code !== 1).every((r) => r.status === 409 && r.msg === SLOT_TAKEN_MESSAGE)).toBe(true);
      const live = await activeSlots(rid, MONDAY);
      expect(live).toEqual(winners[0]!.data.hours);
      expect(new Set(live).size).toBe(live.length);
      expect(await countOf(orders)).toBe(ordersBefore + 1);
      const rows = await t.db.select({ n: count() }).from(reservationSlots).where(eq(reservationSlots.itemId, await itemId(rid)));
      expect(Number(rows[0]!.n)).toBe(live.length);
    }
  });
});
