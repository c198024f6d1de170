import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization, type AdminApproval, type CreditInfo, type OnlinePayStart, type PrestoreApplication, type PrestoreRule, type PrestoreRules } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { versionOf } from '../../../test/decision-pins';
import { ledgerEntries, prestoreApplications } from '../funds/funds.tables';
import { onlinePayments } from '../payments/payments.tables';
import { approvalUsage } from './approvals.tables';
import { fundsContext, member } from '../funds/test-helpers';
import { balance } from '../payments/payment.test-helpers';
import { approvalsContext, auditOf, decide, expectFiled, post } from './approvals.test-helpers';

/**
 * Issue 28, holes 1 and 2, replayed: finance alone set 满¥100 赠100% (a ¥100 online top-up
 * started 26 ms later was credited ¥200), confirmed a ¥1,000,000 transfer top-up with no receipt,
 * and approved a ¥5,000,000 credit line. Each is now filed for a second person, nothing is booked
 * meanwhile, and the approval books exactly what was filed.
 */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof approvalsContext>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  ctx = await approvalsContext(t);
  await fundsContext(t);
});
afterAll(() => t?.close());

const rules = (tiers: { threshold: string; rate: number }[]) => ({ rules: JSON.stringify(tiers) });
const currentTiers = async () => (await post<PrestoreRules>(t, '/api/admin/funds/prestore/rules/current', ctx.finance)).data.rules.map((r) => r.text);
const DEFAULT_TIERS = ['满 ¥10,000.00 赠 3%', '满 ¥50,000.00 赠 5%', '满 ¥100,000.00 赠 8%'];

/** A ¥<yuan> online top-up started now and paid at the local gateway; answers its row as started and as booked. */
async function topUpOnline(who: Awaited<ReturnType<typeof member>>, yuan: string, beforePaying?: (paymentNo: string) => Promise<void>) {
  const started = await post<OnlinePayStart>(t, '/api/auth/onlinePay/start', who, { purpose: 'topup', amount: yuan, vendor: 'wechat', scene: 'native' });
  expect(started.status, started.msg).toBe(200);
  const paymentNo = started.data.payment.paymentNo;
  const [atStart] = await t.db.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, paymentNo));
  await beforePaying?.(paymentNo);
  const paid = await t.app.inject({ method: 'POST', url: `/pay/gateway/${paymentNo}/paid` });
  expect(paid.statusCode).toBeLessThan(400);
  const [row] = await t.db.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, paymentNo));
  expect(row!.state).toBe('paid');
  return { started: atStart!, booked: row! };
}

