import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminApproval, AdminCouponTemplate, MemberCoupon, Page } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { couponTemplates, ledgerEntries, memberCoupons } from '../funds/funds.tables';
import { balanceOf } from '../funds/ledger.service';
import { eventsOf, makeOrder, orderRow } from '../orders/desk/progress.test-helpers';
import { approvalRequests } from './approvals.tables';
import { approvalsContext, auditOf, decide, expectFiled, post } from './approvals.test-helpers';

/**
 * Hole 7 of issue 16, replayed: one staff member minting value alone. Coupons, refunds and
 * adjustments above the maker's limit are filed, not booked; a second staff member whose role
 * and limit cover it approves the exact request, once; both names are in the audit log.
 */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof approvalsContext>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  ctx = await approvalsContext(t);
});
afterAll(() => t?.close());

const customer = () => makeLoggedInMember(t.db, t.clock.now());
const usable = async (who: { token: string }) => (await post<Page<MemberCoupon>>(t, '/api/auth/discount4user/all', who, { status: 'unused' })).data;
const templateNamed = async (name: string) => t.db.select().from(couponTemplates).where(eq(couponTemplates.name, name));

describe('coupons: the ¥10,000,000 no-threshold coupon', () => {
  it('sales creating it alone is filed: no template exists, the log says who asked for what', async () => {
    const res = await post(t, '/api/admin/funds/coupon/template/add', ctx.sales, { name: '千万立减', amount: '10000000', valid_days: '365', total_stock: '1', claimable: '1' });
    const filed = expectFiled(res);
    expect(filed).toMatchObject({ action: 'coupon.template', kind: 'coupon', valueFen: 10_000_000_00, makerLimitFen: 500_00, maker: { id: ctx.sales.id, role: 'sales' }, canApprove: false, canWithdraw: true });
    expect(res.msg).toBe('新建优惠券（¥10,000,000.00）超出您的单笔权限（¥500.00），已提交审批；另一位有权限的同事在「待审批」中通过后才会生效');
    expect(await templateNamed('千万立减')).toEqual([]);
    const [row] = await auditOf(t, filed.rid);
    expect(row).toMatchObject({ action: 'funds.couponTemplate.add', staffId: ctx.sales.id, staffRole: 'sales', before: null, after: expect.objectContaining({ status: '待审批', maker: expect.stringContaining('测试sales') }) });
  });

  it('sales issuing one to a member is filed; the member holds no usable coupon until another staff member approves', async () => {
    const [big] = await t.db.insert(couponTemplates).values({ rid: randomId(), name: '千万大券', amountFen: 10_000_000_00, validDays: 30, claimable: false }).returning();
    const who = await customer();
    const filed = expectFiled(await post(t, '/api/admin/funds/coupon/issue', ctx.sales, { rid: big!.rid, member_rid: who.member.rid }));
    expect(filed.summary).toMatch(/千万大券.*减¥10,000,000\.00，无门槛/);
    expect((await usable(who)).total).toBe(0);
    expect(await t.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, who.member.id))).toEqual([]);

    // the maker cannot approve it; neither can a colleague whose role or own limit does not cover it
    expect(await decide(t, 'approve', ctx.sales, { rid: filed.rid })).toMatchObject({ status: 403, msg: '不能审批自己提交的申请，请由另一位同事审批' });
    expect(await decide(t, 'approve', ctx.sales2, { rid: filed.rid })).toMatchObject({ status: 403, msg: '金额¥10,000,000.00超出您的审批额度（¥500.00）' });
    expect(await decide(t, 'approve', ctx.finance, { rid: filed.rid })).toMatchObject({ status: 403, msg: '金额¥10,000,000.00超出您的审批额度（¥2,000.00）' });
    expect(await decide(t, 'approve', ctx.lab, { rid: filed.rid })).toMatchObject({ status: 403, msg: '实验员不能审批优惠券申请' });
    expect((await usable(who)).total).toBe(0);

    const approved = await decide(t, 'approve', ctx.admin, { rid: filed.rid });
    expect(approved).toMatchObject({ status: 200, code: 1, msg: '已审批通过，已按申请内容办理', data: { status: 'approved', checker: { id: ctx.admin.id, role: 'admin' }, maker: { id: ctx.sales.id } } });
    const coupons = await usable(who);
    expect(coupons.list).toEqual([expect.objectContaining({ name: '千万大券', rid: approved.data.resultKey })]);
    const [coupon] = await t.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, who.member.id));
    expect(coupon!.issuedBy).toBe(ctx.sales.id);

    // both names in the audit log: the maker's request, then the checker's decision naming both
    const rows = await auditOf(t, filed.rid);
    expect(rows.map((r) => [r.action, r.staffId])).toEqual([
      ['funds.coupon.issue', ctx.sales.id],
      ['approvals.approve', ctx.admin.id],
    ]);
    expect(rows[1]).toMatchObject({ before: expect.objectContaining({ status: '待审批' }), after: expect.objectContaining({ status: '已通过', maker: expect.stringContaining('测试sales'), checker: expect.stringContaining('测试admin'), resultKey: coupon!.rid }) });
    // approved once: a second approval is refused and gives nothing more
    expect(await decide(t, 'approve', ctx.admin2, { rid: filed.rid })).toMatchObject({ status: 409, msg: '该申请已通过，不能再审批' });
    expect((await usable(who)).total).toBe(1);
  });

  it('under the maker\'s limit it is booked alone, as before', async () => {
    const who = await customer();
    const created = await post<AdminCouponTemplate>(t, '/api/admin/funds/coupon/template/add', ctx.sales, { name: '回馈 ¥100', amount: '100', valid_days: '30', total_stock: '5', claimable: '0' });
    expect(created).toMatchObject({ code: 1, msg: '优惠券已创建', data: { amountFen: 100_00, totalStock: 5 } });
    expect(await post(t, '/api/admin/funds/coupon/issue', ctx.sales, { rid: created.data.rid, member_rid: who.member.rid })).toMatchObject({ code: 1, msg: '优惠券已发放' });
    expect((await usable(who)).total).toBe(1);
  });

  it('a percent-off or unlimited template is unbounded: filed for anyone with a limit, approved only by a checker without one', async () => {
    const percent = expectFiled(await post(t, '/api/admin/funds/coupon/template/add', ctx.finance, { name: '全场 5 折', percent_off: '50', valid_days: '30', total_stock: '10' }));
    expect(percent).toMatchObject({ valueFen: null, summary: expect.stringContaining('5折（不封顶）') });
    const unlimited = expectFiled(await post(t, '/api/admin/funds/coupon/template/add', ctx.sales, { name: '不限量 ¥10', amount: '10', valid_days: '30' }));
    expect(unlimited.valueFen).toBeNull();
    expect(await decide(t, 'approve', ctx.finance2, { rid: unlimited.rid })).toMatchObject({ status: 403, msg: '金额不封顶超出您的审批额度（¥2,000.00）' });
    expect(await decide(t, 'approve', ctx.admin, { rid: unlimited.rid })).toMatchObject({ code: 1 });
    expect(await templateNamed('不限量 ¥10')).toEqual([expect.objectContaining({ amountFen: 10_00, totalStock: null, claimable: true })]);
    expect(await templateNamed('全场 5 折')).toEqual([]);
  });
});

