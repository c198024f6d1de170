import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { type AdminPrestore, type AdminTransfer, type AdminWithdrawal, type FinanceQueueCounts, type Page, type PrestoreApplication } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { versionOf } from '../../../test/decision-pins';
import { memberMessages } from '../messages/member-messages.tables';
import { ledgerEntries } from './funds.tables';
import { balanceOf } from './ledger.service';
import { fundsContext, member, post, staffOf, topUpViaApi } from './test-helpers';
import { auditCount, auditsOf, daysLater, lastAudit, namedMember, pendingTopUp, pendingTransfer, pendingWithdrawal, type Staff } from './funds-admin.test-helpers';

/**
 * The finance review queues in the back office: tables filtered and sorted on the server,
 * every decision written to the audit log with the application and the balances before and
 * after, refusals writing nothing, money moving once however often the button is pressed.
 */

let t: TestContext;
let finance: Staff;
let sales: Staff;
let lab: Staff;
let admin: Staff;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await fundsContext(t);
  [finance, sales, lab, admin] = await Promise.all([staffOf(t, 'finance'), staffOf(t, 'sales'), staffOf(t, 'lab'), staffOf(t, 'admin')]);
});
afterAll(() => t?.close());

const lastMessage = async (memberId: number) => (await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId)).orderBy(desc(memberMessages.id)).limit(1))[0];
const prestores = (query: Record<string, string | number> = {}, who: Staff = finance) => post<Page<AdminPrestore>>(t, '/api/admin/funds/prestore/list', who, query);

describe('预存审核: the queue', () => {
  it('filters by status, the member (phone, name) or the application number, and Shanghai days; sorts by arrival either way', async () => {
    const who = await namedMember(t, '钱预存');
    const first = await pendingTopUp(t, who, finance, '500');
    await daysLater(t, 2, { staff: [finance, sales, lab, admin], members: [who] });
    const second = await pendingTopUp(t, who, finance, '800');
    await post(t, '/api/admin/funds/prestore/refuse', finance, { rid: second.rid, version: await versionOf(t.db, 'prestore', second.rid), reason: '未收到转账' });

    const mine = await prestores({ keyword: '钱预存' });
    expect(mine).toMatchObject({ code: 1, data: { total: 2, page: 1, pageSize: 20 } });
    expect(mine.data.list.map((p) => p.rid)).toEqual([second.rid, first.rid]);
    expect(mine.data.list[0]).toMatchObject({ status: 'refused', statusText: '已驳回', refuseReason: '未收到转账', member: { rid: who.member.rid, phone: who.member.phone, name: '钱预存' }, staffName: '测试finance' });
    expect(mine.data.list[0]!.decidedAt).toBe(t.clock.now().toISOString());
    expect(mine.data.list[1]).toMatchObject({ status: 'pending', decidedAt: null, staffName: null, amountFen: 500_00 });

    expect((await prestores({ keyword: who.member.phone.slice(0, 7) })).data.list.map((p) => p.rid)).toEqual(expect.arrayContaining([first.rid, second.rid]));
    expect((await prestores({ keyword: first.applyNo.toLowerCase() })).data.list.map((p) => p.rid)).toEqual([first.rid]);
    expect((await prestores({ keyword: '钱预存', status: 'pending' })).data.list.map((p) => p.rid)).toEqual([first.rid]);
    expect((await prestores({ keyword: '钱预存', sort: 'createdAt', order: 'ascend' })).data.list.map((p) => p.rid)).toEqual([first.rid, second.rid]);
    const day = (at: string) => new Date(new Date(at).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await prestores({ keyword: '钱预存', from: day(second.createdAt) })).data.list.map((p) => p.rid)).toEqual([second.rid]);
    expect((await prestores({ keyword: '钱预存', to: day(first.createdAt) })).data.list.map((p) => p.rid)).toEqual([first.rid]);
    expect((await prestores({ keyword: '没有这个人' })).data).toMatchObject({ total: 0, list: [] });
    // a keyword of LIKE's own characters matches them literally
    expect((await prestores({ keyword: '%' })).data.total).toBe(0);
  });

  it('refuses bad filters with the field message, and every role but finance and admin', async () => {
    expect(await prestores({ status: 'weird' })).toMatchObject({ status: 400, msg: '[状态]不正确' });
    expect(await prestores({ from: '2026/12/01' })).toMatchObject({ status: 400, msg: '[开始日期]格式应为YYYY-MM-DD' });
    expect(await prestores({ sort: 'amountFen' })).toMatchObject({ status: 400, msg: '[排序字段]不正确' });
    expect(await prestores({ pageSize: 101 })).toMatchObject({ status: 400, msg: '[每页条数]不能超过100' });
    for (const who of [sales, lab]) expect(await prestores({}, who)).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
    expect(await prestores({}, admin)).toMatchObject({ code: 1 });
  });
});