describe('hole 1: the top-up bonus tiers', () => {
  it('finance alone saving 满¥100 赠100% is filed; the tiers stay, and a ¥100 top-up started right after is credited ¥100, not ¥200', async () => {
    const res = await post(t, '/api/admin/funds/prestore/rules', ctx.finance, rules([{ threshold: '100', rate: 100 }]));
    const filed = expectFiled(res);
    expect(filed).toMatchObject({ kind: 'bonus', action: 'prestore.rules', makerLimitFen: 0, limitScope: 'action', limitReason: '须经另一位同事审批' });
    // the most one top-up gains: ¥10,000,000 at 100% instead of 8%
    expect(filed.valueFen).toBe(10_000_000_00 - 800_000_00);
    expect(filed.summary).toBe(
      '预存赠送规则由「满 ¥10,000.00 赠 3%、满 ¥50,000.00 赠 5%、满 ¥100,000.00 赠 8%」改为「满 ¥100.00 赠 100%」：单笔充值最多多送 ¥9,200,000.00；充值 ¥10,000,000.00 时赠送由 ¥800,000.00 变为 ¥10,000,000.00',
    );
    expect(await currentTiers()).toEqual(DEFAULT_TIERS);

    const who = await member(t);
    const { started, booked } = await topUpOnline(who, '100');
    expect(Number(started.bonusFen)).toBe(0);
    expect(Number(booked.bonusFen)).toBe(0);
    expect(await balance(t, 'member', who.member.id)).toBe(100_00);

    // the admin alone cannot either: the bonus tiers have no limit, for anyone
    expect(await post(t, '/api/admin/funds/prestore/rules', ctx.admin, rules([{ threshold: '100', rate: 50 }]))).toMatchObject({ status: 409, msg: '已有一项预存赠送规则的修改在审批中，请等待审批结果或先撤回' });
    expect((await decide(t, 'withdraw', ctx.finance, { rid: filed.rid })).data).toMatchObject({ status: 'withdrawn' });
    expectFiled(await post(t, '/api/admin/funds/prestore/rules', ctx.admin, rules([{ threshold: '100', rate: 50 }])));
    expect(await currentTiers()).toEqual(DEFAULT_TIERS);
  });

  it('a second person approves a raise: then it is live; lowering or removing tiers is saved alone at once', async () => {
    const [pending] = (await post<{ list: AdminApproval[] }>(t, '/api/admin/approvals/list', ctx.finance, { scope: 'todo', kind: 'bonus' })).data.list;
    expect(pending).toMatchObject({ action: 'prestore.rules', maker: { id: ctx.admin.id }, canApprove: true });
    // any colleague of finance is the second person (no limit to cover); the maker is not
    expect(await decide(t, 'approve', ctx.admin, { rid: pending!.rid })).toMatchObject({ status: 403 });
    expect(await decide(t, 'approve', ctx.finance, { rid: pending!.rid })).toMatchObject({ code: 1, data: { status: 'approved' } });
    expect(await currentTiers()).toEqual(['满 ¥100.00 赠 50%']);
    const who = await member(t);
    expect((await topUpOnline(who, '100')).booked.bonusFen).toBe(50_00);

    // back to the defaults: nothing gains, so finance saves it alone
    const lowered = await post<PrestoreRule[]>(t, '/api/admin/funds/prestore/rules', ctx.finance2, rules([{ threshold: '10000', rate: 3 }, { threshold: '50000', rate: 5 }, { threshold: '100000', rate: 8 }]));
    expect(lowered).toMatchObject({ code: 1, msg: '预存规则已保存' });
    expect(lowered.data.map((r) => r.text)).toEqual(DEFAULT_TIERS);
  });

  it('the bonus fixed when a payment starts is re-checked when it is booked: never more than the tier recorded at start gives', async () => {
    const who = await member(t);
    // ¥10,000 starts under the 3% tier (¥300); the stored bonus is then raised behind the tier's back
    const { started, booked } = await topUpOnline(who, '10000', async (paymentNo) => {
      await t.db.update(onlinePayments).set({ bonusFen: 10_000_00 }).where(eq(onlinePayments.paymentNo, paymentNo));
    });
    expect(Number(started.bonusFen)).toBe(300_00);
    expect(Number(booked.bonusFen)).toBe(300_00);
    expect(await balance(t, 'member', who.member.id)).toBe(10_300_00);
  });
});

