import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApprovalFiled, type ApprovalFiled, type ApprovalLimit } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { issueSession } from '../accounts/sessions.service';
import { auditLog } from '../../db/schema';
import { randomId } from '../../platform/crypto';
import { couponTemplates, ledgerEntries, memberCoupons } from '../funds/funds.tables';
import { approvalUsage } from './approvals.tables';
import { approvalsContext, decide, expectFiled, post, setLimit } from './approvals.test-helpers';

/**
 * The limits (系统管理 → 审批额度) bound what one person books alone, not one click: per action,
 * per lab day, per month, and per month for one target account (issue 28, hole 3). Every route
 * that creates value is proved held to its limit by test/value-decisions.test.ts (the registry);
 * here the periods, the targets, parallel requests and the limits screen.
 */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof approvalsContext>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  ctx = await approvalsContext(t);
});
afterAll(() => t?.close());

const member = () => makeLoggedInMember(t.db, t.clock.now());
type Answer = Awaited<ReturnType<typeof post>>;
const filedOnes = (answers: Answer[]) => answers.filter((a) => a.code === 1 && isApprovalFiled(a.data));
const bookedOnes = (answers: Answer[]) => answers.filter((a) => a.code === 1 && !isApprovalFiled(a.data));
const adjust = (who: { token: string }, ownerRid: string, amount = '1000') =>
  post(t, '/api/admin/funds/adjust', who, { owner_kind: 'member', owner_rid: ownerRid, amount, reason: '补录', request_id: `p-${randomId(10)}` });
const adjustedFen = async (staffId: number) =>
  (await t.db.select({ amount: ledgerEntries.amountFen }).from(ledgerEntries).where(and(eq(ledgerEntries.actorId, staffId), eq(ledgerEntries.type, 'adjustment')))).reduce((sum, r) => sum + Number(r.amount), 0);