describe('预存审核: decisions', () => {
  it('confirming books the top-up and the bonus, writes the audit row with the balance before and after, and tells the member', async () => {
    const who = await namedMember(t, '孙到账');
    const application = await pendingTopUp(t, who, finance, '10000');
    const confirmed = await post<PrestoreApplication>(t, '/api/admin/funds/prestore/confirm', finance, { rid: application.rid, version: await versionOf(t.db, 'prestore', application.rid), note: '招行到账' });
    expect(confirmed).toMatchObject({ code: 1, msg: '已确认到账', data: { status: 'confirmed', bonusFen: 300_00 } });
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(10_300_00);

    const row = await lastAudit(t);
    expect(row).toMatchObject({ staffId: finance.id, staffRole: 'finance', action: 'funds.prestore.confirm', actionLabel: '确认预存到账', entity: 'prestore', targetKey: application.rid });
    expect(row.input).toEqual({ rid: application.rid, version: 1, note: '招行到账' });
    expect(row.before).toMatchObject({ applyNo: application.applyNo, status: 'pending', amountFen: 10_000_00, accountBalanceFen: 0, memberPhone: who.member.phone, account: '个人账户' });
    expect(row.after).toMatchObject({ status: 'confirmed', bonusFen: 300_00, accountBalanceFen: 10_300_00, staffId: finance.id });

    expect(await lastMessage(who.member.id)).toMatchObject({ kind: 'funds', title: '预存款已到账', link: '/member/prestore' });
    expect((await lastMessage(who.member.id))!.content).toContain('¥10,000.00');
    expect((await lastMessage(who.member.id))!.content).toContain('另赠送¥300.00');
  });

  it('refusing needs a reason; a refused or decided application cannot be decided again, and those calls write no audit row', async () => {
    const who = await namedMember(t, '周驳回');
    const application = await pendingTopUp(t, who, finance, '600');
    const before = await auditCount(t);
    expect(await post(t, '/api/admin/funds/prestore/refuse', finance, { rid: application.rid, version: await versionOf(t.db, 'prestore', application.rid) })).toMatchObject({ status: 400, msg: '[驳回原因]不能为空' });
    expect(await post(t, '/api/admin/funds/prestore/refuse', lab, { rid: application.rid, version: await versionOf(t.db, 'prestore', application.rid), reason: 'x' })).toMatchObject({ status: 403 });
    expect(await post(t, '/api/admin/funds/prestore/confirm', finance, { rid: 'no-such-rid', version: 1 })).toMatchObject({ status: 404, msg: '预存申请不存在' });
    expect(await auditCount(t)).toBe(before);

    expect(await post(t, '/api/admin/funds/prestore/refuse', finance, { rid: application.rid, version: await versionOf(t.db, 'prestore', application.rid), reason: '转账金额不符' })).toMatchObject({ code: 1, data: { status: 'refused' } });
    expect(await lastAudit(t)).toMatchObject({ action: 'funds.prestore.refuse', before: expect.objectContaining({ status: 'pending' }), after: expect.objectContaining({ status: 'refused', refuseReason: '转账金额不符', accountBalanceFen: 0 }) });
    expect((await lastMessage(who.member.id))!.content).toContain('原因：转账金额不符');

    const count = await auditCount(t);
    expect(await post(t, '/api/admin/funds/prestore/confirm', finance, { rid: application.rid, version: await versionOf(t.db, 'prestore', application.rid) })).toMatchObject({ status: 409, msg: '该预存申请已驳回，不能确认到账' });
    expect(await post(t, '/api/admin/funds/prestore/refuse', finance, { rid: application.rid, version: await versionOf(t.db, 'prestore', application.rid), reason: '再驳' })).toMatchObject({ status: 409, msg: '该预存申请已驳回，不能驳回' });
    expect(await auditCount(t)).toBe(count);
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(0);
  });

  it('ten confirmations at once book the money once and write one audit row', async () => {
    const who = await member(t);
    const application = await pendingTopUp(t, who, finance, '2000');
    const version = await versionOf(t.db, 'prestore', application.rid);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(t, '/api/admin/funds/prestore/confirm', finance, { rid: application.rid, version })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.msg === '该预存申请已到账，不能确认到账')).toBe(true);
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(2_000_00);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, `prestore:${application.rid}`));
    expect(entries).toHaveLength(1);
    expect((await auditsOf(t, 'funds.prestore.confirm')).filter((r) => r.targetKey === application.rid)).toHaveLength(1);
  });
});

