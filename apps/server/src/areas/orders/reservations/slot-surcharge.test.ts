import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, Plan, PricedOption } from '@lab/contract';
import { slotChoices, slotRateOf } from '@lab/contract';
import type { TestContext } from '../../../../test/harness';
import { serviceItems } from '../../catalog/catalog.tables';
import { orderLines, orders, planLines } from '../orders.tables';
import { makeBuyer } from '../test-helpers';
import { MONDAY, reservationCalls, reservationsSuite } from './reservations.test-helpers';

/**
 * Issue 31: "a weekend slot priced at the weekday rate unless the member picks the surcharge".
 * An option whose choices are marked weekday | weekend follows the booked day: a Saturday carries
 * the weekend surcharge and a weekday none, by 立即预约, through the plan and on the order,
 * whatever the member sent.
 */

const SATURDAY = '2026-03-14';

/** The seeded SEM 机时's option: 时段 工作日 +0 / 周末 +¥100. */
const slotOption: PricedOption = {
  id: 1,
  name: '时段',
  choices: [
    { id: 11, label: '工作日', priceFen: 0, slot: 'weekday' },
    { id: 12, label: '周末', priceFen: 10_000, slot: 'weekend' },
  ],
};
const probeOption: PricedOption = { id: 2, name: '探针', choices: [{ id: 21, label: '常规探针', priceFen: 0 }, { id: 22, label: '导电探针', priceFen: 5_000 }] };

let t: TestContext;
beforeAll(async () => {
  t = await reservationsSuite();
});
afterAll(() => t.close());

const { instrument, member, post, book, query } = reservationCalls(() => t);

const linesOf = async (orderNo: string) => {
  const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return { order: order!, lines: await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)) };
};

describe('the slot rule (contract)', () => {
  it('reads Saturday and Sunday as the weekend and picks the marked choice', () => {
    expect(slotRateOf(SATURDAY)).toBe('weekend');
    expect(slotRateOf('2026-03-15')).toBe('weekend');
    expect(slotRateOf(MONDAY)).toBe('weekday');
    expect(slotRateOf('2026-03-13')).toBe('weekday'); // Friday
    expect(slotChoices([slotOption, probeOption], SATURDAY)).toEqual({ '1': 12 });
    expect(slotChoices([slotOption, probeOption], MONDAY)).toEqual({ '1': 11 });
    expect(slotChoices([probeOption], SATURDAY)).toEqual({});
  });
});

describe('立即预约 (reservation/add)', () => {
  it('a Saturday booking carries the weekend surcharge; a weekday one carries none', async () => {
    const rid = await instrument({ options: [slotOption] });
    const alice = await member();
    const weekend = await book(alice, rid, SATURDAY, [9, 10]);
    expect(weekend).toMatchObject({ status: 200, code: 1 });
    expect(weekend.data.amountFen).toBe(2 * (30_000 + 10_000));
    const sat = await linesOf(weekend.data.orderNo!);
    expect(sat.order.totalFen).toBe(80_000);
    expect(sat.lines[0]).toMatchObject({ unitPriceFen: 40_000, amountFen: 80_000 });
    expect(sat.lines[0]!.options.map((o) => `${o.name}:${o.label}:${o.priceFen}`)).toEqual(['时段:周末:10000']);

    const weekday = await book(alice, rid, MONDAY, [9]);
    expect(weekday.data.amountFen).toBe(30_000);
    const mon = await linesOf(weekday.data.orderNo!);
    expect(mon.lines[0]!.options.map((o) => `${o.name}:${o.label}`)).toEqual(['时段:工作日']);
  });

  it('the calendar prices the shown day: a Saturday hour with the surcharge, a Monday hour without', async () => {
    const rid = await instrument({ options: [slotOption] });
    expect((await query({ rid, date: SATURDAY })).data.priceFen).toBe(40_000);
    expect((await query({ rid, date: MONDAY })).data.priceFen).toBe(30_000);
  });
});

