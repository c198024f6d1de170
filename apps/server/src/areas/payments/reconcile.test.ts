import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, type AdminOnlinePayment, type AdminOnlineRefund, type Page, type ReconcileDetail, type ReconcileRun, type Statement } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { issueSession } from '../accounts/sessions.service';
import { auditLog } from '../../platform/platform.tables';
import { onlinePayments, onlineRefunds } from './payments.tables';
import { localGatewayPayments, localGatewayRefunds } from '../../platform/providers/local-gateway.tables';
import { paymentReconciliationLines, paymentReconciliations } from './reconciliation.tables';
import { orders } from '../orders/orders.tables';
import { saveJobSettings } from '../../platform/job-settings';
import { cancelOrder } from '../orders/cancel-core';
import { startOnlinePayment } from './start-payment';
import { sweepRefunds } from './online-refunds';
import { queryRefundNow } from './payments-admin.service';
import { reconcileDay, reconcileYesterday } from './reconcile.service';
import { statement } from './statement.service';
import { makeOrder, payer, paymentCatalog, type PaymentCatalog, type Who } from './payment.test-helpers';

/**
 * Finance's reconciliation of online payments against the local gateway's bill: each kind of
 * difference (the gateway's books tampered with to make it), a clean day, a re-run replacing the
 * day, a resolution audited; the back office's lists and exports, the ledger and the statement
 * showing the channel.
 */

let t: TestContext;
let catalog: PaymentCatalog;
let member: Who;
let finance: Awaited<ReturnType<typeof makeStaff>>;
const ORIGIN = 'http://127.0.0.1:3000';

const at = (day: string, time = '10:00:00') => new Date(`${day}T${time}+08:00`);

beforeAll(async () => {
  t = await createTestContext({ now: at('2026-10-01') });
  catalog = await paymentCatalog(t.db);
  member = await payer(t, { address: true });
  finance = await makeStaff(t.db, 'finance', t.clock.now());
});
afterAll(() => t?.close());

/** sessions issued at the test clock's now (the clock moves across days) */
const staffToken = async () => (await issueSession(t.db, 'staff', finance.id, { now: t.clock.now() })).token;
const memberToken = async () => (await issueSession(t.db, 'member', member.member.id, { now: t.clock.now() })).token;

/** the start body's optional fields none of these payments uses */
const NONE = { coupon_rid: undefined, community_rid: undefined };
const meta = () => ({ now: t.clock.now(), ip: '127.0.0.1', origin: ORIGIN, expireMinutes: 30 });

/** a top-up paid through the local gateway (its notice booked in process) */
async function paidTopup(amountFen: number, vendor: 'wechat' | 'alipay' = 'wechat') {
  const started = await startOnlinePayment(t.db, t.app.deps.payments, member.member.id, { ...NONE, purpose: 'topup', vendor, scene: vendor === 'wechat' ? 'native' : 'page', amount: amountFen }, meta());
  await t.app.deps.payments.local!.simulate(started.payment.paymentNo, 'paid');
  const [row] = await t.db.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, started.payment.paymentNo));
  expect(row!.state).toBe('paid');
  return row!;
}

/** an order paid online, then cancelled: its refund sent to the gateway and settled there */
async function paidOrder(amountFen: number) {
  const order = await makeOrder(t, catalog, member.member.id, { amounts: [amountFen] });
  const started = await startOnlinePayment(t.db, t.app.deps.payments, member.member.id, { ...NONE, purpose: 'order', vendor: 'wechat', scene: 'native', order_no: order.orderNo }, meta());
  await t.app.deps.payments.local!.simulate(started.payment.paymentNo, 'paid');
  const [paid] = await t.db.select().from(orders).where(eq(orders.id, order.id));
  expect(paid!.payment).toBe('paid');
  return { order: paid!, paymentNo: started.payment.paymentNo };
}