describe('limits per person and period, not per click (issue 28, hole 3)', () => {
  it('20 parallel ¥1,000 adjustments by one finance member, to one account: the month for that account (¥2,000) holds, the rest are filed', async () => {
    const finance = await makeStaff(t.db, 'finance', t.clock.now());
    const who = await member();
    const answers = await Promise.all(Array.from({ length: 20 }, () => adjust(finance, who.member.rid)));
    expect(answers.every((a) => a.code === 1), answers.map((a) => a.msg).join('\n')).toBe(true);
    expect(bookedOnes(answers)).toHaveLength(2);
    expect(filedOnes(answers)).toHaveLength(18);
    expect(await adjustedFen(finance.id)).toBe(2_000_00);
    const filed = (filedOnes(answers)[0]!.data as ApprovalFiled).pendingApproval;
    expect(filed).toMatchObject({ limitScope: 'target', makerLimitFen: 2_000_00, makerUsedFen: 2_000_00 });
    expect(filedOnes(answers)[0]!.msg).toBe('调整余额（¥1,000.00）：您本月已为该客户独立办理¥2,000.00，加上本笔超出同一客户每月合计上限（¥2,000.00），已提交审批；另一位有权限的同事在「待审批」中通过后才会生效');
  });

  it('parallel adjustments to several accounts: the day holds; the next day allows more, up to the month', async () => {
    const finance = await makeStaff(t.db, 'finance', t.clock.now());
    const people = await Promise.all(Array.from({ length: 5 }, () => member()));
    const start = t.clock.now();
    await setLimit(t, 'finance', 'adjustment', 1_000_00, { day: 3_000_00, month: 5_000_00, target: 2_000_00 });
    try {
      const first = await Promise.all(people.map((p) => adjust(finance, p.member.rid)));
      expect(bookedOnes(first)).toHaveLength(3);
      expect((filedOnes(first)[0]!.data as ApprovalFiled).pendingApproval).toMatchObject({ limitScope: 'day', makerLimitFen: 3_000_00, makerUsedFen: 3_000_00, limitReason: '申请人今日已独立办理¥3,000.00，加上本笔超出每人每日合计上限（¥3,000.00）' });
      // the lab's next day (Asia/Shanghai, still December): the day starts again, the month does not
      t.clock.set(new Date(start.getTime() + 86_400_000));
      const session = await issueSession(t.db, 'staff', finance.id, { now: t.clock.now() });
      const next = await Promise.all(people.slice(0, 3).map((p) => adjust(session, p.member.rid)));
      expect(bookedOnes(next)).toHaveLength(2);
      expect((filedOnes(next)[0]!.data as ApprovalFiled).pendingApproval).toMatchObject({ limitScope: 'month', makerLimitFen: 5_000_00, makerUsedFen: 5_000_00 });
    } finally {
      t.clock.set(start);
      await setLimit(t, 'finance', 'adjustment', 1_000_00, { day: 5_000_00, month: 20_000_00, target: 2_000_00 });
    }
    expect(await adjustedFen(finance.id)).toBe(5_000_00);
  });

  it('ten ¥500 × 1 coupon templates, then ten issues to one member: the day bounds the templates, the member bounds the issues', async () => {
    const sales = await makeStaff(t.db, 'sales', t.clock.now());
    const made: Answer[] = [];
    for (let i = 0; i < 10; i++) made.push(await post(t, '/api/admin/funds/coupon/template/add', sales, { name: `券${randomId(6)}`, amount: '500', valid_days: '30', total_stock: '1' }));
    expect(bookedOnes(made)).toHaveLength(6); // ¥3,000 a day
    expect((filedOnes(made)[0]!.data as ApprovalFiled).pendingApproval).toMatchObject({ limitScope: 'day', makerUsedFen: 3_000_00 });

    // another salesperson issues ten ¥500 coupons to one member: ¥1,000 a month for one member
    const issuer = await makeStaff(t.db, 'sales', t.clock.now());
    const who = await member();
    const templates = await t.db.insert(couponTemplates).values(Array.from({ length: 10 }, () => ({ rid: randomId(), name: '大额券', amountFen: 500_00, validDays: 30, claimable: false }))).returning();
    const issued: Answer[] = [];
    for (const template of templates) issued.push(await post(t, '/api/admin/funds/coupon/issue', issuer, { rid: template.rid, member_rid: who.member.rid }));
    expect(bookedOnes(issued)).toHaveLength(2);
    expect((filedOnes(issued)[0]!.data as ApprovalFiled).pendingApproval).toMatchObject({ limitScope: 'target', makerLimitFen: 1_000_00 });
    expect(await t.db.$count(memberCoupons, eq(memberCoupons.memberId, who.member.id))).toBe(2);
  });

  it('what a checker approves does not count against the maker; what is refused or filed counts nothing', async () => {
    const finance = await makeStaff(t.db, 'finance', t.clock.now());
    const who = await member();
    const big = expectFiled(await adjust(finance, who.member.rid, '3000'));
    expect((await decide(t, 'approve', ctx.admin, { rid: big.rid })).data).toMatchObject({ status: 'approved' });
    expect(await t.db.$count(approvalUsage, eq(approvalUsage.staffId, finance.id))).toBe(0);
    // a debit that would overdraw is refused and uses nothing of the day
    expect(await adjust(finance, (await member()).member.rid, '-1000')).toMatchObject({ status: 409, msg: '预存款余额不足' });
    expect(await t.db.$count(approvalUsage, eq(approvalUsage.staffId, finance.id))).toBe(0);
    expect(bookedOnes([await adjust(finance, who.member.rid)])).toHaveLength(1);
    expect(await t.db.select({ valueFen: approvalUsage.valueFen, targetKey: approvalUsage.targetKey }).from(approvalUsage).where(eq(approvalUsage.staffId, finance.id))).toEqual([{ valueFen: 1_000_00, targetKey: `member:${who.member.id}` }]);
  });
});

