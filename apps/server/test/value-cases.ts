import { expect } from 'vitest';
import type { AdminCredit, AdminInvoice, AdminOrderDetail, AdminPointsApplication, AdminPrestore, AdminTransfer, AdminWithdrawal, InvoiceTitle, OnlinePayStart, PointsApplication } from '@lab/contract';
import { invoiceApplication, pendingCredit, pendingTransfer, pendingWithdrawal } from '../src/areas/funds/funds-admin.test-helpers';
import { fund, makeOrder } from '../src/areas/payments/payment.test-helpers';
import { changedByHand, listed, member, post, w, type Body } from './value-world';
import { randomId } from '../src/platform/crypto';
import { bankStatementLines, bankStatements } from '../src/areas/funds/bank-statements.tables';

/**
 * The applications the pinned decisions are made on (value-registry.ts): each made through the
 * members' own calls; `seen` reads the decision's body from the staff list, `change` changes
 * the application behind the staff member's back.
 */


export async function topUpCase(decide: Body) {
  const who = await member();
  const added = await post<{ rid: string; applyNo: string }>('/api/auth/prestoreApply/add', who, { amount: '100', payer: '复旦大学' });
  const { rid, applyNo } = added.data;
  return {
    seen: async () => ({ rid, version: (await listed<AdminPrestore>('/api/admin/funds/prestore/list', w.staffOf.finance, rid, { keyword: applyNo })).version, ...decide }),
    // what a member may still change once the application is submitted: the remark (the amount and payer are refused)
    change: async () => void expect((await post('/api/auth/prestoreApply/edit', who, { rid, amount: '100', remark: '改了备注' })).code).toBe(1),
  };
}

/** 银行流水对账: a pending top-up of ¥100 and a bank line of ¥100 naming it (booked through the top-up's decision). */
export async function bankLineCase(decide: Body) {
  const topUp = await topUpCase(decide);
  const seen = await topUp.seen();
  const applied = await listed<AdminPrestore>('/api/admin/funds/prestore/list', w.staffOf.finance, String(seen.rid));
  const [statement] = await w.t.db
    .insert(bankStatements)
    .values({ rid: randomId(), fileName: 'statement.csv', fileSha256: randomId(32), layout: 'generic', lineCount: 1, creditCount: 1, staffId: w.staffOf.finance.id })
    .returning();
  const [line] = await w.t.db
    .insert(bankStatementLines)
    .values({ rid: randomId(), statementId: statement!.id, fingerprint: randomId(32), bookedAt: w.t.clock.now(), amountFen: 10_000, payer: '复旦大学', remark: `预存 ${applied.applyNo}` })
    .returning();
  return { seen: async () => ({ line_rid: line!.rid, ...(await topUp.seen()) }), change: topUp.change };
}

export async function transferCase(decide: Body) {
  const who = await member();
  const { transfer } = await pendingTransfer(w.t, who, w.staffOf.finance);
  return {
    seen: async () => ({ rid: transfer.rid, version: (await listed<AdminTransfer>('/api/admin/funds/transfer/list', w.staffOf.finance, transfer.rid, { keyword: transfer.rid })).version, ...decide }),
    change: changedByHand('transfer_applications', transfer.rid, `remark = remark || '（改）'`),
  };
}

export async function invoiceCase(decide: Body) {
  const who = await member();
  const application = await invoiceApplication(w.t, who, w.staffOf.finance);
  const other = await post<InvoiceTitle>('/api/auth/invoice/add', who, { kind: 'personal', title: '另一个抬头', email: 'other@example.com' });
  return {
    seen: async () => ({ rid: application.rid, version: (await listed<AdminInvoice>('/api/admin/funds/invoice/list', w.staffOf.finance, application.rid, { keyword: application.rid })).version, ...decide }),
    // the member puts another title on the pending application (invoiceApply/edit)
    change: async () => {
      const edited = await post('/api/auth/invoiceApply/edit', who, { rid: application.rid, type: 1, title_rid: other.data.rid, prestore_rids: application.items[0]!.ref, email: 'other@example.com' });
      expect(edited.code, edited.msg).toBe(1);
    },
  };
}

