import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminInvoice, FinanceQueueCounts, InvoiceApplication, InvoiceTitle, OnlinePayStart, Page } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { versionOf } from '../../../test/decision-pins';
import { invoiceApplicationItems, invoiceApplications } from './funds.tables';
import { auditLog } from '../../platform/platform.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { makeOrder, orderRow, payer, paymentCatalog, type PaymentCatalog, type Who } from '../payments/payment.test-helpers';
import { topUpViaApi } from './test-helpers';

/**
 * Issue 28, hole 4: no invoice for money that went back. An order paid online, put on an
 * invoice application, then cancelled (refunded to WeChat): a pending application drops it (or
 * is void), so finance's 开票 on what it saw answers 409; an invoice already issued owes a 红冲,
 * listed in the back office's 待红冲 queue until finance records the red-letter invoice (audited).
 */

let t: TestContext;
let catalog: PaymentCatalog;
let finance: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-05-14T02:00:00Z' });
  catalog = await paymentCatalog(t.db);
  finance = await makeStaff(t.db, 'finance', t.clock.now());
});
afterAll(() => t.close());

const post = <T>(who: { token: string }, url: string, form: Record<string, string | number> = {}) => call<T>(t.app, 'POST', url, { token: who.token, form });

/** An order of the member paid through the local gateway's 模拟支付成功 (WeChat). */
async function paidOnline(who: Who, amountFen = 300_00) {
  const order = await makeOrder(t, catalog, who.member.id, { amounts: [amountFen] });
  const started = await post<OnlinePayStart>(who, '/api/auth/onlinePay/start', { purpose: 'order', order_no: order.orderNo, vendor: 'wechat', scene: 'native' });
  expect(started.status, started.msg).toBe(200);
  const paid = await t.app.inject({ method: 'POST', url: `/pay/gateway/${started.data.payment.paymentNo}/paid` });
  expect(paid.body).toContain('支付成功');
  expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'paid' });
  return order;
}

async function titleOf(who: Who) {
  const title = await post<InvoiceTitle>(who, '/api/auth/invoice/add', { kind: 'personal', title: '王同学', email: 'w@example.com' });
  expect(title.status, title.msg).toBe(200);
  return title.data.rid;
}

const apply = (who: Who, form: Record<string, string | number>) => post<InvoiceApplication>(who, '/api/auth/invoiceApply/add', { type: 1, ...form });
const cancel = (who: Who, orderNo: string) => post(who, '/api/auth/order/cancel', { order_no: orderNo, reason: '课题调整' });
const issue = (rid: string, version: number, invoiceNo = `INV-${rid.slice(0, 6)}`) =>
  post<InvoiceApplication>(finance, '/api/admin/funds/invoice/issue', { rid, version, invoice_no: invoiceNo, issued_on: '2026-05-14' });
const applicationRow = async (rid: string) => (await t.db.select().from(invoiceApplications).where(eq(invoiceApplications.rid, rid)))[0]!;
const redQueue = () => post<Page<AdminInvoice>>(finance, '/api/admin/funds/invoice/list', { red: 'needed', pageSize: 100 });