describe('refunds: cancelling a paid order', () => {
  it('the lab cancelling a paid order refunds nothing until approved; a second request for it is refused', async () => {
    const who = await customer();
    const row = await makeOrder(t, ctx.item, who.member.id, { progress: 'received', payment: 'paid' });
    const filed = expectFiled(await post(t, '/api/admin/orders/cancel', ctx.lab, { order_no: row.orderNo, reason: '样品不符合测试要求', refund_fen: row.paidFen }));
    expect(filed).toMatchObject({ kind: 'refund', valueFen: row.paidFen, makerLimitFen: 0, target: row.orderNo, note: '样品不符合测试要求' });
    expect(await orderRow(t, row.orderNo)).toMatchObject({ progress: 'received', payment: 'paid' });
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(0);
    expect(await post(t, '/api/admin/orders/cancel', ctx.lab, { order_no: row.orderNo, reason: '再试一次', refund_fen: row.paidFen })).toMatchObject({ status: 409, msg: '该订单的取消申请正在审批中，请勿重复提交' });

    // sales may approve it (its own refund limit ¥2,000 covers ¥120), and it books exactly that refund, once
    const approved = await decide(t, 'approve', ctx.sales, { rid: filed.rid });
    expect(approved).toMatchObject({ code: 1, data: { status: 'approved', resultKey: row.orderNo } });
    expect(await orderRow(t, row.orderNo)).toMatchObject({ progress: 'cancelled', payment: 'refunded', cancelReason: '样品不符合测试要求' });
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(row.paidFen);
    expect((await eventsOf(t, row.id)).map((e) => [e.status, e.actorName])).toEqual([
      ['cancelled', '测试lab（经测试sales审批）'],
      ['refunded', '测试lab（经测试sales审批）'],
    ]);
    expect((await auditOf(t, filed.rid)).map((r) => [r.action, r.staffRole])).toEqual([
      ['orders.cancel', 'lab'],
      ['approvals.approve', 'sales'],
    ]);
  });

  it('sales above ¥2,000 is filed too; an unpaid order is cancelled alone (nothing is refunded)', async () => {
    const who = await customer();
    const big = await makeOrder(t, ctx.item, who.member.id, { progress: 'testing', payment: 'paid', totalFen: 300_000 });
    expectFiled(await post(t, '/api/admin/orders/cancel', ctx.sales, { order_no: big.orderNo, reason: '客户要求取消', refund_fen: big.paidFen }));
    expect(await orderRow(t, big.orderNo)).toMatchObject({ progress: 'testing', payment: 'paid' });
    const unpaid = await makeOrder(t, ctx.item, who.member.id, { progress: 'submitted', payment: 'unpaid' });
    expect(await post(t, '/api/admin/orders/cancel', ctx.lab, { order_no: unpaid.orderNo, reason: '重复下单', refund_fen: 0 })).toMatchObject({ code: 1, msg: '订单已取消', data: { progress: 'cancelled' } });
  });

  it('approval books only what was filed: an order that moved on meanwhile is refused and the request stays pending', async () => {
    const who = await customer();
    const row = await makeOrder(t, ctx.item, who.member.id, { progress: 'received', payment: 'paid' });
    const filed = expectFiled(await post(t, '/api/admin/orders/cancel', ctx.lab, { order_no: row.orderNo, reason: '样品损坏', refund_fen: row.paidFen }));
    expect(await post(t, '/api/admin/orders/cancel', ctx.sales, { order_no: row.orderNo, reason: '客户撤回', refund_fen: row.paidFen })).toMatchObject({ code: 1 });
    expect(await decide(t, 'approve', ctx.admin, { rid: filed.rid })).toMatchObject({ status: 409, msg: '订单当前为「已取消」，不能取消' });
    expect((await decide(t, 'detail', ctx.admin, { rid: filed.rid })).data).toMatchObject({ status: 'pending', checker: null });
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(row.paidFen);
    expect(await decide(t, 'reject', ctx.admin, { rid: filed.rid, reason: '订单已由客户经理取消' })).toMatchObject({ code: 1, data: { status: 'rejected', decisionReason: '订单已由客户经理取消' } });
  });
});

