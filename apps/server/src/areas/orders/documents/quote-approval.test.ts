import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFen, type AdminApproval, type AdminRequirement, type ApprovalFiled, type Page, type QuoteView, type Requirement } from '@lab/contract';
import type { TestContext } from '../../../../test/harness';
import { makeStaff } from '../../../../test/factories';
import { auditLog } from '../../../db/schema';
import { issueSession } from '../../accounts/sessions.service';
import { approvalLimits, approvalRequests, approvalUsage } from '../../approvals/approvals.tables';
import { auditOf, decide, expectFiled, setLimit } from '../../approvals/approvals.test-helpers';
import { serviceItems } from '../../catalog/catalog.tables';
import { memberMessages as messages } from '../../messages/member-messages.tables';
import { requirements } from '../requirements.tables';
import { requirementCalls, requirementsSuite, type Item, type RequirementsSuite, type Staff, type Who } from '../requirements.test-helpers';
import { sealedDocuments } from './documents.tables';

/**
 * Issue 32: "Applying the seal is a staff permission; above the sales limit a second approver (the
 * existing approval gate)". A requirement's sealed 报价单 passes the gate on its total (kind quote):
 * within the sales person's limits it is sealed at once; above one of them — one quote, their day,
 * their month, the month for one customer — nothing is quoted, sealed or sent, the requirement stays
 * 待报价 and the back office shows 报价待审批; a colleague (never the maker) approves and it is sealed
 * then, or rejects it with a reason.
 */

let t: TestContext;
let suite: RequirementsSuite;
let xrd: Item;
let sales: Staff; // the suite's own: `quote` posts as suite.sales
let sales2: Staff;
let admin: Staff;
beforeAll(async () => {
  suite = await requirementsSuite();
  ({ t, xrd, sales } = suite);
  sales2 = await makeStaff(t.db, 'sales', t.clock.now());
  admin = await makeStaff(t.db, 'admin', t.clock.now());
});
afterAll(() => t.close());

const { member, post, addRequirement, xrdOptions, xrdUnitFen, quote } = requirementCalls(() => suite);
const lines = (count: number) => [{ rid: xrd.rid, count, options: xrdOptions() }];
const myQuotes = async (who: Who) => (await post<QuoteView[]>('/api/auth/quote/list', who)).data;
const adminRow = async (rid: string) => (await post<Page<AdminRequirement>>('/api/admin/demand/list', sales, { pageSize: 100 })).data.list.find((r) => r.rid === rid)!;
const sealedCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(sealedDocuments))[0]!.n;
const messagesOf = (who: Who) => t.db.select().from(messages).where(eq(messages.memberId, who.member.id));

describe('the 报价盖章 limits', () => {
  it('are seeded by the migration: sales ¥20,000 a quote, ¥100,000 a day, ¥500,000 a month, ¥50,000 a month per customer; admin none', async () => {
    const rows = await t.db.select().from(approvalLimits).where(eq(approvalLimits.kind, 'quote'));
    expect(rows.map((r) => [r.role, r.limitFen, r.dayLimitFen, r.monthLimitFen, r.targetLimitFen]).sort()).toEqual([
      ['admin', null, null, null, null],
      ['sales', 2_000_000, 10_000_000, 50_000_000, 5_000_000],
    ]);
    const limits = (await post<{ role: string; kind: string; limitFen: number | null; configurable: boolean }[]>('/api/admin/approvals/limits', sales)).data;
    expect(limits).toContainEqual(expect.objectContaining({ role: 'sales', kind: 'quote', limitFen: 2_000_000, configurable: true }));
  });
});

