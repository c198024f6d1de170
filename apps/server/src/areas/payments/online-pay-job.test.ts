import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OnlinePayStart } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { ledgerProblems } from '../../../test/ledger-invariants';
import { ONLINE_PAY_JOB, jobCrons } from '../../jobs';
import { onlinePayments, onlineRefunds } from './payments.tables';
import { localGatewayPayments } from '../../platform/providers/local-gateway.tables';
import { PAY_QUERY_AFTER_MS } from './online-pay-core';
import { makeOrder, orderRow, payer, paymentCatalog, type PaymentCatalog, type Who } from './payment.test-helpers';

/**
 * The online-payments job through pg-boss, as the server runs it: a payment whose notice never
 * came is booked, and a cancelled order's refund is sent to the gateway and settled by its notice.
 */
let t: TestContext;
let catalog: PaymentCatalog;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-20T04:00:00Z', jobs: {} });
  catalog = await paymentCatalog(t.db);
});
afterAll(() => t?.close());

const start = (who: Who, orderNo: string) =>
  call<OnlinePayStart>(t.app, 'POST', '/api/auth/onlinePay/start', { token: who.token, form: { purpose: 'order', vendor: 'wechat', scene: 'native', order_no: orderNo } });
const paymentOf = async (paymentNo: string) => (await t.db.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, paymentNo)))[0]!;

it('is scheduled every minute', async () => {
  expect(jobCrons[ONLINE_PAY_JOB]).toBe('* * * * *');
  expect((await t.jobs!.boss.getSchedules()).map((s) => s.name)).toContain(ONLINE_PAY_JOB);
});

it('books a payment whose notice was lost, then sends the refund of its cancelled order to the channel', async () => {
  const who = await payer(t);
  const order = await makeOrder(t, catalog, who.member.id, { amounts: [180_00] });
  const started = await start(who, order.orderNo);
  expect(started.status, started.msg).toBe(200);
  const no = started.data.payment.paymentNo;
  // the gateway took the money; its notice never arrived
  await t.db.update(localGatewayPayments).set({ state: 'paid', tradeNo: `LOST${no}`, paidAt: t.clock.now() }).where(eq(localGatewayPayments.outTradeNo, no));
  t.clock.advance(PAY_QUERY_AFTER_MS + 1000);
  await t.jobs!.runNow(ONLINE_PAY_JOB);
  await expect.poll(async () => (await paymentOf(no)).state, { timeout: 30_000, interval: 200 }).toBe('paid');
  expect((await paymentOf(no)).bookedBy).toBe('job');
  expect((await orderRow(t, order.orderNo)).payment).toBe('paid');

  expect((await call(t.app, 'POST', '/api/auth/order/cancel', { token: who.token, form: { order_no: order.orderNo } })).status).toBe(200);
  const refundOf = async () => (await t.db.select().from(onlineRefunds).where(eq(onlineRefunds.orderId, order.id)))[0]!;
  expect(await refundOf()).toMatchObject({ state: 'processing', requestedAt: null, amountFen: 180_00 });
  await t.jobs!.runNow(ONLINE_PAY_JOB);
  await expect.poll(async () => (await refundOf()).state, { timeout: 30_000, interval: 200 }).toBe('success');
  expect((await refundOf()).requestedAt).not.toBeNull();
  expect(await ledgerProblems(t.db)).toEqual([]);
});
