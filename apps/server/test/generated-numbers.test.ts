import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OnlinePayStart, PrestoreApplication } from '@lab/contract';
import { call, createTestContext, type TestContext } from './harness';
import { registerViaApi, memberByPhone } from './auth-flows';
import { makeMember } from './factories';
import { onlineRefunds } from '../src/areas/payments/payments.tables';
import { insertOrderRow } from '../src/areas/orders/order-core';
import { numberDraws } from '../src/platform/numbers';
import { makeOrder, orderRow, payer, paymentCatalog, type PaymentCatalog, type Who } from '../src/areas/payments/payment.test-helpers';

/**
 * Issue 28, fault 14: every generated number draws again when it clashes with one taken
 * (platform/numbers.ts). The random draws are scripted here (numberDraws): the next draw of a given length
 * returns a number already in use, then the real generator takes over — before the fix the
 * clash answered 500 (an application number) or silently skipped a refund (a refund number).
 */
const script = { digits: [] as string[], ids: [] as string[] };
const real = { ...numberDraws };

let t: TestContext;
let catalog: PaymentCatalog;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-05-14T02:00:00Z' });
  catalog = await paymentCatalog(t.db);
  vi.spyOn(numberDraws, 'digits').mockImplementation((length) => (script.digits[0]?.length === length ? script.digits.shift()! : real.digits(length)));
  vi.spyOn(numberDraws, 'code').mockImplementation((length) => (length !== undefined && script.ids[0]?.length === length ? script.ids.shift()! : real.code(length)));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});
afterEach(() => {
  script.digits.length = 0;
  script.ids.length = 0;
});

const post = <T>(url: string, who: Who, form: Record<string, string | number> = {}) => call<T>(t.app, 'POST', url, { token: who.token, form });
/** The random part of a number: what follows the prefix and the day. */
const tail = (no: string, digits: number) => no.slice(-digits);

describe('a generated number that clashes draws again', () => {
  it('预存申请号: the same six digits on the same day → another number, not a 500', async () => {
    const who = await payer(t);
    const first = await post<PrestoreApplication>('/api/auth/prestoreApply/add', who, { amount: '1000' });
    expect(first.status, first.msg).toBe(200);
    script.digits.push(tail(first.data.applyNo, 6), tail(first.data.applyNo, 6));
    const second = await post<PrestoreApplication>('/api/auth/prestoreApply/add', who, { amount: '2000' });
    expect(second.status, second.msg).toBe(200);
    expect(second.data.applyNo).toMatch(/^YC20260514\d{6}$/);
    expect(second.data.applyNo).not.toBe(first.data.applyNo);
    expect(script.digits).toEqual([]);
  });

  it('订单号 (orders and instrument bookings share insertOrderRow)', async () => {
    const who = await payer(t);
    const taken = await makeOrder(t, catalog, who.member.id);
    script.digits.push(tail(taken.orderNo, 8));
    const now = t.clock.now();
    const row = await insertOrderRow(t.db, { memberId: who.member.id, title: '测试', lineCount: 1, sampleCount: 1, totalFen: 100, createdAt: now, updatedAt: now }, now);
    expect(row.orderNo).toMatch(/^KY20260514\d{8}$/);
    expect(row.orderNo).not.toBe(taken.orderNo);
    expect(script.digits).toEqual([]);
  });

  it('在线支付单号 and 退款单号: a clash of the refund number still records the refund', async () => {
    const who = await payer(t);
    const orders = [await makeOrder(t, catalog, who.member.id), await makeOrder(t, catalog, who.member.id)];
    const starts: OnlinePayStart[] = [];
    for (const order of orders) {
      if (starts[0]) script.digits.push(tail(starts[0].payment.paymentNo, 14));
      const started = await post<OnlinePayStart>('/api/auth/onlinePay/start', who, { purpose: 'order', order_no: order.orderNo, vendor: 'wechat', scene: 'native' });
      expect(started.status, started.msg).toBe(200);
      starts.push(started.data);
      const paid = await t.app.inject({ method: 'POST', url: `/pay/gateway/${started.data.payment.paymentNo}/paid` });
      expect(paid.body).toContain('支付成功');
    }
    expect(starts[1]!.payment.paymentNo).not.toBe(starts[0]!.payment.paymentNo);
    expect(script.digits).toEqual([]);

    const cancel = (orderNo: string) => post('/api/auth/order/cancel', who, { order_no: orderNo, reason: '测试' });
    expect((await cancel(orders[0]!.orderNo)).status).toBe(200);
    const [firstRefund] = await t.db.select().from(onlineRefunds).where(eq(onlineRefunds.orderId, orders[0]!.id));
    script.digits.push(tail(firstRefund!.refundNo, 14));
    expect((await cancel(orders[1]!.orderNo)).status).toBe(200);
    const [secondRefund] = await t.db.select().from(onlineRefunds).where(eq(onlineRefunds.orderId, orders[1]!.id));
    expect(secondRefund).toMatchObject({ amountFen: 300_00 });
    expect(secondRefund!.refundNo).not.toBe(firstRefund!.refundNo);
    expect(await orderRow(t, orders[1]!.orderNo)).toMatchObject({ payment: 'refunded' });
  });

  it('邀请码: a new member drawing a taken invite code registers (not 该手机号已注册)', async () => {
    const existing = await makeMember(t.db);
    script.ids.push(existing.inviteCode);
    const phone = await registerViaApi(t.app, t.db);
    const member = await memberByPhone(t.db, phone);
    expect(member!.inviteCode).toHaveLength(8);
    expect(member!.inviteCode).not.toBe(existing.inviteCode);
    expect(script.ids).toEqual([]);
  });
});
