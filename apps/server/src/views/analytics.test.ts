import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { INSTRUMENT_YEAR_HEADS, RESERVATION_HOURS, type AnalyticsView, type InstrumentYearRow } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../test/harness';
import { makeMember, makeStaff } from '../../test/factories';
import { randomId } from '../platform/crypto';
import { seedCatalog } from '../areas/catalog/catalog.seed';
import { serviceItems } from '../areas/catalog/catalog.tables';
import { creditAccount, ensureAccount, payFromFunds, refundToFunds, systemActor } from '../areas/funds/ledger.service';
import { instrumentClosedDays } from '../areas/orders/desk/queue.tables';
import { orderSamples, sampleEvents } from '../areas/orders/desk/samples.tables';
import { orderLines, orders, reservations } from '../areas/orders/orders.tables';
import { sampleRecycles } from '../areas/orders/pickups/pickups.tables';
import { onlinePaymentOrders, onlinePayments } from '../areas/payments/payments.tables';

/**
 * 运营分析 and 大仪考核 against a small set with known answers. The range is Mon 2026-03-02 to
 * Sun 2026-03-15 (two lab weeks); several events sit at 23:59 and 00:01 Shanghai time on the
 * edges of a week or of the range.
 */

// Friday 2026-03-20 10:00 in Shanghai
const NOW = new Date('2026-03-20T02:00:00.000Z');
const sh = (wall: string) => new Date(`${wall.replace(' ', 'T')}:00+08:00`);
const hours = (at: Date, h: number) => new Date(at.getTime() + h * 3_600_000);
const RANGE = { from: '2026-03-02', to: '2026-03-15' };

let t: TestContext;
let lab: { token: string };
let sales: { token: string };
let itemA: typeof serviceItems.$inferSelect;
let itemB: typeof serviceItems.$inferSelect;
let itemR: typeof serviceItems.$inferSelect;

interface OrderInput {
  memberId: number;
  organization: number;
  item: typeof serviceItems.$inferSelect;
  count: number;
  createdAt: Date;
  progress: (typeof orders.$inferInsert)['progress'];
  kind?: 'test' | 'reservation';
  totalFen?: number;
  receivedAt?: Date;
  deliveredAt?: Date;
  calledAt?: Date;
  notifiedAt?: Date;
}

async function order(input: OrderInput) {
  const totalFen = input.totalFen ?? 1000;
  const [row] = await t.db
    .insert(orders)
    .values({
      orderNo: `KY${randomId(12)}`,
      memberId: input.memberId,
      kind: input.kind ?? 'test',
      progress: input.progress,
      organization: input.organization,
      title: input.item.name,
      lineCount: 1,
      sampleCount: input.count,
      totalFen,
      receivedAt: input.receivedAt ?? null,
      deliveredAt: input.deliveredAt ?? null,
      managerCalledAt: input.calledAt ?? null,
      dataNotifiedAt: input.notifiedAt ?? null,
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    })
    .returning();
  const [line] = await t.db
    .insert(orderLines)
    .values({
      rid: randomId(),
      orderId: row!.id,
      itemId: input.item.id,
      name: input.item.name,
      img: input.item.img,
      typeId: input.item.typeId,
      groupId: input.item.groupId,
      unit: input.item.unit,
      count: input.count,
      unitPriceFen: Math.round(totalFen / input.count),
      amountFen: totalFen,
    })
    .returning();
  return { ...row!, lineId: line!.id };
}

/** Pays an order from the member's funds at `at` (a top-up first), marking it paid. */
async function payFromFundsAt(o: { id: number; orderNo: string; memberId: number }, fen: number, at: Date) {
  await t.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', o.memberId);
    await creditAccount(tx, account.id, fen, 'topup', `test-topup:${o.orderNo}`, systemActor, at);
  });
  await payFromFunds(t.db, { ownerKind: 'member', ownerId: o.memberId, amountFen: fen, reference: `order:${o.orderNo}`, now: at });
  await t.db.update(orders).set({ payment: 'paid', paidFen: fen, paidAt: at }).where(eq(orders.id, o.id));
}

