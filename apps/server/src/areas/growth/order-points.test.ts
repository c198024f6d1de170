import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PointsEntry, PointsOverview } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { accounts, ledgerEntries } from '../funds/funds.tables';
import { creditAccount, ensureAccount, systemActor } from '../funds/ledger.service';
import { memberAddresses } from '../member/member.tables';
import { fund, makeOrder, paymentCatalog, type PaymentCatalog } from '../payments/payment.test-helpers';
import { exchangeItems, growthSettings, orderPoints } from './growth.tables';

/**
 * Points earned on an order (issue 16, hole 4: "points can be minted"). They wait for the order
 * to complete: shown as pending, never spendable, exchangeable or transferable before, and a
 * refund before completion drops them entirely — so a paid-then-cancelled order gives nothing.
 */

type Who = Awaited<ReturnType<typeof makeLoggedInMember>>;

let t: TestContext;
let catalog: PaymentCatalog;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-20T04:00:00Z' });
  catalog = await paymentCatalog(t.db);
});
afterAll(() => t.close());

const post = <T = unknown>(url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
const member = () => makeLoggedInMember(t.db, t.clock.now(), { organization: 0, name: '同学甲' });
const pay = (who: Who, orderNo: string) => post('/api/auth/order/pay', who, { order_no: orderNo, coupon_rid: 'none' });
const cancel = (who: Who, orderNo: string) => post('/api/auth/order/cancel', who, { order_no: orderNo, reason: '样品未准备好' });
const overview = async (who: Who) => (await post<PointsOverview>('/api/auth/web/integration/init', who)).data;

async function pointsOf(memberId: number) {
  const [row] = await t.db
    .select({ balance: accounts.balanceFen })
    .from(accounts)
    .where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, memberId), eq(accounts.kind, 'points')));
  return Number(row?.balance ?? 0);
}
const pointsEntries = (orderNo: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerEntries.reference, `order:${orderNo}`), eq(accounts.kind, 'points')));

