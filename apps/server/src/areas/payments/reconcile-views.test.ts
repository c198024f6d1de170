import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { AdminOnlinePayment, AdminOnlineRefund, Page, Statement } from '@lab/contract';
import { call } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { statement } from './statement.service';
import { makeOrder } from './payment.test-helpers';
import { at, cancelAndRefund, catalog, member, memberToken, paidOrder, paidTopup, staffToken, t, useReconcileContext } from './reconcile.test-helpers';

/** Online money in finance's views: the back office's lists and exports, the ledger and the statement showing the channel (reconcile.test-helpers.ts). */

useReconcileContext();

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