/** Pays an order online (WeChat Pay) at `at`: the online payment, its order row, and the ledger's way through the funds. */
async function payByWechatAt(o: { id: number; orderNo: string; memberId: number }, fen: number, at: Date) {
  const paymentNo = `P${randomId(12)}`;
  const [payment] = await t.db
    .insert(onlinePayments)
    .values({ paymentNo, memberId: o.memberId, purpose: 'order', vendor: 'wechat', scene: 'native', provider: 'local', amountFen: fen, fundsKind: 'member', fundsId: o.memberId, state: 'paid', merchantId: 'm', appId: 'a', expiresAt: hours(at, 2), paidAt: at, createdAt: at })
    .returning();
  await t.db.insert(onlinePaymentOrders).values({ paymentId: payment!.id, orderId: o.id, amountFen: fen, paidOrder: true });
  await t.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', o.memberId);
    await creditAccount(tx, account.id, fen, 'online_pay', `pay:${paymentNo}`, systemActor, at);
  });
  await payFromFunds(t.db, { ownerKind: 'member', ownerId: o.memberId, amountFen: fen, reference: `order:${o.orderNo}`, now: at });
  await t.db.update(orders).set({ payment: 'paid', paidFen: fen, paidAt: at }).where(eq(orders.id, o.id));
}

/** A sample of the order's line moving through the given states at the given times. */
async function sampleMoves(o: { id: number; lineId: number; orderNo: string }, item: typeof serviceItems.$inferSelect, moves: [(typeof sampleEvents.$inferInsert)['toState'], Date][]) {
  const [sample] = await t.db
    .insert(orderSamples)
    .values({ orderId: o.id, lineId: o.lineId, itemId: item.id, code: `${o.orderNo}-1-${randomId(4)}`, state: moves.at(-1)![0], stateAt: moves.at(-1)![1] })
    .returning();
  let from: (typeof sampleEvents.$inferInsert)['fromState'] = null;
  for (const [to, at] of moves) {
    await t.db.insert(sampleEvents).values({ sampleId: sample!.id, orderId: o.id, fromState: from, toState: to, actorKind: 'staff', createdAt: at });
    from = to;
  }
}