describe('hole 2: confirming a transfer top-up and granting credit', () => {
  it('a ¥1,000,000 application with no receipt, confirmed by finance alone, is filed; a second person books exactly it', async () => {
    const who = await member(t);
    const applied = await post<PrestoreApplication>(t, '/api/auth/prestoreApply/add', who, { amount: '1000000', payer: '某某科技有限公司' });
    const version = await versionOf(t.db, 'prestore', applied.data.rid);
    const res = await post(t, '/api/admin/funds/prestore/confirm', ctx.finance, { rid: applied.data.rid, version });
    const filed = expectFiled(res);
    expect(filed).toMatchObject({ kind: 'topup', action: 'prestore.confirm', valueFen: 1_080_000_00, makerLimitFen: 50_000_00, limitScope: 'action', target: applied.data.applyNo });
    expect(filed.summary).toMatch(new RegExp(`^确认预存单 ${applied.data.applyNo} 到账：¥1,000,000.00，按现行规则赠送 ¥80,000.00，入.* 的个人账户；付款户名「某某科技有限公司」，未上传转账凭证$`));
    expect(res.msg).toBe('确认预存到账（¥1,080,000.00）超出您的单笔权限（¥50,000.00），已提交审批；另一位有权限的同事在「待审批」中通过后才会生效');
    expect(await balance(t, 'member', who.member.id)).toBe(0);
    expect((await t.db.select().from(prestoreApplications).where(eq(prestoreApplications.rid, applied.data.rid)))[0]!.status).toBe('pending');
    // a second click files nothing more
    expect(await post(t, '/api/admin/funds/prestore/confirm', ctx.finance, { rid: applied.data.rid, version })).toMatchObject({ status: 409, msg: '该预存申请的确认到账已提交审批，请等待审批结果' });

    // another finance member's limit does not cover it; the admin's does
    expect(await decide(t, 'approve', ctx.finance2, { rid: filed.rid })).toMatchObject({ status: 403, msg: '金额¥1,080,000.00超出您的审批额度（¥50,000.00）' });
    const approved = await decide(t, 'approve', ctx.admin, { rid: filed.rid });
    expect(approved).toMatchObject({ code: 1, data: { status: 'approved', resultKey: applied.data.applyNo } });
    expect(await balance(t, 'member', who.member.id)).toBe(1_080_000_00);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, `prestore:${applied.data.rid}`));
    expect(entries.map((e) => [e.type, Number(e.amountFen), e.actorId, e.note.endsWith('（经测试admin审批）')])).toEqual([
      ['topup', 1_000_000_00, ctx.finance.id, true],
      ['bonus', 80_000_00, ctx.finance.id, true],
    ]);
    expect((await auditOf(t, filed.rid)).map((r) => [r.action, r.staffId])).toEqual([
      ['funds.prestore.confirm', ctx.finance.id],
      ['approvals.approve', ctx.admin.id],
    ]);
  });

  it('the pin still holds: an application changed after it was filed is not booked by the approval', async () => {
    const who = await member(t);
    const applied = await post<PrestoreApplication>(t, '/api/auth/prestoreApply/add', who, { amount: '60000', payer: '复旦大学' });
    const filed = expectFiled(await post(t, '/api/admin/funds/prestore/confirm', ctx.finance, { rid: applied.data.rid, version: await versionOf(t.db, 'prestore', applied.data.rid) }));
    expect(await post(t, '/api/auth/prestoreApply/edit', who, { rid: applied.data.rid, amount: '60000', remark: '补充说明' })).toMatchObject({ code: 1 });
    expect(await decide(t, 'approve', ctx.admin, { rid: filed.rid })).toMatchObject({ status: 409, msg: '该申请已被修改，请刷新后重新审核' });
    expect((await decide(t, 'detail', ctx.admin, { rid: filed.rid })).data.status).toBe('pending');
    expect(await balance(t, 'member', who.member.id)).toBe(0);
  });

  it('a ¥5,000,000 credit line approved by finance alone is filed; the member has no credit until a second person approves', async () => {
    const teacher = await member(t, { organization: Organization.teacher, name: '李老师' });
    const applied = await post<CreditInfo>(t, '/api/auth/creditApply/operate', teacher, { action: 'apply', limit: '5000000', reason: '课题组测试经费统一结算', contact: '李老师' });
    const rid = applied.data.applications[0]!.rid;
    const res = await post(t, '/api/admin/funds/credit/approve', ctx.finance, { rid, version: await versionOf(t.db, 'credit', rid), limit: '5000000' });
    const filed = expectFiled(res);
    expect(filed).toMatchObject({ kind: 'credit', action: 'credit.approve', valueFen: 5_000_000_00, makerLimitFen: 20_000_00 });
    expect(filed.summary).toMatch(/^为 李老师 1\d{10}（老师）核定信用额度 ¥5,000,000\.00：申请 ¥5,000,000\.00，现有额度 ¥0\.00；申请理由：课题组测试经费统一结算$/);
    expect((await post<CreditInfo>(t, '/api/auth/creditApply/info', teacher)).data.limitFen).toBe(0);

    expect(await decide(t, 'approve', ctx.admin, { rid: filed.rid })).toMatchObject({ code: 1, data: { status: 'approved' } });
    expect((await post<CreditInfo>(t, '/api/auth/creditApply/info', teacher)).data).toMatchObject({ limitFen: 5_000_000_00, applications: [expect.objectContaining({ status: 'approved', approvedFen: 5_000_000_00 })] });
  });

  it('within finance\'s limits a top-up is still confirmed alone, and counts against the day', async () => {
    const who = await member(t);
    const applied = await post<PrestoreApplication>(t, '/api/auth/prestoreApply/add', who, { amount: '20000' });
    const res = await post<PrestoreApplication>(t, '/api/admin/funds/prestore/confirm', ctx.finance2, { rid: applied.data.rid, version: await versionOf(t.db, 'prestore', applied.data.rid) });
    expect(res).toMatchObject({ code: 1, msg: '已确认到账', data: { status: 'confirmed', bonusFen: 600_00 } });
    const used = await t.db.select({ valueFen: approvalUsage.valueFen }).from(approvalUsage).where(and(eq(approvalUsage.staffId, ctx.finance2.id), eq(approvalUsage.kind, 'topup')));
    expect(used).toEqual([{ valueFen: 20_600_00 }]);
  });
});
