import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { closedMemberLabel, type OnlinePayStart } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { defaultPassword } from '../../../test/factories';
import { ledgerProblems, prestoreBalance } from '../../../test/ledger-invariants';
import { ledgerEntries } from '../funds/funds.tables';
import { staffAlerts } from '../messages/staff-alerts.tables';
import { onlinePayments, onlineRefunds } from '../payments/payments.tables';
import { localGatewayPayments } from '../../platform/providers/local-gateway.tables';
import { members } from '../../db/schema';
import { LOCAL_IDS } from '../../platform/providers/payment-local';
import { paymentNoticeBody, signLocalNotice } from '../../platform/providers/local-gateway-notices';
import type { PaymentProvider } from '../../platform/providers/payment-gateway';
import { paymentReference } from '../payments/online-pay-core';
import { sweepRefunds } from '../payments/online-refunds';
import { payer, type Who } from '../payments/payment.test-helpers';

/**
 * Issue 28 hole 5: 注销账号 while an online payment is open. The closure closes every open
 * payment at its gateway first (one paid meanwhile is booked, and its money then blocks the
 * closure); a gateway that cannot say refuses the closure; money that still arrives for a closed
 * account goes back to the channel by the refunds job, and finance is told in 系统提醒.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-20T04:00:00Z' });
});
afterAll(() => t.close());

const topUp = async (who: Who, amount = '100') => {
  const res = await call<OnlinePayStart>(t.app, 'POST', '/api/auth/onlinePay/start', { token: who.token, form: { purpose: 'topup', vendor: 'wechat', scene: 'native', amount } });
  expect(res.status, res.msg).toBe(200);
  return res.data.payment.paymentNo;
};
const close = (who: Who) => call<{ closedAt: string }>(t.app, 'POST', '/api/auth/privacy/close', { token: who.token, form: { password: defaultPassword } });
const paymentOf = async (paymentNo: string) => (await t.db.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, paymentNo)))[0]!;
const gatewayOf = async (paymentNo: string) => (await t.db.select().from(localGatewayPayments).where(eq(localGatewayPayments.outTradeNo, paymentNo)))[0]!;
const memberRow = async (who: Who) => (await t.db.select().from(members).where(eq(members.id, who.member.id)))[0]!;

/** Runs `body` with the WeChat provider's methods replaced (a gateway down, or lagging behind). */
async function withWechat<T>(changes: Partial<PaymentProvider>, body: () => Promise<T>): Promise<T> {
  const original = t.app.deps.payments;
  t.app.deps.payments = { ...original, wechat: { ...original.wechat, ...changes } };
  try {
    return await body();
  } finally {
    t.app.deps.payments = original;
  }
}