describe('a quote above the sales person’s limit', () => {
  it('is filed, not sealed: the requirement stays 待报价, the member gets nothing, the list says 报价待审批; the maker cannot approve it; a colleague approves and the sealed 报价单 goes out', async () => {
    await setLimit(t, 'sales', 'quote', xrdUnitFen() * 2);
    const who = await member();
    const req = await addRequirement(who);
    const before = { sealed: await sealedCount(), messages: (await messagesOf(who)).length };

    const res = await quote(req.rid, lines(3));
    const filed = expectFiled(res);
    expect(res.msg).toBe(`出具盖章报价单（${formatFen(xrdUnitFen() * 3)}）超出您的单笔权限（${formatFen(xrdUnitFen() * 2)}），已提交审批；另一位有权限的同事在「待审批」中通过后才会生效`);
    expect(filed).toMatchObject({ kind: 'quote', action: 'quote.seal', actionText: '出具盖章报价单', valueFen: xrdUnitFen() * 3, limitScope: 'action', canApprove: false, canWithdraw: true });
    expect(filed.summary).toContain(`测试需求「${req.title}」报价 1 个项目`);

    // nothing quoted, sealed or sent
    expect((await t.db.select().from(requirements).where(eq(requirements.rid, req.rid)))[0]).toMatchObject({ status: 'open', quoteTotalFen: null, quotedBy: null });
    expect(await sealedCount()).toBe(before.sealed);
    expect(await myQuotes(who)).toEqual([]);
    expect((await messagesOf(who)).length).toBe(before.messages);
    expect((await post<Requirement>('/api/auth/demand/detail', who, { rid: req.rid })).data).toMatchObject({ status: 'open', statusText: '待报价', quote: null });
    expect(await adminRow(req.rid)).toMatchObject({ status: 'open', quoteApproval: { rid: filed.rid, status: 'pending', statusText: '待审批', valueFen: xrdUnitFen() * 3, reason: null } });
    // the maker's audit row names the filed request
    const [makerRow] = await auditOf(t, filed.rid);
    expect(makerRow).toMatchObject({ staffId: sales.id, action: 'demand.quote' });

    // one pending quote per requirement
    expect(await quote(req.rid, lines(4))).toMatchObject({ status: 409, code: 0, msg: '该需求的报价已提交审批，请等待审批结果（或在「待审批」中撤回后重新报价）' });

    // the maker cannot approve their own; a sales colleague whose limit does not cover it cannot either
    expect(await decide(t, 'approve', sales, { rid: filed.rid })).toMatchObject({ status: 403, code: 0, msg: '不能审批自己提交的申请，请由另一位同事审批' });
    expect(await decide(t, 'approve', sales2, { rid: filed.rid })).toMatchObject({ status: 403, msg: `金额${formatFen(xrdUnitFen() * 3)}超出您的审批额度（${formatFen(xrdUnitFen() * 2)}）` });
    expect(await sealedCount()).toBe(before.sealed);

    // admin approves: quoted by the maker, sealed, sent
    const approved = await decide(t, 'approve', admin, { rid: filed.rid });
    expect(approved).toMatchObject({ status: 200, code: 1, data: { status: 'approved', checker: { id: admin.id } } });
    expect(approved.data.resultKey).toMatch(/^BJ\d{14}$/);
    const [sealed] = await myQuotes(who);
    expect(sealed).toMatchObject({ no: approved.data.resultKey, status: 'valid', totalFen: xrdUnitFen() * 3 });
    expect((await t.db.select().from(requirements).where(eq(requirements.rid, req.rid)))[0]).toMatchObject({ status: 'quoted', quoteTotalFen: xrdUnitFen() * 3, quotedBy: sales.id });
    expect((await messagesOf(who)).map((m) => m.title)).toContain('您的测试需求已报价');
    expect(await adminRow(req.rid)).toMatchObject({ status: 'quoted', quoteApproval: { status: 'approved' } });
    // both people in the log: the maker's filing, the checker's approval (maker and checker named); the seal's own row
    const rows = await auditOf(t, filed.rid);
    expect(rows.map((r) => [r.staffId, r.action])).toEqual([
      [sales.id, 'demand.quote'],
      [admin.id, 'approvals.approve'],
    ]);
    expect(rows[1]!.after).toMatchObject({ status: '已通过', maker: expect.stringContaining('sales'), checker: expect.stringContaining('admin') });
    const sealRows = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'document.issue'), eq(auditLog.targetKey, sealed!.no)));
    expect(sealRows).toHaveLength(1);
    // a checker's approval is not counted against the maker's periods
    expect(await t.db.select().from(approvalUsage).where(and(eq(approvalUsage.staffId, sales.id), eq(approvalUsage.kind, 'quote')))).toEqual([]);
  });

  it('rejected with a reason: nothing sealed, the requirement stays 待报价 and the list shows the reason; the maker may quote again', async () => {
    await setLimit(t, 'sales', 'quote', 0);
    const who = await member();
    const req = await addRequirement(who);
    const filed = expectFiled(await quote(req.rid, lines(1)));
    expect(filed.limitReason).toBe('须经另一位同事审批');
    // a reason is required
    expect(await decide(t, 'reject', sales2, { rid: filed.rid })).toMatchObject({ status: 400, code: 0 });
    expect(await decide(t, 'reject', sales, { rid: filed.rid, reason: '自己驳回' })).toMatchObject({ status: 403, msg: '自己提交的申请请使用「撤回」' });
    const sealedBefore = await sealedCount();
    expect(await decide(t, 'reject', sales2, { rid: filed.rid, reason: '请按 3 个样品报价' })).toMatchObject({ code: 1, data: { status: 'rejected', decisionReason: '请按 3 个样品报价' } });
    expect(await sealedCount()).toBe(sealedBefore);
    expect(await myQuotes(who)).toEqual([]);
    expect(await adminRow(req.rid)).toMatchObject({ status: 'open', quoteApproval: { status: 'rejected', statusText: '已驳回', reason: '请按 3 个样品报价' } });
    // quoting again within the limit seals at once
    await setLimit(t, 'sales', 'quote', null);
    expect(await quote(req.rid, lines(3))).toMatchObject({ code: 1, msg: '报价已发送', data: { status: 'quoted' } });
    expect((await myQuotes(who))[0]).toMatchObject({ status: 'valid', totalFen: xrdUnitFen() * 3 });
  });

  it('filed at one price and approved after the catalogue price changed: 409, the request stays pending and nothing is sealed', async () => {
    await setLimit(t, 'sales', 'quote', 0);
    const who = await member();
    const req = await addRequirement(who);
    const filed = expectFiled(await quote(req.rid, lines(2)));
    await t.db.update(serviceItems).set({ priceFen: xrd.priceFen + 100 }).where(eq(serviceItems.id, xrd.id));
    try {
      const sealedBefore = await sealedCount();
      const stale = await decide(t, 'approve', admin, { rid: filed.rid });
      expect(stale).toMatchObject({ status: 409, code: 0 });
      expect(stale.msg).toMatch(/与审批的内容不符，请驳回后重新申请/);
      expect(await sealedCount()).toBe(sealedBefore);
      expect((await t.db.select().from(approvalRequests).where(eq(approvalRequests.rid, filed.rid)))[0]!.status).toBe('pending');
      expect((await t.db.select().from(requirements).where(eq(requirements.rid, req.rid)))[0]!.status).toBe('open');
    } finally {
      await t.db.update(serviceItems).set({ priceFen: xrd.priceFen }).where(eq(serviceItems.id, xrd.id));
    }
  });
});