async function cancelAndRefund(orderId: number) {
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

const linesOf = async (runId: number) => t.db.select().from(paymentReconciliationLines).where(eq(paymentReconciliationLines.runId, runId));

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

describe('online money in finance views', () => {
  it('lists, details and exports payments and refunds; the ledger and the statement name the channel', async () => {
    const day = '2026-10-09';
    t.clock.set(at(day));
    const { order, paymentNo } = await paidOrder(300_00);
    const kept = await paidOrder(80_00);
    const refund = await cancelAndRefund(order.id);

    const list = await call<Page<AdminOnlinePayment>>(t.app, 'POST', '/api/admin/payments/list', { token: await staffToken(), form: { from: day, to: day, purpose: 'order', keyword: order.orderNo } });
    expect(list.status).toBe(200);
    expect(list.data.list.map((p) => p.paymentNo)).toEqual([paymentNo]);
    expect(list.data.list[0]).toMatchObject({ vendorText: '微信支付', stateText: '已支付', amountFen: 300_00, refundedFen: 300_00, orderNos: [order.orderNo] });
    const byPhone = await call<Page<AdminOnlinePayment>>(t.app, 'POST', '/api/admin/payments/list', { token: await staffToken(), form: { keyword: member.member.phone, from: day, to: day } });
    expect(byPhone.data.total).toBe(2);

    const detail = await call<{ refunds: AdminOnlineRefund[]; entries: { type: string; typeText: string; amountFen: number }[] }>(t.app, 'POST', '/api/admin/payments/detail', { token: await staffToken(), form: { payment_no: paymentNo } });
    expect(detail.data.refunds.map((r) => r.refundNo)).toEqual([refund.refundNo]);
    expect(detail.data.entries.map((e) => [e.typeText, e.amountFen])).toEqual([
      ['在线支付（微信支付）', 300_00],
      ['原路退款（微信支付）', -300_00],
    ]);

    const refunds = await call<Page<AdminOnlineRefund>>(t.app, 'POST', '/api/admin/payments/refund/list', { token: await staffToken(), form: { state: 'success', keyword: order.orderNo } });
    expect(refunds.data.list).toEqual([expect.objectContaining({ refundNo: refund.refundNo, stateText: '退款成功', orderNo: order.orderNo })]);
    const requery = await call(t.app, 'POST', '/api/admin/payments/refund/query', { token: await staffToken(), form: { refund_no: refund.refundNo } });
    expect(requery.status).toBe(409);

    const sheet = async (url: string, query: Record<string, string>) => {
      const response = await t.app.inject({ method: 'GET', url, query, headers: { token: await staffToken() } });
      expect(response.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      return book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    };
    const paymentsSheet = await sheet('/api/admin/payments/export', { from: day, to: day });
    expect(paymentsSheet.some((row) => row.includes(paymentNo) && row.includes('微信支付') && row.includes(300))).toBe(true);
    const refundsSheet = await sheet('/api/admin/payments/refund/export', { keyword: refund.refundNo });
    expect(refundsSheet.some((row) => row.includes(refund.refundNo) && row.includes('退款成功'))).toBe(true);

    // the member's own balance history and its export read the channel
    const history = await call<Page<{ typeText: string }>>(t.app, 'POST', '/api/auth/prestore/balanceHistory', { token: await memberToken(), form: { page: 1 } });
    expect(history.data.list.map((e) => e.typeText)).toContain('原路退款（微信支付）');

    // the statement: the order kept shows its channel; the period's online money listed signed
    const period = await statement(t.db, member.member.id, { from: day, to: day }, t.clock.now());
    expect(period.orders.find((o) => o.orderNo === kept.order.orderNo)).toMatchObject({ payChannel: '微信支付', paidFen: 80_00 });
    const online = period.online.filter((l) => l.orderNos.includes(order.orderNo) || l.orderNos.includes(kept.order.orderNo));
    expect(online.map((l) => [l.kind, l.channel, l.amountFen])).toEqual([
      ['payment', '微信支付', 300_00],
      ['payment', '微信支付', 80_00],
      ['refund', '微信支付', -300_00],
    ]);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/assign/statement', query: { from: day, to: day }, headers: { token: await memberToken() } });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const onlineSheet = book.getWorksheet('在线支付')!;
    expect(onlineSheet.getSheetValues().some((row) => Array.isArray(row) && row.includes(refund.refundNo))).toBe(true);
    expect((book.getWorksheet('对账单')!.getRow(2).values as unknown[]).includes('支付方式')).toBe(true);
    const statementData: Statement = period;
    expect(statementData.from).toBe(day);
  });

  it('finance only: another role is refused', async () => {
    const sales = await makeStaff(t.db, 'sales', t.clock.now());
    const refused = await call(t.app, 'POST', '/api/admin/payments/list', { token: sales.token, form: {} });
    expect(refused.status).toBe(403);
  });

  it('invoices: an order paid online is invoiced for its online part, an online top-up as a prepayment, each once; an order paid from the funds is not', async () => {
    const day = '2026-10-11';
    t.clock.set(at(day));
    const topup = await paidTopup(200_00);
    const { order, paymentNo } = await paidOrder(300_00);
    const fromFunds = await makeOrder(t, catalog, member.member.id, { amounts: [50_00], payment: 'paid' });
    const token = await memberToken();
    const sources = await call<{ kind: string; ref: string; amountFen: number; channel: string }[]>(t.app, 'POST', '/api/auth/invoiceApply/onlineSources', { token });
    expect(sources.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'online', ref: topup.paymentNo, amountFen: 200_00, channel: '微信支付' }),
        expect.objectContaining({ kind: 'order', ref: order.orderNo, amountFen: 300_00 }),
      ]),
    );
    // the order's own payment is no prepayment: it paid the order
    expect(sources.data.some((s) => s.ref === paymentNo)).toBe(false);
    const before = await call<{ invoiceableFen: number }>(t.app, 'POST', '/api/auth/asset/init', { token });

    const title = await call<{ rid: string }>(t.app, 'POST', '/api/auth/invoice/add', { token, form: { kind: 'personal', title: '王同学', email: 'wang@example.com' } });
    expect(title.status).toBe(200);
    const refusedFunds = await call(t.app, 'POST', '/api/auth/invoiceApply/add', { token, form: { type: 1, title_rid: title.data.rid, order_nos: fromFunds.orderNo } });
    expect(refusedFunds).toMatchObject({ status: 400, msg: `订单 ${fromFunds.orderNo} 由预存款支付，相应款项请按预存充值开票` });
    const refusedPayment = await call(t.app, 'POST', '/api/auth/invoiceApply/add', { token, form: { type: 1, title_rid: title.data.rid, payment_nos: paymentNo } });
    expect(refusedPayment.status).toBe(400);

    const applied = await call<{ amountFen: number; items: { kind: string; ref: string; amountFen: number }[] }>(t.app, 'POST', '/api/auth/invoiceApply/add', {
      token,
      form: { type: 1, title_rid: title.data.rid, order_nos: order.orderNo, payment_nos: topup.paymentNo },
    });
    expect(applied.status).toBe(200);
    expect(applied.data.amountFen).toBe(500_00);
    expect(applied.data.items.map((i) => [i.kind, i.ref, i.amountFen]).sort()).toEqual(
      [
        ['online', topup.paymentNo, 200_00],
        ['order', order.orderNo, 300_00],
      ].sort(),
    );
    const twice = await call(t.app, 'POST', '/api/auth/invoiceApply/add', { token, form: { type: 1, title_rid: title.data.rid, order_nos: order.orderNo } });
    expect(twice).toMatchObject({ status: 409, msg: '所选款项已申请过发票，不能重复开票' });
    const after = await call<{ invoiceableFen: number }>(t.app, 'POST', '/api/auth/asset/init', { token });
    expect(before.data.invoiceableFen - after.data.invoiceableFen).toBe(500_00);
    const left = await call<{ ref: string }[]>(t.app, 'POST', '/api/auth/invoiceApply/onlineSources', { token });
    expect(left.data.some((s) => s.ref === order.orderNo || s.ref === topup.paymentNo)).toBe(false);
  });
});