async function booking(memberId: number, orderId: number | null, day: string, hoursBooked: number[], status: 'booked' | 'used' | 'cancelled', holdUntil: Date | null = null) {
  await t.db.insert(reservations).values({ rid: randomId(), memberId, itemId: itemR.id, orderId, day, hours: hoursBooked, status, amountFen: 100 * hoursBooked.length, holdUntil, createdAt: sh(`${day} 08:00`) });
}

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  await seedCatalog(t.db);
  const tests = await t.db.select().from(serviceItems).where(eq(serviceItems.reservable, false)).orderBy(asc(serviceItems.id));
  itemA = tests[0]!;
  itemB = tests.find((i) => i.groupId !== itemA.groupId) ?? tests[1]!;
  itemR = (await t.db.select().from(serviceItems).where(eq(serviceItems.reservable, true)).orderBy(asc(serviceItems.id)).limit(1))[0]!;
  lab = await makeStaff(t.db, 'lab', NOW);
  sales = await makeStaff(t.db, 'sales', NOW);

  const teacher = await makeMember(t.db, { organization: 3 });
  const company = await makeMember(t.db, { organization: 2 });
  const student = await makeMember(t.db, { organization: 0 });

  // o6: the teacher's first order (February), received 1 minute before the range starts, still testing
  const o6 = await order({ memberId: teacher.id, organization: 3, item: itemA, count: 2, progress: 'testing', createdAt: sh('2026-02-25 10:00'), receivedAt: sh('2026-03-01 23:59') });
  // o1: 24 h; called in 1 h (kept); data notice after 3 h (late); paid 100 from funds, 30 refunded; a return sent in 23 h
  const o1 = await order({ memberId: teacher.id, organization: 3, item: itemA, count: 2, totalFen: 10_000, progress: 'completed', createdAt: sh('2026-03-01 10:00'), receivedAt: sh('2026-03-02 09:00'), deliveredAt: sh('2026-03-03 09:00'), calledAt: sh('2026-03-02 10:00'), notifiedAt: sh('2026-03-03 12:00') });
  await payFromFundsAt(o1, 10_000, sh('2026-03-02 10:00'));
  await refundToFunds(t.db, { ownerKind: 'member', ownerId: teacher.id, amountFen: 3000, reference: `order:${o1.orderNo}`, now: sh('2026-03-10 10:00') });
  await t.db.insert(sampleRecycles).values({ rid: randomId(), memberId: teacher.id, orderNo: o1.orderNo, samples: '样品A1', name: '张老师', phone: '13800000000', province: '江苏省', city: '苏州市', area: '姑苏区', addressCode: '320508', address: '干将东路 333 号', status: 'sent', handledAt: sh('2026-03-06 09:00'), createdAt: sh('2026-03-05 10:00') });
  await sampleMoves(o1, itemA, [
    ['received', sh('2026-03-02 09:00')],
    ['running', sh('2026-03-02 12:00')],
    ['processing', sh('2026-03-02 15:30')],
    ['data_out', sh('2026-03-03 09:00')],
  ]);
  // o2: 96 h, delivered Sunday 23:59 (first week); never called (missed); notice in 1 h (kept); paid 80 by WeChat Pay
  const o2 = await order({ memberId: teacher.id, organization: 3, item: itemA, count: 2, totalFen: 8000, progress: 'delivered', createdAt: sh('2026-03-03 10:00'), receivedAt: sh('2026-03-04 23:59'), deliveredAt: sh('2026-03-08 23:59'), notifiedAt: sh('2026-03-09 00:59') });
  await payByWechatAt(o2, 8000, sh('2026-03-04 10:00'));
  // o3: the company's first order; received Sunday 23:59, delivered Monday 00:01 (2 minutes); called in 30 min; no notice (missed); paid 200 at Sunday 23:59
  const o3 = await order({ memberId: company.id, organization: 2, item: itemA, count: 3, totalFen: 20_000, progress: 'completed', createdAt: sh('2026-03-05 10:00'), receivedAt: sh('2026-03-08 23:59'), deliveredAt: sh('2026-03-09 00:01'), calledAt: sh('2026-03-09 00:29') });
  await payFromFundsAt(o3, 20_000, sh('2026-03-08 23:59'));
  await sampleMoves(o3, itemA, [
    ['running', sh('2026-03-09 10:00')],
    ['data_out', sh('2026-03-09 12:00')],
  ]);
  // a sample still on the instrument: no end, no hours
  await sampleMoves(o3, itemA, [['running', sh('2026-03-19 10:00')]]);
  // o4: received Monday 00:01, delivered on the range's last minute (167 h 58 min); called after 3 h (late); notice in 1 h; paid the minute after the range
  const o4 = await order({ memberId: company.id, organization: 2, item: itemB, count: 2, totalFen: 5000, progress: 'completed', createdAt: sh('2026-03-06 10:00'), receivedAt: sh('2026-03-09 00:01'), deliveredAt: sh('2026-03-15 23:59'), calledAt: sh('2026-03-09 03:01'), notifiedAt: sh('2026-03-16 00:59') });
  await payFromFundsAt(o4, 5000, sh('2026-03-16 00:01'));
  // o5: received on the range's last minute, delivered the minute after it; never called
  await order({ memberId: teacher.id, organization: 3, item: itemB, count: 1, progress: 'delivered', createdAt: sh('2026-03-10 10:00'), receivedAt: sh('2026-03-15 23:59'), deliveredAt: sh('2026-03-16 00:01'), notifiedAt: sh('2026-03-16 01:00') });
  // o7: waiting for confirmation; the student's only order was cancelled
  await order({ memberId: company.id, organization: 2, item: itemB, count: 4, progress: 'submitted', createdAt: sh('2026-03-19 10:00') });
  await order({ memberId: student.id, organization: 0, item: itemA, count: 1, progress: 'cancelled', createdAt: sh('2026-03-03 10:00') });
  void o6;

  // the bookable instrument: a holiday on Tue 03-10; used 2 h, booked 3 h, an expired hold, a cancelled one, used hours after the range
  await t.db.insert(instrumentClosedDays).values({ itemId: null, day: '2026-03-10', kind: 'holiday' });
  const r1 = await order({ memberId: teacher.id, organization: 3, item: itemR, count: 2, kind: 'reservation', progress: 'completed', createdAt: sh('2026-03-01 10:00') });
  const r2 = await order({ memberId: teacher.id, organization: 3, item: itemR, count: 2, kind: 'reservation', progress: 'completed', createdAt: sh('2026-03-01 11:00') });
  await booking(teacher.id, r1.id, '2026-03-03', [9, 10], 'used');
  await booking(company.id, null, '2026-03-04', [13, 14, 15], 'booked');
  await booking(company.id, null, '2026-03-05', [9], 'booked', sh('2026-03-04 09:00'));
  await booking(company.id, null, '2026-03-06', [10], 'cancelled');
  await booking(teacher.id, r2.id, '2026-03-16', [9, 10], 'used');
});
afterAll(() => t?.close());

const overview = async (body: Record<string, string | number> = {}, token = lab.token) => call<AnalyticsView>(t.app, 'POST', '/api/admin/analytics', { token, form: { ...RANGE, ...body } });