describe('审批额度 (admin)', () => {
  const limits = async (who: { token: string }) => (await post<ApprovalLimit[]>(t, '/api/admin/approvals/limits', who)).data;
  const save = (who: { token: string }, form: Record<string, string>) => post<ApprovalLimit>(t, '/api/admin/approvals/limits/save', who, form);

  it('everyone reads the limits, with the defaults of the migrations for the roles that work with each kind', async () => {
    const rows = await limits(ctx.lab);
    const of = (role: string, kind: string) => rows.find((r) => r.role === role && r.kind === kind);
    expect(of('sales', 'refund')).toMatchObject({ limitFen: 2_000_00, dayLimitFen: 10_000_00, monthLimitFen: 100_000_00, targetLimitFen: 5_000_00, configurable: true });
    expect(of('lab', 'refund')?.limitFen).toBe(0);
    expect(of('finance', 'adjustment')).toMatchObject({ limitFen: 1_000_00, dayLimitFen: 5_000_00, monthLimitFen: 20_000_00, targetLimitFen: 2_000_00 });
    expect(of('finance', 'topup')).toMatchObject({ limitFen: 50_000_00, dayLimitFen: 200_000_00, targetLimitFen: 100_000_00 });
    expect(of('finance', 'credit')).toMatchObject({ limitFen: 20_000_00 });
    expect(of('sales', 'points')).toMatchObject({ limitFen: 1_000, dayLimitFen: 5_000, targetLimitFen: 2_000 });
    // the bonus tiers have no limit to set: every raise needs a second person, admin's too
    expect(of('finance', 'bonus')).toMatchObject({ limitFen: 0, configurable: false });
    expect(of('admin', 'bonus')).toMatchObject({ limitFen: 0, configurable: false });
    expect(of('admin', 'coupon')).toMatchObject({ limitFen: null, dayLimitFen: null });
    expect(of('lab', 'coupon')).toBeUndefined();
  });

  it('only the admin changes them; blank is no limit, 0 is "always approve"; periods are saved and enforced; the change is audited', async () => {
    expect(await save(ctx.finance, { role: 'finance', kind: 'adjustment', limit: '999999' })).toMatchObject({ status: 403 });
    expect(await save(ctx.admin, { role: 'lab', kind: 'coupon', limit: '100' })).toMatchObject({ status: 400, msg: '该角色不办理此类业务，无需设置额度' });
    expect(await save(ctx.admin, { role: 'finance', kind: 'bonus', limit: '100' })).toMatchObject({ status: 400, msg: '预存赠送不设额度：每一次提高都须另一位同事审批' });
    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '-5' })).toMatchObject({ status: 400, msg: '[单笔上限]必须大于0' });
    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '12.345' })).toMatchObject({ status: 400, msg: '[单笔上限]最多保留两位小数' });
    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '500', day_limit: 'abc' })).toMatchObject({ status: 400, msg: '[每日合计上限]格式不正确' });
    expect(await save(ctx.admin, { role: 'sales', kind: 'points', limit: '1.5' })).toMatchObject({ status: 400, msg: '[单笔上限]须为不小于0的整数积分' });

    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '0' })).toMatchObject({ code: 1, msg: '审批额度已保存', data: { limitFen: 0, dayLimitFen: 3_000_00, updatedBy: '测试admin' } });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'approvals.limit'));
    expect(row).toMatchObject({ staffId: ctx.admin.id, targetKey: 'sales:coupon', before: { role: 'sales', kind: 'coupon', limitFen: 500_00 }, after: { role: 'sales', kind: 'coupon', limitFen: 0 } });
    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '', day_limit: '', month_limit: '', target_limit: '' })).toMatchObject({ code: 1, data: { limitFen: null, dayLimitFen: null, monthLimitFen: null, targetLimitFen: null } });

    // a day limit of ¥30 for sales' coupons: the fourth ¥10 coupon of the day is filed
    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '500', day_limit: '30', month_limit: '30000', target_limit: '1000' })).toMatchObject({ code: 1, data: { limitFen: 500_00, dayLimitFen: 30_00, monthLimitFen: 30_000_00, targetLimitFen: 1_000_00 } });
    const sales = await makeStaff(t.db, 'sales', t.clock.now());
    const made: Answer[] = [];
    for (let i = 0; i < 4; i++) made.push(await post(t, '/api/admin/funds/coupon/template/add', sales, { name: `券${randomId(6)}`, amount: '10', valid_days: '7', total_stock: '1' }));
    expect(made.map((a) => isApprovalFiled(a.data))).toEqual([false, false, false, true]);
    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '500', day_limit: '3000', month_limit: '30000', target_limit: '1000' })).toMatchObject({ code: 1 });

    // points count points
    expect(await save(ctx.admin, { role: 'sales', kind: 'points', limit: '800', day_limit: '4,000' })).toMatchObject({ code: 1, data: { limitFen: 800, dayLimitFen: 4_000, monthLimitFen: 50_000 } });
  });
});
