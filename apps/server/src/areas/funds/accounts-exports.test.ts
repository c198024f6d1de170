import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  INVOICE_EXPORT_HEADERS,
  LEDGER_EXPORT_HEADERS,
  PRESTORE_EXPORT_HEADERS,
  WITHDRAWAL_EXPORT_HEADERS,
  type AdminAccount,
  type AdminCouponTemplate,
  type AdminIssuedCoupon,
  type AdminLedger,
  type AdminMemberRef,
  type MemberCoupon,
  type Page,
  type PrestoreRule,
  type PrestoreRules,
} from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { versionOf } from '../../../test/decision-pins';
import { communities } from '../member/member.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { ledgerEntries } from './funds.tables';
import { balanceOf, ensureAccount } from './ledger.service';
import { fundsContext, member, ownCommunity, post, saveTiers, staffOf, topUpViaApi } from './test-helpers';
import { auditCount, auditsOf, daysLater, download, invoiceApplication, lastAudit, multipart, namedMember, pdfBytes, pendingTopUp, pendingWithdrawal, readXlsx, type Staff } from './funds-admin.test-helpers';

/**
 * 资金账户 (balances, ledgers, 调账), the xlsx exports of the finance tables, coupons and the
 * prestore tiers, as finance (and, for coupons, sales) use them in the back office.
 */

let t: TestContext;
let finance: Staff;
let sales: Staff;
let lab: Staff;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await fundsContext(t);
  [finance, sales, lab] = await Promise.all([staffOf(t, 'finance'), staffOf(t, 'sales'), staffOf(t, 'lab')]);
});
afterAll(() => t?.close());

const accounts = (query: Record<string, string | number>, who: Staff = finance) => post<Page<AdminAccount>>(t, '/api/admin/funds/account/list', who, query);
const ledger = (query: Record<string, string | number>) => post<AdminLedger>(t, '/api/admin/funds/account/ledger', finance, query);
const adjust = (form: Record<string, string>, who: Staff = finance) => post(t, '/api/admin/funds/adjust', who, form);