describe('运营分析', () => {
  it('answers each figure of the seeded set, counted in Shanghai days and weeks', async () => {
    const { status, data } = await overview();
    expect(status).toBe(200);
    expect(data.turnaround.weeks).toEqual([
      { week: '2026-03-02', n: 2, medianHours: 60, p90Hours: 88.8 },
      { week: '2026-03-09', n: 2, medianHours: 84, p90Hours: 151.2 },
    ]);
    expect(data.turnaround.items).toEqual([
      { itemId: itemA.id, name: itemA.name, n: 3, medianHours: 24, p90Hours: 81.6 },
      { itemId: itemB.id, name: itemB.name, n: 1, medianHours: 168, p90Hours: 168 },
    ]);
    expect(data.promises).toEqual([
      { kind: 'call', label: '到样回访', kept: 2, late: 1, missed: 2, rate: 0.4 },
      { kind: 'notice', label: '数据通知', kept: 2, late: 1, missed: 1, rate: 0.5 },
      { kind: 'return', label: '样品回寄', kept: 1, late: 0, missed: 0, rate: 1 },
    ]);
    expect(data.samples).toEqual([
      { week: '2026-03-02', itemId: itemA.id, name: itemA.name, samples: 7 },
      { week: '2026-03-09', itemId: itemB.id, name: itemB.name, samples: 3 },
    ]);
    expect(data.backlog.map((b) => [b.progress, b.orders, b.samples])).toEqual([
      ['submitted', 1, 4],
      ['awaiting_sample', 0, 0],
      ['received', 0, 0],
      ['testing', 1, 2],
    ]);
    expect(data.revenue).toEqual([
      { channel: 'wechat', customerType: '3', paidFen: 8000, refundedFen: 0, netFen: 8000 },
      { channel: 'funds', customerType: '3', paidFen: 10_000, refundedFen: 3000, netFen: 7000 },
      { channel: 'funds', customerType: '2', paidFen: 20_000, refundedFen: 0, netFen: 20_000 },
    ]);
    expect(data.customers).toEqual([{ month: '2026-03', newCustomers: 1, returning: 1 }]);
    // 12 working days (two Sundays off) less the holiday: 11 × 8 open hours
    const r = data.utilisation.find((u) => u.itemId === itemR.id)!;
    expect(r).toEqual({ itemId: itemR.id, name: itemR.name, openHours: 11 * RESERVATION_HOURS.length, bookedHours: 5, usedHours: 2, bookedRate: 0.057, usedRate: 0.023 });
    expect(data.instruments.some((i) => i.id === itemR.id && i.reservable)).toBe(true);
  });

  it('narrows every tile by customer type, instrument and group', async () => {
    const companies = (await overview({ customerType: '2' })).data;
    expect(companies.revenue).toEqual([{ channel: 'funds', customerType: '2', paidFen: 20_000, refundedFen: 0, netFen: 20_000 }]);
    expect(companies.turnaround.items.map((i) => [i.itemId, i.n])).toEqual([
      [itemA.id, 1],
      [itemB.id, 1],
    ]);
    expect(companies.customers).toEqual([{ month: '2026-03', newCustomers: 1, returning: 0 }]);
    expect(companies.utilisation.find((u) => u.itemId === itemR.id)).toMatchObject({ bookedHours: 3, usedHours: 0 });

    const onlyB = (await overview({ itemId: itemB.id })).data;
    expect(onlyB.samples).toEqual([{ week: '2026-03-09', itemId: itemB.id, name: itemB.name, samples: 3 }]);
    expect(onlyB.backlog.find((b) => b.progress === 'submitted')!.orders).toBe(1);
    expect(onlyB.backlog.find((b) => b.progress === 'testing')!.orders).toBe(0);
    expect(onlyB.utilisation).toEqual([]);

    const groupA = (await overview({ groupId: itemA.groupId })).data;
    expect(groupA.turnaround.items.map((i) => i.itemId)).toContain(itemA.id);
    expect(groupA.turnaround.items.map((i) => i.itemId)).not.toContain(itemB.id);
  });

  it('moves a figure across the week and range edges by one minute of Shanghai time', async () => {
    // the range ending Sunday 03-08 keeps o2 (delivered 23:59) and drops o3 (delivered Monday 00:01)
    const firstWeek = (await overview({ to: '2026-03-08' })).data;
    expect(firstWeek.turnaround.weeks).toEqual([{ week: '2026-03-02', n: 2, medianHours: 60, p90Hours: 88.8 }]);
    expect(firstWeek.samples).toEqual([{ week: '2026-03-02', itemId: itemA.id, name: itemA.name, samples: 7 }]);
    expect(firstWeek.revenue.find((m) => m.customerType === '2')?.paidFen).toBe(20_000);
    // from Monday 03-09: o3's Sunday 23:59 payment and receipt are out
    const secondWeek = (await overview({ from: '2026-03-09' })).data;
    expect(secondWeek.revenue.find((m) => m.customerType === '2')).toBeUndefined();
    expect(secondWeek.samples).toEqual([{ week: '2026-03-09', itemId: itemB.id, name: itemB.name, samples: 3 }]);
  });

  it('refuses a range over three years and bad filters in Chinese, and keeps to its roles', async () => {
    expect(await overview({ from: '2023-01-01', to: '2026-01-01' })).toMatchObject({ status: 400, msg: '日期范围不能超过3年，请缩小范围' });
    expect((await overview({ from: '2023-01-01', to: '2025-12-31' })).status).toBe(200);
    expect(await overview({ from: '2026-03-10', to: '2026-03-01' })).toMatchObject({ status: 400, msg: '开始日期不能晚于结束日期' });
    expect(await overview({ customerType: '9' })).toMatchObject({ status: 400, msg: '[客户类型]不正确' });
    expect((await overview({}, sales.token)).status).toBe(403);
  });

  it('exports a tile as xlsx with the figures the chart shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/analytics/export?tile=revenue&from=${RANGE.from}&to=${RANGE.to}`, headers: { token: lab.token } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('收入（按渠道与客户类型）（2026-03-02 至 2026-03-15）');
    expect(sheet.getRow(2).values).toEqual([undefined, '渠道', '客户类型', '收款（元）', '退款（元）', '净收入（元）']);
    expect(sheet.getRow(3).values).toEqual([undefined, '微信支付', '老师', 80, 0, 80]);
    expect(sheet.getRow(4).values).toEqual([undefined, '预存款', '老师', 100, 30, 70]);
  });
});