describe('adjustments', () => {
  const adjust = (who: { token: string }, form: Record<string, string>) => post(t, '/api/admin/funds/adjust', who, form);

  it('finance crediting above ¥1,000 books nothing until approved; both directions count', async () => {
    const who = await customer();
    const form = { owner_kind: 'member', owner_rid: who.member.rid, amount: '5000', reason: '线下转账补录', request_id: `adj-${randomId(6)}` };
    const filed = expectFiled(await adjust(ctx.finance, form));
    expect(filed).toMatchObject({ kind: 'adjustment', valueFen: 5_000_00, makerLimitFen: 1_000_00, note: '线下转账补录' });
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(0);
    expect(await adjust(ctx.finance, form)).toMatchObject({ status: 409, msg: '该调账已提交审批，请勿重复提交' });
    expect(await decide(t, 'approve', ctx.finance2, { rid: filed.rid })).toMatchObject({ status: 403, msg: '金额¥5,000.00超出您的审批额度（¥1,000.00）' });
    expect(await decide(t, 'approve', ctx.sales, { rid: filed.rid })).toMatchObject({ status: 403, msg: '客户经理不能审批调账申请' });

    expect(await decide(t, 'approve', ctx.admin, { rid: filed.rid })).toMatchObject({ code: 1, data: { resultKey: `adjust:${form.request_id}` } });
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(5_000_00);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, `adjust:${form.request_id}`));
    expect(entries).toEqual([expect.objectContaining({ amountFen: 5_000_00, type: 'adjustment', actorId: ctx.finance.id, note: '线下转账补录（经测试admin审批）' })]);

    // taking money out counts as much as putting it in
    const debit = expectFiled(await adjust(ctx.finance, { ...form, amount: '-2000', request_id: `adj-${randomId(6)}` }));
    expect(debit.valueFen).toBe(2_000_00);
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(5_000_00);
    // within the limit, alone, as before
    expect(await adjust(ctx.finance, { ...form, amount: '-100', request_id: `adj-${randomId(6)}` })).toMatchObject({ code: 1, msg: '余额已调整' });
  });

  it('two checkers approving at once book it once', async () => {
    const who = await customer();
    for (let round = 0; round < 3; round++) {
      const filed = expectFiled(await adjust(ctx.finance, { owner_kind: 'member', owner_rid: who.member.rid, amount: '3000', reason: `补录 ${round}`, request_id: `race-${round}-${randomId(6)}` }));
      const answers = await Promise.all([ctx.admin, ctx.admin2].map((checker) => decide(t, 'approve', checker, { rid: filed.rid })));
      expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
      expect(answers.find((a) => a.code === 0)).toMatchObject({ status: 409 });
      const [booked] = await t.db.select({ n: count() }).from(ledgerEntries).where(like(ledgerEntries.reference, `adjust:race-${round}-%`));
      expect(booked!.n).toBe(1);
    }
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(9_000_00);
  });

  it('two checkers approving a new template at once create it once (nothing else would stop a second one)', async () => {
    for (let round = 0; round < 3; round++) {
      const name = `并发券 ${round}`;
      const filed = expectFiled(await post(t, '/api/admin/funds/coupon/template/add', ctx.sales, { name, amount: '1000', valid_days: '30', total_stock: '10' }));
      const answers = await Promise.all([ctx.admin, ctx.admin2].map((checker) => decide(t, 'approve', checker, { rid: filed.rid })));
      expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
      expect(await templateNamed(name)).toHaveLength(1);
    }
  });
});