describe('through the plan (tempDevice/addForReservation → order/add)', () => {
  it('the member cannot pick the weekday rate for a Saturday, nor the surcharge for a weekday; other options stay theirs', async () => {
    const rid = await instrument({ options: [slotOption, probeOption] });
    const bob = await makeBuyer(t);
    const sat = await post<Plan>('/api/auth/tempDevice/addForReservation', bob, { rid, date: SATURDAY, hours: '[13,14]', options: JSON.stringify({ '1': 11, '2': 22 }) });
    expect(sat).toMatchObject({ status: 200, code: 1 });
    const mon = await post<Plan>('/api/auth/tempDevice/addForReservation', bob, { rid, date: MONDAY, hours: '[13]', options: JSON.stringify({ '1': 12, '2': 21 }) });
    expect(mon.code).toBe(1);
    const lines = mon.data.dataArr.flatMap((g) => g.items).filter((l) => l.rid === rid);
    const satLine = lines.find((l) => l.reservation?.date === SATURDAY)!;
    const monLine = lines.find((l) => l.reservation?.date === MONDAY)!;
    expect(satLine.options.map((o) => o.label)).toEqual(['周末', '导电探针']);
    expect(satLine).toMatchObject({ unitPriceFen: 30_000 + 10_000 + 5_000, amountFen: 2 * 45_000 });
    expect(monLine.options.map((o) => o.label)).toEqual(['工作日', '常规探针']);
    expect(monLine).toMatchObject({ unitPriceFen: 30_000, amountFen: 30_000 });

    const placed = await post<OrderDetail>('/api/auth/order/add', bob, {
      lines: JSON.stringify([{ id: satLine.id, samples: [] }, { id: monLine.id, samples: [] }]),
      delivery: 'self',
      agree: 1,
    });
    expect(placed).toMatchObject({ status: 200, code: 1 });
    expect(placed.data.totalFen).toBe(90_000 + 30_000);
  });

  it('a plan line kept from before the rule (weekday rate on a Saturday) is charged the surcharge when ordered', async () => {
    const rid = await instrument({ options: [slotOption] });
    const carol = await makeBuyer(t);
    const added = await post<Plan>('/api/auth/tempDevice/addForReservation', carol, { rid, date: SATURDAY, hours: '[15]', options: JSON.stringify({ '1': 11 }) });
    const line = added.data.dataArr.flatMap((g) => g.items).find((l) => l.rid === rid)!;
    // as a line written before the rule holds it: the weekday choice on a Saturday
    await t.db.update(planLines).set({ choices: { '1': 11 }, choiceKey: '1:11' }).where(eq(planLines.rid, line.id));
    const placed = await post<OrderDetail>('/api/auth/order/add', carol, { lines: JSON.stringify([{ id: line.id, samples: [] }]), delivery: 'self', agree: 1 });
    expect(placed.code).toBe(1);
    expect(placed.data.totalFen).toBe(40_000);
    expect((await linesOf(placed.data.orderNo)).lines[0]!.options.map((o) => o.label)).toEqual(['周末']);
  });

  it('an option without marks is still the member\'s choice on any day', async () => {
    const rid = await instrument({ options: [probeOption] });
    const dave = await member();
    const res = await post<Plan>('/api/auth/tempDevice/addForReservation', dave, { rid, date: SATURDAY, hours: '[16]', options: JSON.stringify({ '2': 22 }) });
    const line = res.data.dataArr.flatMap((g) => g.items).find((l) => l.rid === rid)!;
    expect(line.options.map((o) => o.label)).toEqual(['导电探针']);
    expect(line.unitPriceFen).toBe(35_000);
  });
});

describe('the seeded SEM 机时 and the catalogue editor keep the marks', () => {
  it('the seed marks 工作日 and 周末', async () => {
    const [sem] = await t.db.select({ options: serviceItems.options }).from(serviceItems).where(eq(serviceItems.name, 'SEM 机时预约（自主上机）'));
    expect(sem!.options[0]!.choices.map((c) => [c.label, c.slot])).toEqual([
      ['工作日', 'weekday'],
      ['周末', 'weekend'],
    ]);
  });
});