describe('资金账户', () => {
  it('lists member and community accounts with balances, found by phone, name or community; filters and sorts on the server', async () => {
    const rich = await namedMember(t, '欧阳账户');
    await topUpViaApi(t, rich, finance, '3000');
    const poor = await namedMember(t, '欧阳小号');
    await topUpViaApi(t, poor, finance, '200');
    const community = await ownCommunity(t, rich);
    await t.db.update(communities).set({ name: '欧阳课题组' }).where(eq(communities.id, community.id));
    await ensureAccount(t.db, 'community', community.id);

    const found = await accounts({ keyword: '欧阳' });
    expect(found.data.total).toBe(3);
    const own = found.data.list.find((a) => a.ownerKind === 'member' && a.ownerRid === rich.member.rid)!;
    expect(own).toMatchObject({ ownerName: '欧阳账户', phone: rich.member.phone, balanceFen: 3_000_00, communityOwner: null });
    expect(found.data.list.find((a) => a.ownerKind === 'community')).toMatchObject({ ownerRid: community.rid, ownerName: '欧阳课题组', phone: rich.member.phone, balanceFen: 0, communityOwner: { rid: rich.member.rid, name: '欧阳账户' } });

    expect((await accounts({ keyword: rich.member.phone })).data.list.map((a) => a.ownerKind).sort()).toEqual(['community', 'member']);
    expect((await accounts({ keyword: '欧阳', owner_kind: 'community' })).data.list.map((a) => a.ownerName)).toEqual(['欧阳课题组']);
    expect((await accounts({ keyword: '欧阳', nonzero: '1' })).data.total).toBe(2);
    expect((await accounts({ keyword: '欧阳', sort: 'balanceFen', order: 'descend' })).data.list.map((a) => a.balanceFen)).toEqual([3_000_00, 200_00, 0]);
    expect((await accounts({ keyword: '欧阳', sort: 'balanceFen', order: 'ascend' })).data.list.map((a) => a.balanceFen)).toEqual([0, 200_00, 3_000_00]);
    expect(await accounts({ owner_kind: 'bank' })).toMatchObject({ status: 400, msg: '[账户类型]不正确' });
    expect(await accounts({ sort: 'ownerName' })).toMatchObject({ status: 400, msg: '[排序字段]不正确' });
    expect(await accounts({}, sales)).toMatchObject({ status: 403 });
  });

  it('adjusts with a reason (audited with the balance before and after, the member told); a retried request books once; never below zero', async () => {
    const who = await namedMember(t, '调账甲');
    await topUpViaApi(t, who, finance, '1000');
    const form = { owner_kind: 'member', owner_rid: who.member.rid, amount: '-100.50', reason: '重复入账冲正', request_id: 'adj-retry-1' };
    const results = await Promise.all(Array.from({ length: 5 }, () => adjust(form)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.msg === '该调账已处理，请勿重复提交')).toBe(true);
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(899_50);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, 'adjust:adj-retry-1'))).toHaveLength(1);
    expect(await t.db.select().from(memberMessages).where(eq(memberMessages.title, '预存款余额调整'))).toHaveLength(1);

    const rows = await auditsOf(t, 'funds.account.adjust');
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ entity: 'account', actionLabel: '调整余额', targetKey: `member:${who.member.rid}`, staffId: finance.id });
    expect(row.before).toMatchObject({ ownerName: '调账甲', balanceFen: 1_000_00, entries: 1 });
    expect(row.after).toMatchObject({ balanceFen: 899_50, entries: 2, lastEntry: { type: 'adjustment', amountFen: -100_50, note: '重复入账冲正' } });

    const count = await auditCount(t);
    expect(await adjust({ ...form, amount: '-1000', request_id: 'adj-too-much' })).toMatchObject({ status: 409, msg: '预存款余额不足' });
    expect(await adjust({ ...form, reason: '', request_id: 'x' })).toMatchObject({ status: 400, msg: '[调整原因]不能为空' });
    expect(await adjust({ ...form, amount: '1.001', request_id: 'x' })).toMatchObject({ status: 400, msg: '[调整金额]最多保留两位小数' });
    expect(await adjust({ ...form, request_id: 'x' }, sales)).toMatchObject({ status: 403 });
    expect(await auditCount(t)).toBe(count);
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(899_50);

    // a community account: its owner hears of it
    const community = await ownCommunity(t, who);
    expect(await adjust({ owner_kind: 'community', owner_rid: community.rid, amount: '50', reason: '活动补贴' })).toMatchObject({ code: 1 });
    expect(await lastAudit(t)).toMatchObject({ targetKey: `community:${community.rid}`, before: expect.objectContaining({ balanceFen: 0 }), after: expect.objectContaining({ balanceFen: 50_00 }) });
    const [message] = await t.db.select().from(memberMessages).where(eq(memberMessages.title, '预存款余额调整')).orderBy(memberMessages.id).offset(1);
    expect(message).toMatchObject({ memberId: who.member.id });
    expect(message!.content).toContain(`科研团体「${community.name}」账户`);
  });

  it("reads an account's ledger newest first with type and date filters and who did it; unknown accounts are 404", async () => {
    const who = await namedMember(t, '明细乙');
    await topUpViaApi(t, who, finance, '500');
    await daysLater(t, 1, { staff: [finance, sales, lab], members: [who] });
    await adjust({ owner_kind: 'member', owner_rid: who.member.rid, amount: '20', reason: '补差价' });
    const account = (await accounts({ keyword: '明细乙' })).data.list[0]!;

    const all = await ledger({ account_id: account.id });
    expect(all.data).toMatchObject({ total: 2, account: { id: account.id, balanceFen: 520_00, ownerName: '明细乙' } });
    expect(all.data.list.map((e) => [e.type, e.amountFen, e.balanceAfterFen, e.actorName])).toEqual([
      ['adjustment', 20_00, 520_00, '测试finance'],
      ['topup', 500_00, 500_00, '测试finance'],
    ]);
    expect(all.data.list[0]).toMatchObject({ typeText: '余额调整', note: '补差价', actorKind: 'staff' });
    expect((await ledger({ account_id: account.id, type: 'topup' })).data.list.map((e) => e.type)).toEqual(['topup']);
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await ledger({ account_id: account.id, from: today })).data.list.map((e) => e.type)).toEqual(['adjustment']);
    expect((await ledger({ account_id: account.id, page: 2, pageSize: 1 })).data.list.map((e) => e.type)).toEqual(['topup']);
    expect(await ledger({ account_id: 999_999 })).toMatchObject({ status: 404, msg: '资金账户不存在' });
    expect(await ledger({})).toMatchObject({ status: 400, msg: '[账户]不能为空' });
    expect(await ledger({ account_id: account.id, type: 'gift' })).toMatchObject({ status: 400, msg: '[类型]不正确' });
  });
});