describe('大仪考核', () => {
  it('sums each instrument’s year, inside and outside the university', async () => {
    const { data } = await call<InstrumentYearRow[]>(t.app, 'POST', '/api/admin/analytics/yearly', { token: lab.token, form: { year: 2026 } });
    const a = data.find((r) => r.itemId === itemA.id)!;
    expect(a).toMatchObject({ hours: 5.5, hoursInside: 3.5, hoursOutside: 2, samples: 9, samplesInside: 6, samplesOutside: 3, incomeFen: 35_000, incomeInsideFen: 15_000, incomeOutsideFen: 20_000, orders: 4 });
    expect(data.find((r) => r.itemId === itemB.id)).toMatchObject({ hours: 0, samples: 3, samplesInside: 1, samplesOutside: 2, incomeFen: 5000, incomeOutsideFen: 5000, orders: 2 });
    expect(data.find((r) => r.itemId === itemR.id)).toMatchObject({ hours: 4, hoursInside: 4, hoursOutside: 0, samples: 0, orders: 2 });
    expect((await call(t.app, 'POST', '/api/admin/analytics/yearly', { token: lab.token, form: { year: 2025 } })).data).toEqual([]);
  });

  it('writes the 考核表 layout: caption, the usual heads, one row per instrument, a total', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/analytics/yearly/export?year=2026', headers: { token: lab.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('大型仪器设备使用情况考核表-2026.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('2026年度')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('2026年度大型仪器设备使用情况考核表');
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([...INSTRUMENT_YEAR_HEADS]);
    expect(sheet.rowCount).toBe(2 + 3 + 1);
    const names = [3, 4, 5].map((n) => sheet.getRow(n).getCell(2).value);
    expect(names.sort()).toEqual([itemA.name, itemB.name, itemR.name].sort());
    const rowA = [3, 4, 5].map((n) => sheet.getRow(n)).find((row) => row.getCell(2).value === itemA.name)!;
    expect((rowA.values as unknown[]).slice(5)).toEqual([2026, 5.5, 3.5, 2, 9, 6, 3, 350, 150, 200, 4]);
    const total = sheet.getRow(6);
    expect(total.getCell(1).value).toBe('合计');
    expect(total.getCell(6).value).toBe(9.5);
    expect(total.getCell(12).value).toBe(400);
    expect([1, 2, 3].map((n) => sheet.getRow(n + 2).getCell(1).value)).toEqual([1, 2, 3]);
  });
});