describe('转账审核', () => {
  it('lists by status and member; approving moves the money once (audit: both balances), refusing tells the member', async () => {
    const who = await namedMember(t, '吴转账');
    const { transfer, community } = await pendingTransfer(t, who, finance, '6000');
    const list = await post<Page<AdminTransfer>>(t, '/api/admin/funds/transfer/list', finance, { status: 'pending', keyword: '吴转账' });
    expect(list.data.list).toEqual([expect.objectContaining({ rid: transfer.rid, amountFen: 6_000_00, direction: 'toCommunity', community: { rid: community.rid, name: community.name }, member: expect.objectContaining({ name: '吴转账' }) })]);
    expect((await post(t, '/api/admin/funds/transfer/list', finance, { status: 'x' })).msg).toBe('[状态]不正确');

    const version = await versionOf(t.db, 'transfer', transfer.rid);
    const results = await Promise.all(Array.from({ length: 5 }, () => post(t, '/api/admin/funds/transfer/approve', finance, { rid: transfer.rid, version })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.msg === '该转账申请已完成，不能审核')).toBe(true);
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(0);
    expect(await balanceOf(t.db, 'community', community.id)).toBe(6_000_00);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, `transfer:${transfer.rid}`))).toHaveLength(2);

    const rows = await auditsOf(t, 'funds.transfer.approve');
    expect(rows.filter((r) => r.targetKey === transfer.rid)).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity: 'transfer', actionLabel: '通过转账申请' });
    expect(rows[0]!.before).toMatchObject({ status: 'pending', memberBalanceFen: 6_000_00, communityBalanceFen: 0 });
    expect(rows[0]!.after).toMatchObject({ status: 'done', memberBalanceFen: 0, communityBalanceFen: 6_000_00 });
    expect(await lastMessage(who.member.id)).toMatchObject({ title: '转账申请已通过' });

    const other = await pendingTransfer(t, who, finance, '7000');
    expect(await post(t, '/api/admin/funds/transfer/refuse', finance, { rid: other.transfer.rid, version: await versionOf(t.db, 'transfer', other.transfer.rid), reason: '请先核对团体负责人' })).toMatchObject({ code: 1, data: { status: 'refused' } });
    expect(await lastAudit(t)).toMatchObject({ action: 'funds.transfer.refuse', after: expect.objectContaining({ status: 'refused', memberBalanceFen: 7_000_00 }) });
    expect((await lastMessage(who.member.id))!.content).toContain('原因：请先核对团体负责人');
    expect(await post(t, '/api/admin/funds/transfer/approve', sales, { rid: other.transfer.rid, version: await versionOf(t.db, 'transfer', other.transfer.rid) })).toMatchObject({ status: 403 });
  });
});