describe('exports (xlsx)', () => {
  it('exports the top-ups of the filters on screen: Chinese headers, money as yuan, the Chinese file name', async () => {
    const who = await namedMember(t, '导出丙');
    const pending = await pendingTopUp(t, who, finance, '1234.56');
    await topUpViaApi(t, who, finance, '100');
    const response = await download(t, '/api/admin/funds/prestore/export', finance.token, { keyword: '导出丙', status: 'pending' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(response.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('预存申请-')}`);
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]).toEqual([...PRESTORE_EXPORT_HEADERS]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 9)).toEqual([pending.applyNo, '导出丙', who.member.phone, '个人账户', '', 1234.56, 0, '待确认到账']);
    expect((await readXlsx((await download(t, '/api/admin/funds/prestore/export', finance.token, { keyword: '导出丙' })).rawPayload)).length).toBe(3);

    expect((await download(t, '/api/admin/funds/prestore/export', sales.token)).statusCode).toBe(403);
    const bad = await download(t, '/api/admin/funds/prestore/export', finance.token, { status: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 0, msg: '[状态]不正确' });
  });

  it('exports invoices and withdrawals (with the full account to pay to) and an account ledger', async () => {
    const who = await namedMember(t, '导出丁');
    const application = await invoiceApplication(t, who, finance, { yuan: '888' });
    await multipart(t, '/api/admin/funds/invoice/issueWithFile', finance.token, { rid: application.rid, version: String(await versionOf(t.db, 'invoice', application.rid)), invoice_no: 'EXP-0001', issued_on: '2026-12-02' }, { name: 'a.pdf', bytes: pdfBytes });
    const invoices = await readXlsx((await download(t, '/api/admin/funds/invoice/export', finance.token, { keyword: '导出丁' })).rawPayload);
    expect(invoices[0]).toEqual([...INVOICE_EXPORT_HEADERS]);
    expect(invoices[1]!.slice(1, 11)).toEqual(['导出丁', who.member.phone, '增值税普通电子发票', '张三', '', 888, '已开票', 'EXP-0001', '2026-12-02', 'zs@example.com']);

    await pendingWithdrawal(t, who, 150_00, 'bank');
    const withdrawals = await readXlsx((await download(t, '/api/admin/growth/withdraw/export', finance.token, { keyword: '导出丁', status: 'pending' })).rawPayload);
    expect(withdrawals[0]).toEqual([...WITHDRAWAL_EXPORT_HEADERS]);
    expect(withdrawals[1]!.slice(1, 9)).toEqual(['导出丁', who.member.phone, 150, '银行卡', '李老师', '中国银行上海分行', '6222020200112233', '待审核']);
    expect((await download(t, '/api/admin/growth/withdraw/export', lab.token)).statusCode).toBe(403);

    const account = (await accounts({ keyword: '导出丁', owner_kind: 'member' })).data.list[0]!;
    const sheet = await readXlsx((await download(t, '/api/admin/funds/account/ledger/export', finance.token, { account_id: String(account.id) })).rawPayload);
    expect(sheet[0]![0]).toBe(`个人账户：导出丁（${who.member.phone}）`);
    expect(sheet[1]).toEqual([...LEDGER_EXPORT_HEADERS]);
    expect(sheet.slice(2).map((r) => [r[1], r[2], r[3], r[6]])).toEqual([['预存充值', 888, 888, '测试finance']]);
    expect((await download(t, '/api/admin/funds/account/ledger/export', finance.token, { account_id: '999999' })).statusCode).toBe(404);
  });
});

describe('优惠券 (finance and sales)', () => {
  it('creates a staff-only template, finds a member and issues it (audited, member told); lists what was issued', async () => {
    // ¥200 × 2 is within sales' own coupon limit (¥500); above it the template waits for approval (approvals.test.ts)
    const created = await post<AdminCouponTemplate>(t, '/api/admin/funds/coupon/template/add', sales, { name: '老客户回馈 ¥200', amount: '200', threshold: '1000', valid_days: '60', claimable: '0', total_stock: '2' });
    expect(created).toMatchObject({ code: 1, data: { open: false, newMembers: false, active: true, claimedCount: 0, totalStock: 2, amountFen: 200_00 } });
    expect(await lastAudit(t)).toMatchObject({ action: 'funds.couponTemplate.add', entity: 'couponTemplate', targetKey: created.data.rid, before: null, after: expect.objectContaining({ name: '老客户回馈 ¥200', claimable: false }) });
    // 新用户券: marked 注册即发放, given to every new member (new-member-coupons.test.ts)
    const welcome = await post<AdminCouponTemplate>(t, '/api/admin/funds/coupon/template/add', sales, { name: '新客立减 ¥20', amount: '20', valid_days: '30', claimable: '0', total_stock: '5', new_members: '1' });
    expect(welcome).toMatchObject({ code: 1, data: { newMembers: true, open: false } });
    expect(await post(t, '/api/admin/funds/coupon/template/add', sales, { name: '坏值', amount: '20', valid_days: '30', new_members: 'x' })).toMatchObject({ status: 400, msg: '[注册即发放]不正确' });

    const who = await namedMember(t, '券客户');
    const lookup = await post<AdminMemberRef[]>(t, '/api/admin/funds/member/lookup', sales, { keyword: who.member.phone });
    expect(lookup.data[0]).toEqual({ rid: who.member.rid, phone: who.member.phone, name: '券客户', company: null });
    expect((await post<AdminMemberRef[]>(t, '/api/admin/funds/member/lookup', finance, { keyword: '券客' })).data.map((m) => m.rid)).toContain(who.member.rid);
    expect(await post(t, '/api/admin/funds/member/lookup', finance, { keyword: ' ' })).toMatchObject({ status: 400, msg: '[手机号或姓名]不能为空' });

    const issued = await post<MemberCoupon>(t, '/api/admin/funds/coupon/issue', finance, { rid: created.data.rid, member_rid: who.member.rid });
    expect(issued).toMatchObject({ code: 1, msg: '优惠券已发放', data: { name: '老客户回馈 ¥200', status: 'unused' } });
    expect(await lastAudit(t)).toMatchObject({ action: 'funds.coupon.issue', entity: 'coupon', targetKey: issued.data.rid, before: null, after: expect.objectContaining({ template: '老客户回馈 ¥200', memberPhone: who.member.phone, status: 'unused' }) });
    const [message] = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id));
    expect(message).toMatchObject({ title: '您收到一张优惠券', link: '/member/coupon' });

    const count = await auditCount(t);
    expect(await post(t, '/api/admin/funds/coupon/issue', finance, { rid: created.data.rid, member_rid: who.member.rid })).toMatchObject({ status: 409, msg: '每人限领1张，您已领取' });
    expect(await post(t, '/api/admin/funds/coupon/issue', lab, { rid: created.data.rid, member_rid: who.member.rid })).toMatchObject({ status: 403 });
    expect(await auditCount(t)).toBe(count);

    const list = await post<Page<AdminIssuedCoupon>>(t, '/api/admin/funds/coupon/issued', sales, { template_rid: created.data.rid });
    expect(list.data.list).toEqual([expect.objectContaining({ rid: issued.data.rid, issuedBy: '测试finance', member: expect.objectContaining({ name: '券客户' }) })]);
    expect((await post<Page<AdminIssuedCoupon>>(t, '/api/admin/funds/coupon/issued', finance, { template_rid: created.data.rid, source: 'claimed' })).data.total).toBe(0);
    expect((await post<Page<AdminIssuedCoupon>>(t, '/api/admin/funds/coupon/issued', finance, { keyword: '券客户' })).data.total).toBe(1);
  });

  it('stops a template: it is neither issued nor claimed any more, coupons held stay; the list shows it stopped', async () => {
    // percent off is unbounded: only a role without a coupon limit (admin) creates it alone
    const created = await post<AdminCouponTemplate>(t, '/api/admin/funds/coupon/template/add', await staffOf(t, 'admin'), { name: '双十二 9 折', percent_off: '10', valid_days: '30' });
    const who = await member(t);
    expect(await post(t, '/api/auth/discount4user/add', who, { rid: created.data.rid })).toMatchObject({ code: 1 });
    const stopped = await post<AdminCouponTemplate>(t, '/api/admin/funds/coupon/template/disable', finance, { rid: created.data.rid });
    expect(stopped).toMatchObject({ code: 1, msg: '优惠券已停用', data: { active: false } });
    expect(await lastAudit(t)).toMatchObject({ action: 'funds.couponTemplate.disable', before: expect.objectContaining({ active: true }), after: expect.objectContaining({ active: false }) });
    expect(await post(t, '/api/admin/funds/coupon/template/disable', finance, { rid: created.data.rid })).toMatchObject({ status: 409, msg: '该优惠券已停用' });
    expect(await post(t, '/api/auth/discount4user/add', await member(t), { rid: created.data.rid })).toMatchObject({ status: 404 });
    expect(await post(t, '/api/admin/funds/coupon/issue', finance, { rid: created.data.rid, member_rid: who.member.rid })).toMatchObject({ status: 404 });
    expect((await post<Page<MemberCoupon>>(t, '/api/auth/discount4user/all', who, { status: 'unused' })).data.list.map((c) => c.name)).toContain('双十二 9 折');

    const active = await post<AdminCouponTemplate[]>(t, '/api/admin/funds/coupon/templates', finance);
    expect(active.data.map((c) => c.rid)).not.toContain(created.data.rid);
    const all = await post<AdminCouponTemplate[]>(t, '/api/admin/funds/coupon/templates', finance, { status: 'all' });
    expect(all.data.find((c) => c.rid === created.data.rid)).toMatchObject({ active: false, claimedCount: 1 });
    expect(await post(t, '/api/admin/funds/coupon/templates', finance, { status: 'gone' })).toMatchObject({ status: 400, msg: '[状态]不正确' });
  });
});

describe('预存规则', () => {
  it('reads the tiers in force; saving replaces them (a raise after a second person approves; audited as a whole) and the next confirmation uses them', async () => {
    const current = await post<PrestoreRules>(t, '/api/admin/funds/prestore/rules/current', finance);
    expect(current.data.rules.map((r) => r.text)).toEqual(['满 ¥10,000.00 赠 3%', '满 ¥50,000.00 赠 5%', '满 ¥100,000.00 赠 8%']);
    expect(current.data.bank.accountName).toBeTruthy();

    const tiers = [{ threshold: '2000', rate: 1.5 }];
    expect(await post(t, '/api/admin/funds/prestore/rules', sales, { rules: JSON.stringify(tiers) })).toMatchObject({ status: 403 });
    expect(await post(t, '/api/admin/funds/prestore/rules', finance, { rules: '[{"threshold":"2000","rate":120}]' })).toMatchObject({ status: 400, msg: '[赠送比例]不能超过100' });
    // 1.5% from ¥2,000 gives more than today's tiers below ¥10,000: filed, then approved
    const saved = await saveTiers(t, finance, tiers);
    expect(saved).toMatchObject({ filed: true });
    expect(saved.rules.map((r) => r.text)).toEqual(['满 ¥2,000.00 赠 1.5%']);

    const who = await member(t);
    expect((await topUpViaApi(t, who, finance, '3000')).bonusFen).toBe(45_00);

    // a change that raises nothing is saved alone, audited as a whole
    const lowered = await post<PrestoreRule[]>(t, '/api/admin/funds/prestore/rules', finance, { rules: JSON.stringify([{ threshold: '2000', rate: 1 }]) });
    expect(lowered.data.map((r) => r.text)).toEqual(['满 ¥2,000.00 赠 1%']);
    const row = await lastAudit(t);
    expect(row).toMatchObject({ action: 'funds.prestore.rules', entity: 'prestoreRules', targetKey: 'tiers' });
    expect(row.before).toEqual({ tiers: [{ thresholdFen: 2_000_00, bonusRateBp: 150, bonusFen: 0 }] });
    expect(row.after).toEqual({ tiers: [{ thresholdFen: 2_000_00, bonusRateBp: 100, bonusFen: 0 }] });
    await saveTiers(t, finance, [{ threshold: '10000', rate: 3 }, { threshold: '50000', rate: 5 }, { threshold: '100000', rate: 8 }]);
  });
});