describe('a refund voids the invoice of its money', () => {
  it('a pending application of an order cancelled and refunded to WeChat is void: finance can no longer issue it', async () => {
    const who = await payer(t);
    const order = await paidOnline(who);
    const applied = await apply(who, { title_rid: await titleOf(who), order_nos: order.orderNo });
    expect(applied.status, applied.msg).toBe(200);
    const seen = await versionOf(t.db, 'invoice', applied.data.rid);

    expect((await cancel(who, order.orderNo)).status).toBe(200);
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'refunded' });
    const issued = await issue(applied.data.rid, seen);
    expect(issued.status).toBe(409);
    expect(await applicationRow(applied.data.rid)).toMatchObject({ status: 'void', invoiceNo: null });
    const info = await post<InvoiceApplication>(who, '/api/auth/invoiceApply/info', { rid: applied.data.rid });
    expect(info.data).toMatchObject({ status: 'void', statusText: '已作废', items: [{ kind: 'order', ref: order.orderNo, refunded: true }] });
    expect(info.data.rejectReason).toContain(order.orderNo);
    // the refunded order cannot be put on a new application either
    expect((await apply(who, { title_rid: await titleOf(who), order_nos: order.orderNo })).status).toBe(400);
    const messages = await t.db.select().from(memberMessages).where(and(eq(memberMessages.memberId, who.member.id), eq(memberMessages.title, '开票申请已作废')));
    expect(messages).toHaveLength(1);
  });

  it('an application covering a top-up and a refunded order keeps the top-up: the amount drops and the version finance saw is refused', async () => {
    const who = await payer(t);
    const order = await paidOnline(who, 200_00);
    const topUp = await topUpViaApi(t, who, finance, '1000');
    const applied = await apply(who, { title_rid: await titleOf(who), order_nos: order.orderNo, prestore_rids: topUp.rid });
    expect(applied.data.amountFen).toBe(1200_00);
    const seen = await versionOf(t.db, 'invoice', applied.data.rid);

    expect((await cancel(who, order.orderNo)).status).toBe(200);
    const stale = await issue(applied.data.rid, seen);
    expect(stale).toMatchObject({ status: 409, msg: '该申请已被修改，请刷新后重新审核' });
    const fresh = await issue(applied.data.rid, await versionOf(t.db, 'invoice', applied.data.rid));
    expect(fresh.status, fresh.msg).toBe(200);
    expect(fresh.data).toMatchObject({ status: 'issued', amountFen: 1000_00 });
    expect(fresh.data.items).toEqual([
      { kind: 'prestore', ref: topUp.rid, amountFen: 1000_00, refunded: false },
      { kind: 'order', ref: order.orderNo, amountFen: 200_00, refunded: true },
    ]);
  });

  it('an issued invoice whose order is then refunded waits in 待红冲 until finance records the red-letter invoice (audited, pinned)', async () => {
    const who = await payer(t);
    const order = await paidOnline(who, 300_00);
    const applied = await apply(who, { title_rid: await titleOf(who), order_nos: order.orderNo });
    const issued = await issue(applied.data.rid, await versionOf(t.db, 'invoice', applied.data.rid), 'BLUE-0001');
    expect(issued.status, issued.msg).toBe(200);
    const before = await versionOf(t.db, 'invoice', applied.data.rid);
    const countsBefore = (await post<FinanceQueueCounts>(finance, '/api/admin/funds/counts')).data.invoiceRed;

    expect((await cancel(who, order.orderNo)).status).toBe(200);
    const queue = (await redQueue()).data.list.find((i) => i.rid === applied.data.rid);
    expect(queue).toMatchObject({ status: 'issued', invoiceNo: 'BLUE-0001', amountFen: 300_00 });
    expect(queue!.redLetters).toEqual([expect.objectContaining({ status: 'needed', statusText: '待红冲', amountFen: 300_00, redInvoiceNo: null })]);
    expect(queue!.redLetters[0]!.reason).toContain(order.orderNo);
    expect((await post<FinanceQueueCounts>(finance, '/api/admin/funds/counts')).data.invoiceRed).toBe(countsBefore + 1);
    const [item] = await t.db.select().from(invoiceApplicationItems).where(eq(invoiceApplicationItems.sourceRef, order.orderNo));
    expect(item).toMatchObject({ active: true });
    expect(item!.refundedAt).not.toBeNull();

    const red = (version: number) => post<InvoiceApplication>(finance, '/api/admin/funds/invoice/red', { rid: applied.data.rid, version, red_invoice_no: 'RED-0001', red_issued_on: '2026-05-15' });
    // what finance saw before the refund: refused
    expect(await red(before)).toMatchObject({ status: 409, msg: '该申请已被修改，请刷新后重新审核' });
    const recorded = await red(queue!.version);
    expect(recorded.status, recorded.msg).toBe(200);
    expect(recorded.data.redLetters).toEqual([expect.objectContaining({ status: 'done', statusText: '已红冲', amountFen: 300_00, redInvoiceNo: 'RED-0001', redIssuedOn: '2026-05-15' })]);
    expect((await redQueue()).data.list.map((i) => i.rid)).not.toContain(applied.data.rid);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'funds.invoice.red'), eq(auditLog.targetKey, applied.data.rid)));
    expect(audit).toMatchObject({ staffId: finance.id, entity: 'invoice' });
    expect(audit!.after).toMatchObject({ redLetters: [{ status: 'done', redInvoiceNo: 'RED-0001', amountFen: 300_00 }] });
    // nothing more owed
    expect(await red(await versionOf(t.db, 'invoice', applied.data.rid))).toMatchObject({ status: 409, msg: '该发票没有待红冲的款项' });
    // the member sees it
    const info = await post<InvoiceApplication>(who, '/api/auth/invoiceApply/info', { rid: applied.data.rid });
    expect(info.data.redLetters[0]).toMatchObject({ status: 'done', redInvoiceNo: 'RED-0001' });
  });

  it('an application made while the order is being cancelled never covers the refunded money', async () => {
    for (let round = 0; round < 3; round += 1) {
      const who = await payer(t);
      const order = await paidOnline(who, 100_00);
      const title = await titleOf(who);
      const [applied] = await Promise.all([apply(who, { title_rid: title, order_nos: order.orderNo }), cancel(who, order.orderNo)]);
      expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'refunded' });
      const live = await t.db
        .select()
        .from(invoiceApplicationItems)
        .innerJoin(invoiceApplications, eq(invoiceApplications.id, invoiceApplicationItems.applicationId))
        .where(and(eq(invoiceApplicationItems.sourceRef, order.orderNo), eq(invoiceApplicationItems.active, true)));
      expect(live, `round ${round}: ${applied.status} ${applied.msg}`).toEqual([]);
    }
  });
});
