import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_TOO_LOW_MESSAGE, type SettlementList, type Statement } from '@lab/contract';
import { call, createTestContext, testDbKind, type TestContext } from '../../../test/harness';
import { ledgerEntries } from '../funds/funds.tables';
import { orderEvents, orders } from '../orders/orders.tables';
import { orderPaymentReference } from '../orders/cancel-core';
import { STATEMENT_HEADERS } from './statement.service';
import { balance, couponRow, entriesOf, fund, giveCoupon, makeOrder, orderRow, ownedCommunity, payer, paymentCatalog, type PaymentCatalog, type Who } from './payment.test-helpers';

let t: TestContext;
let catalog: PaymentCatalog;
beforeAll(async () => {
  // 2026-11-20 12:00 in Shanghai
  t = await createTestContext({ now: '2026-11-20T04:00:00Z' });
  catalog = await paymentCatalog(t.db);
});
afterAll(() => t.close());

const post = <T>(url: string, who: Who | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
const list = (who: Who) => post<SettlementList>('/api/auth/assign/settlementList', who);
const settle = (who: Who, orderNos: string[], communityRid?: string) =>
  post<SettlementList>('/api/auth/assign/settlementOperatePlus', who, { order_nos: orderNos.join(','), community_rid: communityRid });
const statementOf = (who: Who, form: Record<string, string> = {}) => post<Statement>('/api/auth/assign/statement', who, form);

/** A college member with unsettled and pay-later orders, and some that are not to settle. */
async function withOpenOrders() {
  const who = await payer(t, { organization: 3, address: true, attestation: 'approved' });
  const unsettled = await makeOrder(t, catalog, who.member.id, { amounts: [300_00], progress: 'delivered', payment: 'unsettled', payLater: true });
  const later = await makeOrder(t, catalog, who.member.id, { amounts: [200_00], progress: 'testing', payLater: true });
  const unpaid = await makeOrder(t, catalog, who.member.id, { amounts: [100_00] });
  const paid = await makeOrder(t, catalog, who.member.id, { amounts: [100_00], payment: 'paid', payLater: true });
  const cancelled = await makeOrder(t, catalog, who.member.id, { amounts: [100_00], progress: 'cancelled', payLater: true });
  return { who, unsettled, later, unpaid, paid, cancelled };
}

describe('assign/settlementList', () => {
  it('lists the unsettled and pay-later unpaid orders with what is due, the limit and the balances', async () => {
    const { who, unsettled, later } = await withOpenOrders();
    await fund(t, 'member', who.member.id, 50_00);
    const lab = await ownedCommunity(t, who.member.id, '催化课题组');
    await fund(t, 'community', lab.id, 70_00);
    await makeOrder(t, catalog, (await payer(t)).member.id, { payment: 'unsettled', progress: 'delivered' });
    const res = await list(who);
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect(res.data.orders.map((o) => o.orderNo)).toEqual([unsettled.orderNo, later.orderNo]);
    expect(res.data.orders[0]).toMatchObject({ payment: 'unsettled', paymentText: '待结算', payableFen: 300_00, actions: { pay: true } });
    expect(res.data.dueFen).toBe(500_00);
    expect(res.data.limitFen).toBe(5_000_000);
    expect(res.data.balances).toEqual([
      { kind: 'member', rid: null, name: '个人预存款', balanceFen: 50_00 },
      { kind: 'community', rid: lab.rid, name: '催化课题组', balanceFen: 70_00 },
    ]);
  });

  it('is empty for a member with nothing to settle, and needs a token', async () => {
    const who = await payer(t, { organization: 2 });
    expect((await list(who)).data).toMatchObject({ orders: [], dueFen: 0, limitFen: 0 });
    expect((await post('/api/auth/assign/settlementList', undefined)).status).toBe(401);
  });
});

describe('assign/settlementOperatePlus', () => {
  it('settles several orders in one go: one ledger payment per order under its own reference', async () => {
    const { who, unsettled, later } = await withOpenOrders();
    const coupon = await giveCoupon(t, who.member.id, { amountFen: 20_00 });
    await t.db.update(orders).set({ couponRid: coupon.rid }).where(eq(orders.id, later.id));
    await fund(t, 'member', who.member.id, 1000_00);
    const res = await settle(who, [later.orderNo, unsettled.orderNo, later.orderNo]);
    expect(res).toMatchObject({ status: 200, code: 1, msg: '结算成功' });
    expect(res.data).toMatchObject({ orders: [], dueFen: 0 });
    expect(res.data.balances[0]!.balanceFen).toBe(1000_00 - 300_00 - 180_00);
    const first = await entriesOf(t, orderPaymentReference(unsettled.orderNo));
    const second = await entriesOf(t, orderPaymentReference(later.orderNo));
    expect(first.map((e) => e.amountFen)).toEqual([-300_00]);
    expect(second.map((e) => e.amountFen)).toEqual([-180_00]);
    expect(await orderRow(t, unsettled.orderNo)).toMatchObject({ payment: 'paid', paidFen: 300_00, progress: 'delivered', paidFromKind: 'member' });
    expect(await orderRow(t, later.orderNo)).toMatchObject({ payment: 'paid', paidFen: 180_00, discountFen: 20_00 });
    expect(await couponRow(t, coupon.rid)).toMatchObject({ status: 'used', usedReference: orderPaymentReference(later.orderNo) });
    const events = await t.db.select().from(orderEvents).where(inArray(orderEvents.orderId, [unsettled.id, later.id]));
    expect(events.map((e) => e.status)).toEqual(['paid', 'paid']);
  });

  it('all or nothing: funds covering only one order settle none', async () => {
    const { who, unsettled, later } = await withOpenOrders();
    await fund(t, 'member', who.member.id, 400_00);
    const res = await settle(who, [unsettled.orderNo, later.orderNo]);
    expect(res).toMatchObject({ status: 409, code: 0, msg: BALANCE_TOO_LOW_MESSAGE });
    expect(await balance(t, 'member', who.member.id)).toBe(400_00);
    expect((await orderRow(t, unsettled.orderNo)).payment).toBe('unsettled');
    expect((await orderRow(t, later.orderNo)).payment).toBe('unpaid');
    expect(await entriesOf(t, orderPaymentReference(unsettled.orderNo))).toHaveLength(0);
    expect(await t.db.select().from(orderEvents).where(inArray(orderEvents.orderId, [unsettled.id, later.id]))).toHaveLength(0);
  });

  it('refuses an order that is not to settle, or another member’s, changing nothing', async () => {
    const { who, unsettled, unpaid, paid, cancelled } = await withOpenOrders();
    await fund(t, 'member', who.member.id, 1000_00);
    expect(await settle(who, [unsettled.orderNo, paid.orderNo])).toMatchObject({ status: 409, msg: `订单${paid.orderNo}当前为「已支付」，不能结算` });
    expect(await settle(who, [unsettled.orderNo, unpaid.orderNo])).toMatchObject({ status: 409, msg: `订单${unpaid.orderNo}当前为「待支付」，不能结算` });
    expect(await settle(who, [cancelled.orderNo])).toMatchObject({ status: 409, msg: `订单${cancelled.orderNo}当前为「已取消」，不能结算` });
    const theirs = await makeOrder(t, catalog, (await payer(t)).member.id, { payment: 'unsettled', progress: 'delivered' });
    expect(await settle(who, [unsettled.orderNo, theirs.orderNo])).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await settle(who, [unsettled.orderNo, 'KY-none'])).toMatchObject({ status: 404 });
    expect(await balance(t, 'member', who.member.id)).toBe(1000_00);
    expect((await orderRow(t, unsettled.orderNo)).payment).toBe('unsettled');
    expect((await orderRow(t, theirs.orderNo)).payment).toBe('unsettled');
  });

  it('bad input: no order numbers, too many, no token', async () => {
    const who = await payer(t);
    expect(await settle(who, [])).toMatchObject({ status: 400, msg: '[订单编号]不能为空' });
    expect(await settle(who, Array.from({ length: 101 }, (_, i) => `KY${i}`))).toMatchObject({ status: 400, msg: '[订单编号]一次最多100个' });
    expect((await post('/api/auth/assign/settlementOperatePlus', undefined, { order_nos: 'KY1' })).status).toBe(401);
  });

  it('from a community the member owns; another member’s community → 404', async () => {
    const { who, unsettled, later } = await withOpenOrders();
    const lab = await ownedCommunity(t, who.member.id);
    await fund(t, 'community', lab.id, 500_00);
    const stranger = await payer(t);
    const strangerLab = await ownedCommunity(t, stranger.member.id);
    await fund(t, 'community', strangerLab.id, 1000_00);
    expect(await settle(who, [unsettled.orderNo], strangerLab.rid)).toMatchObject({ status: 404, msg: '科研团体不存在' });
    expect((await settle(who, [unsettled.orderNo, later.orderNo], lab.rid)).code).toBe(1);
    expect(await balance(t, 'community', lab.id)).toBe(0);
    expect(await balance(t, 'community', strangerLab.id)).toBe(1000_00);
    expect(await orderRow(t, later.orderNo)).toMatchObject({ paidFromKind: 'community', paidFromId: lab.id });
  });

  const rounds = testDbKind === 'postgres' ? 5 : 1;
  it(`concurrent settlements of overlapping orders in opposite order: one succeeds, no deadlock, each order debited once (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { who, unsettled, later } = await withOpenOrders();
      await fund(t, 'member', who.member.id, 10_000_00);
      const results = await Promise.all([
        settle(who, [unsettled.orderNo, later.orderNo]),
        settle(who, [later.orderNo, unsettled.orderNo]),
        settle(who, [later.orderNo, unsettled.orderNo]),
      ]);
      expect(results.filter((r) => r.code === 1)).toHaveLength(1);
      for (const r of results.filter((x) => x.code !== 1)) expect(r).toMatchObject({ status: 409, msg: expect.stringContaining('当前为「已支付」，不能结算') });
      const debits = await t.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.type, 'payment'), inArray(ledgerEntries.reference, [orderPaymentReference(unsettled.orderNo), orderPaymentReference(later.orderNo)])));
      expect(debits).toHaveLength(2);
      expect(await balance(t, 'member', who.member.id)).toBe(10_000_00 - 500_00);
    }
  }, 120_000);
});

describe('assign/statement', () => {
  async function withMonth() {
    const who = await payer(t, { organization: 3, address: true, attestation: 'approved' });
    // 2026-11-01 00:30 Shanghai: in November
    const first = await makeOrder(t, catalog, who.member.id, { amounts: [300_00], payment: 'paid', createdAt: new Date('2026-10-31T16:30:00Z') });
    await t.db.update(orders).set({ paidFen: 300_00 }).where(eq(orders.id, first.id));
    // 2026-10-31 23:59 Shanghai: October
    const october = await makeOrder(t, catalog, who.member.id, { amounts: [111_00], createdAt: new Date('2026-10-31T15:59:00Z') });
    const unsettled = await makeOrder(t, catalog, who.member.id, { amounts: [200_00], payment: 'unsettled', progress: 'delivered', createdAt: new Date('2026-11-10T02:00:00Z') });
    const unpaid = await makeOrder(t, catalog, who.member.id, { amounts: [50_00], createdAt: new Date('2026-11-20T03:00:00Z') });
    await makeOrder(t, catalog, who.member.id, { amounts: [999_00], progress: 'cancelled', createdAt: new Date('2026-11-11T02:00:00Z') });
    await makeOrder(t, catalog, (await payer(t)).member.id, { amounts: [777_00], createdAt: new Date('2026-11-12T02:00:00Z') });
    return { who, first, october, unsettled, unpaid };
  }

  it('defaults to this month in Asia/Shanghai: the orders with payable, paid and due, and the totals', async () => {
    const { who, first, unsettled, unpaid } = await withMonth();
    const res = await statementOf(who);
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect(res.data).toMatchObject({ from: '2026-11-01', to: '2026-11-30', totalFen: 550_00, paidFen: 300_00, dueFen: 250_00 });
    expect(res.data.orders).toEqual([
      expect.objectContaining({ orderNo: first.orderNo, payableFen: 300_00, paidFen: 300_00, dueFen: 0, paymentText: '已支付' }),
      expect.objectContaining({ orderNo: unsettled.orderNo, payableFen: 200_00, paidFen: 0, dueFen: 200_00, paymentText: '待结算', progressText: '已出数据' }),
      expect.objectContaining({ orderNo: unpaid.orderNo, payableFen: 50_00, dueFen: 50_00, paymentText: '待支付' }),
    ]);
  });

  it('a chosen period; bad dates are refused', async () => {
    const { who, october } = await withMonth();
    const oct = await statementOf(who, { from: '2026-10-01', to: '2026-10-31' });
    expect(oct.data.orders.map((o) => o.orderNo)).toEqual([october.orderNo]);
    expect(oct.data).toMatchObject({ totalFen: 111_00, dueFen: 111_00, paidFen: 0 });
    expect((await statementOf(who, { from: '2026-10-01', to: '2026-11-30' })).data.orders).toHaveLength(4);
    expect((await statementOf(who, { to: '2026-10-15' })).data).toMatchObject({ from: '2026-10-01', to: '2026-10-15' });
    expect(await statementOf(who, { from: '2026/10/01' })).toMatchObject({ status: 400, msg: '[开始日期]格式应为YYYY-MM-DD' });
    expect(await statementOf(who, { from: '2026-02-30', to: '2026-03-01' })).toMatchObject({ status: 400, msg: '[开始日期]不是有效日期' });
    expect(await statementOf(who, { from: '2026-11-02', to: '2026-11-01' })).toMatchObject({ status: 400, msg: '[开始日期]不能晚于[结束日期]' });
    expect(await statementOf(who, { from: '2024-01-01', to: '2026-01-01' })).toMatchObject({ status: 400, msg: '对账期间最长一年，请缩短日期范围' });
    expect(await statementOf(who, { format: 'pdf' })).toMatchObject({ status: 400, msg: '[导出格式]不正确' });
    expect((await post('/api/auth/assign/statement', undefined)).status).toBe(401);
  });

  it('downloads 对账单.xlsx with a GET and the token header (a POST answers the data only)', async () => {
    const { who, first, unsettled, unpaid } = await withMonth();
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/assign/statement?format=xlsx&from=&to=', headers: { token: who.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('对账单.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('对账单')!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]![1]).toBe('对账期间：2026-11-01 至 2026-11-30');
    expect(rows[1]!.slice(1)).toEqual([...STATEMENT_HEADERS]);
    expect(rows.slice(2, 5).map((r) => r[1])).toEqual([first.orderNo, unsettled.orderNo, unpaid.orderNo]);
    expect(rows[2]!.slice(2, 3)).toEqual(['2026-11-01 00:30:00']);
    expect(rows[5]!.slice(1)).toEqual(['合计', '', '', '', '', 550, 300, 250]);

    // one call, one kind of answer (the call table): the file is the GET's, the data the POST's
    const posted = await t.app.inject({ method: 'POST', url: '/api/auth/assign/statement', headers: { token: who.token }, payload: { format: 'xlsx', from: '2026-10-01', to: '2026-10-31' } });
    expect(posted.json()).toMatchObject({ code: 0, msg: '[导出格式]不正确' });
    const json = await t.app.inject({ method: 'GET', url: '/api/auth/assign/statement?format=json', headers: { token: who.token } });
    expect(json.json()).toMatchObject({ code: 0, msg: '[导出格式]不正确' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/assign/statement?format=xlsx' });
    expect(anonymous.statusCode).toBe(401);
  });
});