describe('the limits per person and period', () => {
  it('a day’s quotes alone add up: over the day limit the next is filed (今日已独立办理), the next lab day it is sealed alone again', async () => {
    const unit = xrdUnitFen();
    // a new lab day: what the tests above booked alone today does not count
    await nextDay();
    await setLimit(t, 'sales', 'quote', unit * 10, { day: unit * 3, month: unit * 100 });
    const first = await addRequirement(await member());
    expect(await quote(first.rid, lines(2))).toMatchObject({ code: 1, data: { status: 'quoted' } });
    const second = await addRequirement(await member());
    const res = await quote(second.rid, lines(2));
    const filed = expectFiled(res);
    expect(filed).toMatchObject({ limitScope: 'day', makerUsedFen: unit * 2, makerLimitFen: unit * 3 });
    expect(res.msg).toBe(`出具盖章报价单（${formatFen(unit * 2)}）：您今日已独立办理${formatFen(unit * 2)}，加上本笔超出每人每日合计上限（${formatFen(unit * 3)}），已提交审批；另一位有权限的同事在「待审批」中通过后才会生效`);
    // another sales person has a day of their own
    expect((await post<AdminRequirement | ApprovalFiled>('/api/admin/demand/quote', sales2, { rid: (await addRequirement(await member())).rid, lines: JSON.stringify(lines(2)) })).data).toMatchObject({ status: 'quoted' });
    // the next lab day: the maker withdraws the filed one and quotes it alone
    expect(await decide(t, 'withdraw', sales, { rid: filed.rid, reason: '明天再报' })).toMatchObject({ code: 1, data: { status: 'withdrawn' } });
    await nextDay();
    expect(await quote(second.rid, lines(2))).toMatchObject({ code: 1, data: { status: 'quoted' } });
  });

  it('one customer’s month: quotes for the same member add up to the per-customer limit, a different member is not held', async () => {
    const unit = xrdUnitFen();
    await setLimit(t, 'sales', 'quote', unit * 10, { day: unit * 100, month: unit * 100, target: unit * 3 });
    const who = await member();
    expect(await quote((await addRequirement(who)).rid, lines(2))).toMatchObject({ code: 1, data: { status: 'quoted' } });
    const held = await quote((await addRequirement(who, { title: '第二个需求' })).rid, lines(2));
    expect(expectFiled(held)).toMatchObject({ limitScope: 'target', makerUsedFen: unit * 2 });
    expect(await quote((await addRequirement(await member())).rid, lines(2))).toMatchObject({ code: 1, data: { status: 'quoted' } });
  });
});

/** The clock a day on, with fresh staff sessions (access tokens last 2 hours). */
async function nextDay() {
  t.clock.advance(24 * 3600_000);
  for (const staff of [suite.sales, sales2, admin]) Object.assign(staff, await issueSession(t.db, 'staff', staff.id, { now: t.clock.now() }));
}

// the approvals list shows the quote like any other kind
describe('the approvals list', () => {
  it('lists a filed quote under its kind for a colleague who may approve it', async () => {
    await setLimit(t, 'sales', 'quote', 0);
    const filed = expectFiled(await quote((await addRequirement(await member())).rid, lines(1)));
    const list = await post<Page<AdminApproval>>('/api/admin/approvals/list', admin, { scope: 'todo', kind: 'quote', pageSize: 50 });
    expect(list.data.list.find((a) => a.rid === filed.rid)).toMatchObject({ kind: 'quote', canApprove: true, canReject: true });
    const mine = await post<Page<AdminApproval>>('/api/admin/approvals/list', sales, { scope: 'mine', kind: 'quote', pageSize: 50 });
    expect(mine.data.list.find((a) => a.rid === filed.rid)).toMatchObject({ canApprove: false, cannotApproveReason: '不能审批自己提交的申请，请由另一位同事审批', canWithdraw: true });
  });
});