describe('提现审核', () => {
  const withdrawals = (query: Record<string, string | number>) => post<Page<AdminWithdrawal>>(t, '/api/admin/growth/withdraw/list', finance, query);

  it('lists by status, method and member; paying to prestore credits it once (audit: both balances); refusing needs a reason', async () => {
    const who = await namedMember(t, '何提现');
    const toPrestore = await pendingWithdrawal(t, who, 300_00, 'prestore');
    const toBank = await pendingWithdrawal(t, who, 200_00, 'bank');
    expect((await withdrawals({ keyword: '何提现' })).data.list.map((w) => w.rid)).toEqual([toBank.rid, toPrestore.rid]);
    expect((await withdrawals({ keyword: '何提现', method: 'bank' })).data.list).toEqual([expect.objectContaining({ rid: toBank.rid, bankAccount: '6222020200112233', staffName: null })]);
    expect((await withdrawals({ method: 'cash' })).msg).toBe('[提现方式]不正确');

    const version = await versionOf(t.db, 'withdrawal', toPrestore.rid);
    const results = await Promise.all(Array.from({ length: 5 }, () => post(t, '/api/admin/growth/withdraw/pay', finance, { rid: toPrestore.rid, version })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(300_00);
    const paidRows = (await auditsOf(t, 'growth.withdraw.pay')).filter((r) => r.targetKey === toPrestore.rid);
    expect(paidRows).toHaveLength(1);
    expect(paidRows[0]).toMatchObject({ entity: 'withdrawal', actionLabel: '提现打款' });
    expect(paidRows[0]!.before).toMatchObject({ status: 'pending', method: 'prestore', prestoreBalanceFen: 0 });
    expect(paidRows[0]!.after).toMatchObject({ status: 'paid', prestoreBalanceFen: 300_00 });
    expect((await withdrawals({ keyword: '何提现', status: 'paid' })).data.list[0]).toMatchObject({ rid: toPrestore.rid, staffName: '测试finance' });

    const count = await auditCount(t);
    expect(await post(t, '/api/admin/growth/withdraw/refuse', finance, { rid: toBank.rid, version: await versionOf(t.db, 'withdrawal', toBank.rid) })).toMatchObject({ status: 400, msg: '[原因]不能为空' });
    expect(await post(t, '/api/admin/growth/withdraw/pay', sales, { rid: toBank.rid, version: await versionOf(t.db, 'withdrawal', toBank.rid) })).toMatchObject({ status: 403 });
    expect(await auditCount(t)).toBe(count);
    expect(await post(t, '/api/admin/growth/withdraw/refuse', finance, { rid: toBank.rid, version: await versionOf(t.db, 'withdrawal', toBank.rid), reason: '开户名与实名不符' })).toMatchObject({ code: 1 });
    expect(await lastAudit(t)).toMatchObject({ action: 'growth.withdraw.refuse', before: expect.objectContaining({ rebateBalanceFen: 0 }), after: expect.objectContaining({ status: 'refused', rebateBalanceFen: 200_00 }) });
  });
});

describe('counts and the audit actions', () => {
  it('counts what waits in each queue, as the pending tabs do', async () => {
    const counts = await post<FinanceQueueCounts>(t, '/api/admin/funds/counts', finance);
    const total = async (url: string) => (await post<Page<unknown>>(t, url, finance, { status: 'pending' })).data.total;
    expect(counts.data).toEqual({
      prestore: await total('/api/admin/funds/prestore/list'),
      invoice: await total('/api/admin/funds/invoice/list'),
      invoiceRed: (await post<Page<unknown>>(t, '/api/admin/funds/invoice/list', finance, { red: 'needed' })).data.total,
      transfer: await total('/api/admin/funds/transfer/list'),
      withdrawal: await total('/api/admin/growth/withdraw/list'),
      credit: await total('/api/admin/funds/credit/list'),
    });
    expect(counts.data.prestore).toBeGreaterThan(0);
    expect(await post(t, '/api/admin/funds/counts', sales)).toMatchObject({ status: 403 });
  });

  it('names every finance action for the log filter', async () => {
    const actions = (await post<{ action: string; label: string; entity: string }[]>(t, '/api/admin/audit/actions', admin)).data;
    for (const [action, entity] of [
      ['funds.prestore.confirm', 'prestore'],
      ['funds.prestore.refuse', 'prestore'],
      ['funds.prestore.rules', 'prestoreRules'],
      ['funds.transfer.approve', 'transfer'],
      ['funds.account.adjust', 'account'],
      ['funds.invoice.issue', 'invoice'],
      ['funds.invoice.reject', 'invoice'],
      ['funds.invoice.file', 'invoice'],
      ['funds.credit.approve', 'credit'],
      ['funds.coupon.issue', 'coupon'],
      ['funds.couponTemplate.add', 'couponTemplate'],
      ['funds.couponTemplate.disable', 'couponTemplate'],
      ['growth.withdraw.pay', 'withdrawal'],
      ['growth.withdraw.refuse', 'withdrawal'],
    ]) {
      expect(actions).toContainEqual(expect.objectContaining({ action, entity }));
    }
  });

  it('a pending top-up made by the members API is the one the queue shows (no stale copy)', async () => {
    const who = await member(t);
    const application = await topUpViaApi(t, who, finance, '321.50', false);
    const shown = (await prestores({ keyword: application.applyNo })).data.list[0]!;
    expect(await post(t, '/api/auth/prestoreApply/edit', who, { rid: application.rid, amount: '321.50', remark: '课题经费' })).toMatchObject({ code: 1 });
    const found = (await prestores({ keyword: application.applyNo })).data.list[0]!;
    expect(found).toMatchObject({ amountFen: 321_50, remark: '课题经费', version: shown.version + 1 });
    const [entry] = await t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.type, 'topup'), like(ledgerEntries.reference, `prestore:${application.rid}`)));
    expect(entry).toBeUndefined();
  });
});