describe('points earned on an order', () => {
  it('pay → transfer at once → cancel no longer mints points: they are pending, cannot be moved, and the refund drops them all', async () => {
    const who = await member();
    const friend = await member();
    await fund(t, 'member', who.member.id, 2000_00);
    const [gift] = await t.db.insert(exchangeItems).values({ rid: randomId(), name: '样品保存盒', kind: 'gift', points: 100, stock: 10 }).returning();
    const [address] = await t.db
      .insert(memberAddresses)
      .values({ rid: randomId(), memberId: who.member.id, name: '王同学', phone: who.member.phone, province: '上海市', city: '上海市', area: '徐汇区', addressCode: '310104', address: '漕溪北路1号', isDefault: true })
      .returning();
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [500_00] });
    expect((await pay(who, order.orderNo)).code).toBe(1);

    // what the member sees: nothing to spend yet, 500 waiting for the order
    expect(await overview(who)).toMatchObject({ balance: 0, earned: 0, pendingPoints: 500, pendingOrders: 1 });
    expect(await post('/api/auth/integration/transfer', who, { phone: friend.member.phone, name: '同学甲', points: 380 })).toMatchObject({ status: 409, msg: '积分不足' });
    expect(await post('/api/auth/integration/applyExchange', who, { rid: gift!.rid, address_rid: address!.rid })).toMatchObject({ status: 409, msg: '积分不足' });

    // the full refund: the pending points go with it, nothing was booked, nobody kept any
    expect((await cancel(who, order.orderNo)).code).toBe(1);
    expect(await overview(who)).toMatchObject({ balance: 0, earned: 0, spent: 0, pendingPoints: 0, pendingOrders: 0 });
    expect(await pointsOf(who.member.id)).toBe(0);
    expect(await pointsOf(friend.member.id)).toBe(0);
    expect(await pointsEntries(order.orderNo)).toHaveLength(0);
    const [row] = await t.db.select().from(orderPoints).where(eq(orderPoints.orderId, order.id));
    expect(row).toMatchObject({ points: 500, status: 'reversed' });
  });

  it('become available when the order completes (one points_earn entry), and only then can be given away', async () => {
    const who = await member();
    const friend = await member();
    await fund(t, 'member', who.member.id, 2000_00);
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [300_99], progress: 'delivered' });
    expect((await pay(who, order.orderNo)).code).toBe(1);
    expect(await overview(who)).toMatchObject({ balance: 0, pendingPoints: 300 });
    expect((await post<Page<PointsEntry>>('/api/auth/web/integration/list', who, {})).data.total).toBe(0);

    expect((await post('/api/auth/assign/right', who, { order_no: order.orderNo })).code).toBe(1);
    expect(await overview(who)).toMatchObject({ balance: 300, earned: 300, pendingPoints: 0, pendingOrders: 0 });
    const entries = await pointsEntries(order.orderNo);
    expect(entries.map((e) => [e.ledger_entries.type, Number(e.ledger_entries.amountFen)])).toEqual([['points_earn', 300]]);
    const [listed] = (await post<Page<PointsEntry>>('/api/auth/web/integration/list', who, {})).data.list;
    expect(listed).toMatchObject({ typeText: '订单积分', points: 300, balanceAfter: 300 });
    expect(listed!.note).toContain(order.orderNo);
    expect((await post('/api/auth/integration/transfer', who, { phone: friend.member.phone, name: '同学甲', points: 100 })).code).toBe(1);
    expect(await pointsOf(friend.member.id)).toBe(100);
  });

  it('an order settled after it completed (pay after test) is final already: its points are credited at payment', async () => {
    const who = await member();
    await fund(t, 'member', who.member.id, 2000_00);
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [120_00], progress: 'completed', payment: 'unsettled', payLater: true });
    expect((await post('/api/auth/assign/settlementOperatePlus', who, { order_nos: order.orderNo })).code).toBe(1);
    expect(await overview(who)).toMatchObject({ balance: 120, pendingPoints: 0 });
  });

  it('uses the configured rate, and earns nothing when less than one yuan was paid', async () => {
    await t.db.insert(growthSettings).values({ id: 1, rebateRateBp: 500, pointsPerYuan: 3, minWithdrawFen: 100_00 }).onConflictDoUpdate({ target: growthSettings.id, set: { pointsPerYuan: 3 } });
    try {
      const who = await member();
      await fund(t, 'member', who.member.id, 2000_00);
      const order = await makeOrder(t, catalog, who.member.id, { amounts: [150_00] });
      expect((await pay(who, order.orderNo)).code).toBe(1);
      expect(await overview(who)).toMatchObject({ pendingPoints: 450, pointsPerYuan: 3 });
      const small = await makeOrder(t, catalog, who.member.id, { amounts: [99] });
      expect((await pay(who, small.orderNo)).code).toBe(1);
      expect(await overview(who)).toMatchObject({ pendingPoints: 450, pendingOrders: 1 });
    } finally {
      await t.db.delete(growthSettings).where(eq(growthSettings.id, 1));
    }
  });

  it('points credited at payment by the earlier rule (before they waited) are taken back on refund as far as the balance holds, and the entry says so', async () => {
    const who = await member();
    const friend = await member();
    await fund(t, 'member', who.member.id, 2000_00);
    const order = await makeOrder(t, catalog, who.member.id, { amounts: [500_00] });
    expect((await pay(who, order.orderNo)).code).toBe(1);
    // as migration 0013 records such an order: credited, with its points_earn entry
    await t.db.update(orderPoints).set({ status: 'credited', creditedAt: t.clock.now() }).where(eq(orderPoints.orderId, order.id));
    await t.db.transaction(async (tx) => {
      const account = await ensureAccount(tx, 'member', who.member.id, 'points');
      await creditAccount(tx, account.id, 500, 'points_earn', `order:${order.orderNo}`, systemActor, t.clock.now());
    });
    expect((await post('/api/auth/integration/transfer', who, { phone: friend.member.phone, name: '同学甲', points: 380 })).code).toBe(1);
    expect((await cancel(who, order.orderNo)).code).toBe(1);
    expect(await pointsOf(who.member.id)).toBe(0);
    const reversed = (await pointsEntries(order.orderNo)).find((e) => e.ledger_entries.type === 'points_reverse')!.ledger_entries;
    expect(Number(reversed.amountFen)).toBe(-120);
    expect(reversed.note).toContain('380积分未扣回');
  });
});