describe('注销账号 with an online payment open', () => {
  it('closes the open top-up at the gateway first: the QR can no longer be paid and no money reaches the closed account', async () => {
    const who = await payer(t);
    const paymentNo = await topUp(who);
    expect(await close(who)).toMatchObject({ code: 1, msg: '账号已注销' });
    expect(await paymentOf(paymentNo)).toMatchObject({ state: 'closed' });
    expect(await gatewayOf(paymentNo)).toMatchObject({ state: 'closed' });
    // the payer tries the checkout page anyway: nothing is paid, nothing booked
    await t.app.inject({ method: 'POST', url: `/pay/gateway/${paymentNo}/paid` });
    expect((await gatewayOf(paymentNo)).state).toBe('closed');
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, paymentReference(paymentNo)))).toEqual([]);
  });

  it('books a payment the payer made before the closure (its notice lost), and refuses the closure for the balance', async () => {
    const who = await payer(t);
    const paymentNo = await topUp(who, '180');
    // paid at the gateway; the notice never came
    await t.db.update(localGatewayPayments).set({ state: 'paid', tradeNo: `T${paymentNo}`, paidAt: t.clock.now() }).where(eq(localGatewayPayments.outTradeNo, paymentNo));
    const refused = await close(who);
    expect(refused).toMatchObject({ status: 409, msg: expect.stringContaining('预存款余额 ¥180.00') });
    expect(await paymentOf(paymentNo)).toMatchObject({ state: 'paid' });
    expect(await prestoreBalance(t.db, who.member.id)).toBe(180_00);
    expect((await memberRow(who)).closedAt).toBeNull();
  });

  it('refuses the closure while the gateway cannot confirm the payment closed (503), and closes nothing', async () => {
    const who = await payer(t);
    const paymentNo = await topUp(who);
    const refused = await withWechat(
      {
        close: async () => {
          throw new Error('connect ECONNREFUSED api.mch.weixin.qq.com');
        },
      },
      () => close(who),
    );
    expect(refused).toMatchObject({ status: 503, msg: expect.stringContaining(paymentNo) });
    expect(await paymentOf(paymentNo)).toMatchObject({ state: 'open' });
    expect((await memberRow(who)).closedAt).toBeNull();
  });

  it('money that still arrives for a closed account goes back to the channel, and finance is told', async () => {
    const who = await payer(t);
    const paymentNo = await topUp(who, '120');
    // the payer pays just as the closure asks; the gateway's answers lag behind (still open, then closed)
    await t.db.update(localGatewayPayments).set({ state: 'paid', tradeNo: `T${paymentNo}`, paidAt: t.clock.now() }).where(eq(localGatewayPayments.outTradeNo, paymentNo));
    const lagging = { close: async () => {}, query: async () => null };
    expect(await withWechat(lagging, () => close(who))).toMatchObject({ code: 1 });
    expect(await paymentOf(paymentNo)).toMatchObject({ state: 'closed' });

    // then the gateway's paid notice arrives
    const body = paymentNoticeBody({ outTradeNo: paymentNo, tradeNo: `T${paymentNo}`, state: 'paid', amountFen: 120_00, ...LOCAL_IDS.wechat, paidAt: t.clock.now() });
    const headers = signLocalNotice({ privateKey: t.app.deps.payments.local!.keys.privateKey }, body, Math.floor(t.clock.now().getTime() / 1000));
    const answer = await t.app.inject({ method: 'POST', url: '/pay/notify/wechat', headers, payload: body });
    expect(answer.statusCode).toBe(200);

    const payment = await paymentOf(paymentNo);
    expect(payment).toMatchObject({ state: 'paid', bookedBy: 'notify' });
    expect(payment.note).toContain('原路退回');
    // in and straight out again: the closed account holds nothing, no bonus, the books add up
    expect(await prestoreBalance(t.db, who.member.id)).toBe(0);
    const [refund] = await t.db.select().from(onlineRefunds).where(eq(onlineRefunds.paymentId, payment.id));
    expect(refund).toMatchObject({ orderId: null, amountFen: 120_00, state: 'processing', reason: '账号已注销，原路退回' });
    expect(await ledgerProblems(t.db)).toEqual([]);
    const [alert] = await t.db.select().from(staffAlerts).where(eq(staffAlerts.key, `closed_account_payment:${paymentNo}`));
    expect(alert).toMatchObject({ kind: 'closed_account_payment', role: 'finance', link: '/admin/finance/payments?tab=refunds' });
    expect(alert!.content).toContain(closedMemberLabel(who.member.id));
    expect(alert!.content).toContain('¥120.00');
    expect(alert!.content).toContain(refund!.refundNo);

    // the refunds job sends it back
    await sweepRefunds(t.db, t.app.deps.payments, 'http://shop.test', t.clock.now());
    await expect.poll(async () => (await t.db.select().from(onlineRefunds).where(eq(onlineRefunds.id, refund!.id)))[0]!.state, { timeout: 10_000 }).toBe('success');
    // a second notice books nothing more
    await t.app.inject({ method: 'POST', url: '/pay/notify/wechat', headers, payload: body });
    expect(await t.db.$count(onlineRefunds, eq(onlineRefunds.paymentId, payment.id))).toBe(1);
    expect(await t.db.$count(staffAlerts, and(eq(staffAlerts.kind, 'closed_account_payment'), eq(staffAlerts.key, `closed_account_payment:${paymentNo}`)))).toBe(1);
  });

  it('a payment started in the same instant as the closure: never an open payment on a closed account', async () => {
    const who = await payer(t);
    const [started, closed] = await Promise.all([
      call<OnlinePayStart>(t.app, 'POST', '/api/auth/onlinePay/start', { token: who.token, form: { purpose: 'topup', vendor: 'wechat', scene: 'native', amount: '100' } }),
      close(who),
    ]);
    const open = await t.db.$count(onlinePayments, and(eq(onlinePayments.memberId, who.member.id), eq(onlinePayments.state, 'open')));
    const isClosed = (await memberRow(who)).closedAt !== null;
    expect(isClosed && open > 0, `start ${started.status} ${started.msg}; close ${closed.status} ${closed.msg}`).toBe(false);
  });
});