/** An issued invoice of an order paid online, then the order cancelled (refunded to WeChat): it owes a 红冲. */
export async function redLetterCase(decide: Body) {
  const who = await member();
  const order = await makeOrder(w.t, w.catalog, who.member.id, { amounts: [300_00] });
  const started = await post<OnlinePayStart>('/api/auth/onlinePay/start', who, { purpose: 'order', order_no: order.orderNo, vendor: 'wechat', scene: 'native' });
  await w.t.app.inject({ method: 'POST', url: `/pay/gateway/${started.data.payment.paymentNo}/paid` });
  const title = await post<InvoiceTitle>('/api/auth/invoice/add', who, { kind: 'personal', title: '红冲测试', email: 'red@example.com' });
  const { rid } = (await post<{ rid: string }>('/api/auth/invoiceApply/add', who, { type: 1, title_rid: title.data.rid, order_nos: order.orderNo })).data;
  const version = (await listed<AdminInvoice>('/api/admin/funds/invoice/list', w.staffOf.finance, rid, { keyword: rid })).version;
  expect((await post('/api/admin/funds/invoice/issue', w.staffOf.finance, { rid, version, invoice_no: '24312000000099990000', issued_on: '2026-12-01' })).code).toBe(1);
  expect((await post('/api/auth/order/cancel', who, { order_no: order.orderNo, reason: '课题调整' })).code).toBe(1);
  return {
    seen: async () => ({ rid, version: (await listed<AdminInvoice>('/api/admin/funds/invoice/list', w.staffOf.finance, rid, { red: 'needed' })).version, ...decide }),
    change: changedByHand('invoice_applications', rid, `remark = remark || '（改）'`),
  };
}

export async function creditCase(decide: Body) {
  const { rid } = await pendingCredit(w.t, `授信${Date.now() % 100_000}`);
  return {
    seen: async () => ({ rid, version: (await listed<AdminCredit>('/api/admin/funds/credit/list', w.staffOf.finance, rid, { keyword: rid })).version, ...decide }),
    change: changedByHand('credit_applications', rid, `requested_fen = requested_fen * 10`),
  };
}

export async function withdrawalCase(decide: Body) {
  const who = await member();
  const withdrawal = await pendingWithdrawal(w.t, who, 300_00, 'bank');
  return {
    seen: async () => ({ rid: withdrawal.rid, version: (await listed<AdminWithdrawal>('/api/admin/growth/withdraw/list', w.staffOf.finance, withdrawal.rid, { keyword: withdrawal.rid })).version, ...decide }),
    // update4user refuses a new account now; any other path that changes it moves the version
    change: changedByHand('rebate_withdrawals', withdrawal.rid, `bank_account = '6217000099998888777'`),
  };
}

export async function pointsCase(decide: Body) {
  const who = await member();
  const applied = await post<PointsApplication>('/api/auth/integration/apply', who, { title: '二维材料的 XPS 表征', journal: 'Nature Materials' });
  const rid = applied.data.rid;
  return {
    seen: async () => ({ rid, version: (await listed<AdminPointsApplication>('/api/admin/growth/points/applications', w.staffOf.sales, rid, { status: 'pending' })).version, ...decide }),
    change: changedByHand('points_applications', rid, `title = title || '（修订）'`),
  };
}

export async function cancelCase() {
  const who = await member();
  await fund(w.t, 'member', who.member.id, 300_00);
  const order = await makeOrder(w.t, w.catalog, who.member.id, { amounts: [300_00] });
  return {
    seen: async () => {
      const detail = (await post<AdminOrderDetail>('/api/admin/orders/detail', w.staffOf.sales, { order_no: order.orderNo })).data;
      return { order_no: order.orderNo, reason: '样品不符合要求', refund_fen: detail.payment === 'paid' ? detail.paidFen : 0 };
    },
    // the member pays the order the desk saw unpaid: cancelling it now refunds money nobody looked at
    change: async () => void expect((await post('/api/auth/order/pay', who, { order_no: order.orderNo })).code).toBe(1),
  };
}
