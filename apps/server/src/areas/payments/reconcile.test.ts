import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, type ReconcileDetail, type ReconcileRun } from '@lab/contract';
import { call } from '../../../test/harness';
import { auditLog } from '../../platform/platform.tables';
import { onlinePayments } from './payments.tables';
import { localGatewayPayments, localGatewayRefunds } from '../../platform/providers/local-gateway.tables';
import { paymentReconciliations } from './reconciliation.tables';
import { saveJobSettings } from '../../platform/job-settings';
import { startOnlinePayment } from './start-payment';
import { reconcileDay, reconcileYesterday } from './reconcile.service';
import { NONE, ORIGIN, at, cancelAndRefund, finance, linesOf, member, meta, paidOrder, paidTopup, staffToken, t, useReconcileContext } from './reconcile.test-helpers';

/**
 * Finance's reconciliation of online payments against the local gateway's bill: each kind of
 * difference (the gateway's books tampered with to make it), a clean day, a re-run replacing the
 * day, a resolution audited; the back office's lists and exports, the ledger and the statement
 * showing the channel.
 */

useReconcileContext();

describe('daily reconciliation against the local gateway bill', () => {
  it('a clean day has no mismatches and both sides agree on the totals', async () => {
    const day = '2026-10-01';
    t.clock.set(at(day));
    const a = await paidTopup(100_00);
    const b = await paidTopup(250_00);
    const alipay = await paidTopup(180_00, 'alipay');
    t.clock.set(at(addDays(day, 1)));
    const run = await reconcileDay(t.db, t.app.deps.payments, 'wechat', day, { kind: 'job' }, t.clock.now());
    expect(run).toMatchObject({ state: 'done', mismatchCount: 0, billPayCount: 2, ourPayCount: 2, billPayFen: 350_00, ourPayFen: 350_00 });
    expect(await linesOf(run.id)).toEqual([]);
    const other = await reconcileDay(t.db, t.app.deps.payments, 'alipay', day, { kind: 'job' }, t.clock.now());
    expect(other).toMatchObject({ state: 'done', mismatchCount: 0, billPayFen: Number(alipay.amountFen), ourPayFen: Number(alipay.amountFen) });
    expect([a.paymentNo, b.paymentNo]).toHaveLength(2);
  });

  it('finds every kind of mismatch: amount, bill only (unknown and open), ours only, and the refund kinds', async () => {
    const day = '2026-10-03';
    t.clock.set(at(day));
    const amount = await paidTopup(100_00);
    const missing = await paidTopup(120_00);
    // ours open, the gateway says paid (its notice never reached us)
    const open = await startOnlinePayment(t.db, t.app.deps.payments, member.member.id, { ...NONE, purpose: 'topup', vendor: 'wechat', scene: 'native', amount: 300_00 }, meta());
    await t.db.update(localGatewayPayments).set({ state: 'paid', paidAt: t.clock.now(), tradeNo: 'LPOPEN1' }).where(eq(localGatewayPayments.outTradeNo, open.payment.paymentNo));
    // a payment the gateway has and we never created
    await t.db.insert(localGatewayPayments).values({ outTradeNo: 'OPSTRANGER0001', vendor: 'wechat', scene: 'native', amountFen: 9_99, description: '?', notifyUrl: ORIGIN, returnUrl: ORIGIN, state: 'paid', tradeNo: 'LPX', expiresAt: t.clock.now(), paidAt: t.clock.now() });
    await t.db.update(localGatewayPayments).set({ amountFen: 99_00 }).where(eq(localGatewayPayments.outTradeNo, amount.paymentNo));
    // ours paid, not on the gateway's bill of the day
    await t.db.update(localGatewayPayments).set({ paidAt: at(addDays(day, -1)) }).where(eq(localGatewayPayments.outTradeNo, missing.paymentNo));
    // refunds: one whose amount the gateway changed, one the gateway dated another day, one the gateway has alone
    const r1 = await cancelAndRefund((await paidOrder(200_00)).order.id);
    const r2 = await cancelAndRefund((await paidOrder(150_00)).order.id);
    await t.db.update(localGatewayRefunds).set({ amountFen: 199_00 }).where(eq(localGatewayRefunds.outRefundNo, r1.refundNo));
    await t.db.update(localGatewayRefunds).set({ succeededAt: at(addDays(day, 2)) }).where(eq(localGatewayRefunds.outRefundNo, r2.refundNo));
    const [r2Payment] = await t.db.select().from(onlinePayments).where(eq(onlinePayments.id, r2.paymentId));
    await t.db.insert(localGatewayRefunds).values({ outRefundNo: 'RFSTRANGER0001', outTradeNo: r2Payment!.paymentNo, refundId: '50x', amountFen: 1_00, state: 'success', succeededAt: t.clock.now() });

    t.clock.set(at(addDays(day, 1)));
    const run = await reconcileDay(t.db, t.app.deps.payments, 'wechat', day, { kind: 'job' }, t.clock.now());
    const lines = await linesOf(run.id);
    const kinds = lines.map((l) => `${l.kind}:${l.refundNo ?? l.paymentNo}`).sort();
    expect(kinds).toEqual(
      [
        `amount:${amount.paymentNo}`,
        `bill_only:${open.payment.paymentNo}`,
        'bill_only:OPSTRANGER0001',
        `ours_only:${missing.paymentNo}`,
        `refund_amount:${r1.refundNo}`,
        'refund_bill_only:RFSTRANGER0001',
        `refund_ours_only:${r2.refundNo}`,
      ].sort(),
    );
    expect(lines.find((l) => l.kind === 'amount')).toMatchObject({ billFen: 99_00, ourFen: 100_00 });
    expect(lines.find((l) => l.paymentNo === open.payment.paymentNo)).toMatchObject({ ourState: 'open', billFen: 300_00 });
    expect(lines.find((l) => l.paymentNo === 'OPSTRANGER0001')).toMatchObject({ ourState: 'none', ourFen: null });
    expect(run.mismatchCount).toBe(7);
    expect(run.ourRefundCount).toBe(2);
  });

  it('a re-run replaces the day atomically, keeps a resolution found again, and the resolve is audited', async () => {
    const day = '2026-10-05';
    t.clock.set(at(day));
    const a = await paidTopup(160_00);
    const b = await paidTopup(170_00);
    await t.db.update(localGatewayPayments).set({ amountFen: 159_00 }).where(eq(localGatewayPayments.outTradeNo, a.paymentNo));
    await t.db.update(localGatewayPayments).set({ amountFen: 169_00 }).where(eq(localGatewayPayments.outTradeNo, b.paymentNo));
    t.clock.set(at(addDays(day, 1)));
    const first = await reconcileDay(t.db, t.app.deps.payments, 'wechat', day, { kind: 'job' }, t.clock.now());
    expect(first.mismatchCount).toBe(2);

    const listed = await call<ReconcileRun[]>(t.app, 'POST', '/api/admin/payments/reconcile/list', { token: await staffToken(), form: { from: day, to: day, vendor: 'wechat' } });
    expect(listed.data).toEqual([expect.objectContaining({ id: first.id, mismatchCount: 2, openCount: 2 })]);
    const detail = await call<ReconcileDetail>(t.app, 'POST', '/api/admin/payments/reconcile/detail', { token: await staffToken(), form: { id: first.id } });
    const lineA = detail.data.lines.find((l) => l.paymentNo === a.paymentNo)!;
    const lineB = detail.data.lines.find((l) => l.paymentNo === b.paymentNo)!;
    expect(lineA.kindText).toBe('金额不符');

    const resolved = await call(t.app, 'POST', '/api/admin/payments/reconcile/resolve', { token: await staffToken(), form: { id: lineA.id, note: '渠道手续费差额，已核实' } });
    expect(resolved.status).toBe(200);
    const again = await call(t.app, 'POST', '/api/admin/payments/reconcile/resolve', { token: await staffToken(), form: { id: lineA.id, note: '重复' } });
    expect(again.status).toBe(409);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'payments.reconcile.resolve'), eq(auditLog.targetKey, String(lineA.id))));
    expect(audit).toMatchObject({ staffId: finance.id, entity: 'reconcileLine' });
    expect(audit!.after).toMatchObject({ resolveNote: '渠道手续费差额，已核实' });
    expect(audit!.before).toMatchObject({ resolvedAt: null });

    // b's difference is corrected at the gateway; staff run the day again
    await t.db.update(localGatewayPayments).set({ amountFen: 170_00 }).where(eq(localGatewayPayments.outTradeNo, b.paymentNo));
    const rerun = await call<ReconcileRun[]>(t.app, 'POST', '/api/admin/payments/reconcile/run', { token: await staffToken(), form: { day, vendor: 'wechat' } });
    expect(rerun.status).toBe(200);
    expect(rerun.data).toEqual([expect.objectContaining({ id: first.id, mismatchCount: 1, openCount: 0, runBy: 'staff' })]);
    const runs = await t.db.select().from(paymentReconciliations).where(and(eq(paymentReconciliations.day, day), eq(paymentReconciliations.vendor, 'wechat')));
    expect(runs).toHaveLength(1);
    const lines = await linesOf(first.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ paymentNo: a.paymentNo, resolveNote: '渠道手续费差额，已核实' });
    expect(lines.some((l) => l.paymentNo === lineB.paymentNo)).toBe(false);
    const [runAudit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'payments.reconcile.run'), eq(auditLog.targetKey, day)));
    expect(runAudit).toBeTruthy();

    // today is not over: nothing to reconcile
    const today = await call(t.app, 'POST', '/api/admin/payments/reconcile/run', { token: await staffToken(), form: { day: addDays(day, 1) } });
    expect(today.status).toBe(400);
  });

  it('the job reconciles yesterday from the configured hour on, once per vendor', async () => {
    await saveJobSettings(t.db, finance.id, { unpaid_cancel_days: 7, reminder_hour: 9, coupon_reminder_days: 3, raw_data_retention_days: 180, retention_reminder_days: 7, promise_alert_sms: true, reconcile_hour: 11 }, t.clock.now());
    const day = '2026-10-07';
    t.clock.set(at(day));
    await paidTopup(100_00);
    t.clock.set(at(addDays(day, 1), '10:30:00'));
    expect(await reconcileYesterday(t.db, t.app.deps.payments, t.clock.now())).toEqual([]);
    t.clock.set(at(addDays(day, 1), '11:20:00'));
    const runs = await reconcileYesterday(t.db, t.app.deps.payments, t.clock.now());
    expect(runs.map((r) => [r.vendor, r.day, r.state, r.mismatchCount])).toEqual([
      ['wechat', day, 'done', 0],
      ['alipay', day, 'done', 0],
    ]);
    expect(await reconcileYesterday(t.db, t.app.deps.payments, t.clock.now())).toEqual([]);
  });

  it('a bill that cannot be downloaded records a failed run and never replaces a done one', async () => {
    const day = '2026-10-07';
    t.clock.set(at(addDays(day, 1), '12:00:00'));
    const provider = t.app.deps.payments.wechat;
    const original = provider.downloadBill;
    provider.downloadBill = () => Promise.reject(new Error('network down'));
    try {
      const run = await reconcileDay(t.db, t.app.deps.payments, 'wechat', day, { kind: 'job' }, t.clock.now());
      expect(run).toMatchObject({ state: 'failed' });
      const [stored] = await t.db.select().from(paymentReconciliations).where(and(eq(paymentReconciliations.day, day), eq(paymentReconciliations.vendor, 'wechat')));
      expect(stored!.state).toBe('done');
      const rerun = await call(t.app, 'POST', '/api/admin/payments/reconcile/run', { token: await staffToken(), form: { day: '2026-09-01', vendor: 'wechat' } });
      expect(rerun.status).toBe(502);
      expect(rerun.msg).toContain('账单下载失败');
    } finally {
      provider.downloadBill = original;
    }
  });
});