describe('deciding', () => {
  it('the maker withdraws their own request, a colleague rejects with a reason; neither books anything', async () => {
    const who = await customer();
    const form = { owner_kind: 'member', owner_rid: who.member.rid, amount: '2500', reason: '补偿' };
    const first = expectFiled(await post(t, '/api/admin/funds/adjust', ctx.finance, form));
    expect(await decide(t, 'reject', ctx.finance, { rid: first.rid, reason: '不要了' })).toMatchObject({ status: 403, msg: '自己提交的申请请使用「撤回」' });
    expect(await decide(t, 'withdraw', ctx.finance2, { rid: first.rid })).toMatchObject({ status: 403, msg: '只能撤回自己提交的申请' });
    expect(await decide(t, 'withdraw', ctx.finance, { rid: first.rid, reason: '金额填错' })).toMatchObject({ code: 1, data: { status: 'withdrawn', checker: null, decisionReason: '金额填错' } });
    const second = expectFiled(await post(t, '/api/admin/funds/adjust', ctx.finance, form));
    // rejecting books nothing, so a colleague whose limit does not cover it may still reject
    expect(await decide(t, 'reject', ctx.finance2, { rid: second.rid, reason: '' })).toMatchObject({ status: 400, msg: '[驳回原因]不能为空' });
    expect(await decide(t, 'reject', ctx.finance2, { rid: second.rid, reason: '缺少转账凭证' })).toMatchObject({ code: 1, data: { status: 'rejected', checker: { id: ctx.finance2.id } } });
    expect(await decide(t, 'approve', ctx.admin, { rid: second.rid })).toMatchObject({ status: 409, msg: '该申请已驳回，不能再审批' });
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(0);
    expect((await auditOf(t, second.rid)).map((r) => r.action)).toEqual(['funds.account.adjust', 'approvals.reject']);
  });

  it('lists what waits for me and what I asked for; the badge counts them', async () => {
    const who = await customer();
    const mine = expectFiled(await post(t, '/api/admin/funds/adjust', ctx.finance2, { owner_kind: 'member', owner_rid: who.member.rid, amount: '1500', reason: '待办测试' }));
    const list = (scope: string, who: { token: string }) => post<Page<AdminApproval>>(t, '/api/admin/approvals/list', who, { scope, status: 'pending' });
    expect((await list('mine', ctx.finance2)).data.list.map((a) => a.rid)).toContain(mine.rid);
    const todo = (await list('todo', ctx.admin)).data.list;
    expect(todo.find((a) => a.rid === mine.rid)).toMatchObject({ canApprove: true, canReject: true, canWithdraw: false });
    expect((await list('todo', ctx.finance)).data.list.map((a) => a.rid)).not.toContain(mine.rid);
    expect((await list('todo', ctx.finance2)).data.list.map((a) => a.rid)).not.toContain(mine.rid);
    const counts = await post<{ todo: number; mine: number }>(t, '/api/admin/approvals/counts', ctx.admin);
    expect(counts.data.todo).toBe((await list('todo', ctx.admin)).data.total);
    expect((await post<{ todo: number; mine: number }>(t, '/api/admin/approvals/counts', ctx.finance2)).data.mine).toBeGreaterThanOrEqual(1);
    expect(await post(t, '/api/admin/approvals/list', ctx.admin, { status: 'gone' })).toMatchObject({ status: 400, msg: '[状态]不正确' });
  });

  it('the database itself refuses an approval by the maker', async () => {
    const who = await customer();
    const filed = expectFiled(await post(t, '/api/admin/funds/adjust', ctx.finance, { owner_kind: 'member', owner_rid: who.member.rid, amount: '1234', reason: '约束' }));
    await expect(
      t.db.update(approvalRequests).set({ status: 'approved', checkerId: ctx.finance.id }).where(and(eq(approvalRequests.rid, filed.rid), eq(approvalRequests.status, 'pending'))),
    ).rejects.toThrow();
  });
});
