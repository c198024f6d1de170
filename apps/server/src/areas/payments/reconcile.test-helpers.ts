import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { issueSession } from '../accounts/sessions.service';
import { onlinePayments, onlineRefunds } from './payments.tables';
import { paymentReconciliationLines } from './reconciliation.tables';
import { orders } from '../orders/orders.tables';
import { cancelOrder } from '../orders/cancel-core';
import { startOnlinePayment } from './start-payment';
import { sweepRefunds } from './online-refunds';
import { queryRefundNow } from './payments-admin.service';
import { makeOrder, payer, paymentCatalog, type PaymentCatalog, type Who } from './payment.test-helpers';

/* The context and helpers of the reconciliation tests (reconcile.test.ts, reconcile-views.test.ts). */

export let t: TestContext;
export let catalog: PaymentCatalog;
export let member: Who;
export let finance: Awaited<ReturnType<typeof makeStaff>>;
export const ORIGIN = 'http://127.0.0.1:3000';

export const at = (day: string, time = '10:00:00') => new Date(`${day}T${time}+08:00`);

/** a test database for the file, with a paying member and a finance officer */
export function useReconcileContext(): void {
  beforeAll(async () => {
    t = await createTestContext({ now: at('2026-10-01') });
    catalog = await paymentCatalog(t.db);
    member = await payer(t, { address: true });
    finance = await makeStaff(t.db, 'finance', t.clock.now());
  });
  afterAll(() => t?.close());
}

/** sessions issued at the test clock's now (the clock moves across days) */
export const staffToken = async () => (await issueSession(t.db, 'staff', finance.id, { now: t.clock.now() })).token;
export const memberToken = async () => (await issueSession(t.db, 'member', member.member.id, { now: t.clock.now() })).token;

/** the start body's optional fields none of these payments uses */
export const NONE = { coupon_rid: undefined, community_rid: undefined };
export const meta = () => ({ now: t.clock.now(), ip: '127.0.0.1', origin: ORIGIN, expireMinutes: 30 });

/** a top-up paid through the local gateway (its notice booked in process) */
export async function paidTopup(amountFen: number, vendor: 'wechat' | 'alipay' = 'wechat') {
  const started = await startOnlinePayment(t.db, t.app.deps.payments, member.member.id, { ...NONE, purpose: 'topup', vendor, scene: vendor === 'wechat' ? 'native' : 'page', amount: amountFen }, meta());
  await t.app.deps.payments.local!.simulate(started.payment.paymentNo, 'paid');
  const [row] = await t.db.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, started.payment.paymentNo));
  expect(row!.state).toBe('paid');
  return row!;
}

/** an order paid online, then cancelled: its refund sent to the gateway and settled there */
export async function paidOrder(amountFen: number) {
  const order = await makeOrder(t, catalog, member.member.id, { amounts: [amountFen] });
  const started = await startOnlinePayment(t.db, t.app.deps.payments, member.member.id, { ...NONE, purpose: 'order', vendor: 'wechat', scene: 'native', order_no: order.orderNo }, meta());
  await t.app.deps.payments.local!.simulate(started.payment.paymentNo, 'paid');
  const [paid] = await t.db.select().from(orders).where(eq(orders.id, order.id));
  expect(paid!.payment).toBe('paid');
  return { order: paid!, paymentNo: started.payment.paymentNo };
}

export async function cancelAndRefund(orderId: number) {
  await t.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    await cancelOrder(tx, order!, { kind: 'system', id: null, name: '系统' }, '测试取消', t.clock.now());
  });
  await sweepRefunds(t.db, t.app.deps.payments, ORIGIN, t.clock.now());
  // the local gateway answered 'processing' and settled it at once; its notice follows (or asking now moves ours to success)
  return vi.waitFor(async () => {
    const [refund] = await t.db.select().from(onlineRefunds).where(eq(onlineRefunds.orderId, orderId));
    if (refund!.state === 'processing') await queryRefundNow(t.db, t.app.deps.payments, ORIGIN, refund!.refundNo, t.clock.now()).catch(() => undefined);
    const [done] = await t.db.select().from(onlineRefunds).where(eq(onlineRefunds.id, refund!.id));
    expect(done!.state).toBe('success');
    return done!;
  });
}

export const linesOf = async (runId: number) => t.db.select().from(paymentReconciliationLines).where(eq(paymentReconciliationLines.runId, runId));
