import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import {
  INVOICE_FILE_REQUIRED,
  type AdminCredit,
  type AdminInvoice,
  type AdminPrestore,
  type AdminTransfer,
  type AdminWithdrawal,
  type FinanceQueueCounts,
  type InvoiceApplication,
  type Page,
  type PrestoreApplication,
} from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { versionOf } from '../../../test/decision-pins';
import { memberMessages } from '../messages/member-messages.tables';
import { ledgerEntries } from './funds.tables';
import { balanceOf } from './ledger.service';
import { fundsContext, member, post, staffOf, topUpViaApi } from './test-helpers';
import {
  auditCount,
  auditsOf,
  daysLater,
  invoiceApplication,
  lastAudit,
  multipart,
  namedMember,
  pdfBytes,
  pendingCredit,
  pendingTopUp,
  pendingTransfer,
  pendingWithdrawal,
  type Staff,
} from './funds-admin.test-helpers';

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

describe('发票管理', () => {
  const issueWithFile = (fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }, who: Staff = finance) =>
    multipart<InvoiceApplication>(t, '/api/admin/funds/invoice/issueWithFile', who.token, fields, file);

  it('issues an e-invoice with its PDF in one step; the member sees it issued, downloads the same file and is told', async () => {
    const who = await namedMember(t, '郑开票');
    const application = await invoiceApplication(t, who, finance);
    const fields = { rid: application.rid, version: String(await versionOf(t.db, 'invoice', application.rid)), invoice_no: '24312000000087654321', issued_on: '2026-12-03' };
    const before = await auditCount(t);

    expect(await issueWithFile(fields)).toMatchObject({ status: 400, msg: INVOICE_FILE_REQUIRED });
    expect(await issueWithFile({ ...fields, invoice_no: '' }, { name: 'a.pdf', bytes: pdfBytes })).toMatchObject({ status: 400, msg: '[发票号码]不能为空' });
    expect(await issueWithFile({ ...fields, issued_on: '12/03' }, { name: 'a.pdf', bytes: pdfBytes })).toMatchObject({ status: 400, msg: '[开票日期]格式应为YYYY-MM-DD' });
    expect(await issueWithFile(fields, { name: 'a.txt', bytes: Buffer.from('not a pdf'), type: 'text/plain' })).toMatchObject({ status: 400, msg: '仅支持 PNG、JPG 图片或 PDF 文件' });
    expect(await issueWithFile(fields, { name: 'a.pdf', bytes: pdfBytes }, sales)).toMatchObject({ status: 403 });
    expect(await issueWithFile({ ...fields, rid: 'nope' }, { name: 'a.pdf', bytes: pdfBytes })).toMatchObject({ status: 404, msg: '开票申请不存在' });
    expect(await auditCount(t)).toBe(before);

    const issued = await issueWithFile(fields, { name: '电子发票.pdf', bytes: pdfBytes });
    expect(issued).toMatchObject({ code: 1, msg: '已开票', data: { status: 'issued', invoiceNo: '24312000000087654321', issuedOn: '2026-12-03', hasFile: true } });
    const row = await lastAudit(t);
    expect(row).toMatchObject({ action: 'funds.invoice.issue', entity: 'invoice', targetKey: application.rid, input: { ...fields, version: Number(fields.version), file: '电子发票.pdf' } });
    expect(row.before).toMatchObject({ status: 'pending', invoiceNo: null, file: null });
    expect(row.after).toMatchObject({ status: 'issued', invoiceNo: '24312000000087654321', file: expect.stringMatching(/\.pdf$/) });

    const records = await post<Page<InvoiceApplication>>(t, '/api/auth/invoiceApply/list', who, { status: 'issued' });
    expect(records.data.list).toEqual([expect.objectContaining({ rid: application.rid, statusText: '已开票', invoiceNo: '24312000000087654321', hasFile: true })]);
    const file = await t.app.inject({ method: 'GET', url: `/api/auth/invoiceApply/file?rid=${application.rid}`, headers: { token: who.token } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdfBytes)).toBe(true);
    const staffCopy = await t.app.inject({ method: 'GET', url: `/api/admin/funds/invoice/file?rid=${application.rid}`, headers: { token: finance.token } });
    expect(staffCopy.statusCode).toBe(200);
    expect(staffCopy.headers['content-type']).toBe('application/pdf');
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/funds/invoice/file?rid=${application.rid}`, headers: { token: sales.token } })).statusCode).toBe(403);
    expect(await lastMessage(who.member.id)).toMatchObject({ title: '发票已开具', link: '/member/invoiceLs' });
    expect((await lastMessage(who.member.id))!.content).toContain('可在发票记录中下载电子发票');

    const count = await auditCount(t);
    expect(await issueWithFile(fields, { name: 'b.pdf', bytes: pdfBytes })).toMatchObject({ status: 409, msg: '该开票申请已开票，不能开票' });
    expect(await auditCount(t)).toBe(count);
  });

  it('five issues of one application at once: one wins, one audit row', async () => {
    const who = await member(t);
    const application = await invoiceApplication(t, who, finance);
    const version = String(await versionOf(t.db, 'invoice', application.rid));
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => issueWithFile({ rid: application.rid, version, invoice_no: `NO-${i}`, issued_on: '2026-12-03' }, { name: 'a.pdf', bytes: pdfBytes })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    expect((await auditsOf(t, 'funds.invoice.issue')).filter((r) => r.targetKey === application.rid)).toHaveLength(1);
  });

  it('a paper invoice is issued without a file; a later file upload is audited too', async () => {
    const who = await member(t);
    const application = await invoiceApplication(t, who, finance, { type: 2 });
    const issued = await issueWithFile({ rid: application.rid, version: String(await versionOf(t.db, 'invoice', application.rid)), invoice_no: 'P-0001', issued_on: '2026-12-03' });
    expect(issued).toMatchObject({ code: 1, data: { status: 'issued', hasFile: false } });
    expect((await lastMessage(who.member.id))!.content).toContain('纸质发票将按您填写的地址寄出');
    const scan = await multipart<InvoiceApplication>(t, '/api/admin/funds/invoice/file', finance.token, { rid: application.rid }, { name: 'scan.pdf', bytes: pdfBytes });
    expect(scan).toMatchObject({ code: 1, data: { hasFile: true } });
    expect(await lastAudit(t)).toMatchObject({ action: 'funds.invoice.file', targetKey: application.rid, before: expect.objectContaining({ file: null }), after: expect.objectContaining({ file: expect.any(String) }) });
  });

  it('rejecting frees the money for a new application (audit: the items turn inactive); the queue filters by type and invoice number', async () => {
    const who = await namedMember(t, '冯发票');
    const application = await invoiceApplication(t, who, finance, { yuan: '1500' });
    expect(await post(t, '/api/admin/funds/invoice/reject', finance, { rid: application.rid, version: await versionOf(t.db, 'invoice', application.rid), reason: '' })).toMatchObject({ status: 400, msg: '[驳回原因]不能为空' });
    expect(await post(t, '/api/admin/funds/invoice/reject', finance, { rid: application.rid, version: await versionOf(t.db, 'invoice', application.rid), reason: '抬头与付款单位不一致' })).toMatchObject({ code: 1, data: { status: 'rejected' } });
    const row = await lastAudit(t);
    expect(row).toMatchObject({ action: 'funds.invoice.reject', targetKey: application.rid });
    expect(row.before).toMatchObject({ status: 'pending', items: [expect.objectContaining({ active: true, amountFen: 1_500_00 })] });
    expect(row.after).toMatchObject({ status: 'rejected', rejectReason: '抬头与付款单位不一致', items: [expect.objectContaining({ active: false })] });
    expect((await lastMessage(who.member.id))!.content).toContain('相应款项可重新申请开票');
    expect(await post(t, '/api/admin/funds/invoice/reject', finance, { rid: application.rid, version: await versionOf(t.db, 'invoice', application.rid), reason: '再驳' })).toMatchObject({ status: 409, msg: '该开票申请已驳回，不能驳回' });

    const list = (query: Record<string, string | number>) => post<Page<AdminInvoice>>(t, '/api/admin/funds/invoice/list', finance, query);
    expect((await list({ keyword: '冯发票' })).data.list).toEqual([expect.objectContaining({ rid: application.rid, statusText: '已驳回', staffName: '测试finance', member: expect.objectContaining({ name: '冯发票' }) })]);
    expect((await list({ keyword: '冯发票', type: 2 })).data.total).toBe(0);
    expect((await list({ keyword: '24312000000087654321' })).data.list.map((i) => i.invoiceNo)).toEqual(['24312000000087654321']);
    expect((await list({ type: 7 })).msg).toBe('[发票类型]不正确');
  });
});

describe('信用额度', () => {
  it('lists applications with the member, organisation and current line; approval sets the line (audited), refusal tells why', async () => {
    const { who, rid } = await pendingCredit(t, '陈老师');
    const list = await post<Page<AdminCredit>>(t, '/api/admin/funds/credit/list', finance, { status: 'pending', keyword: '陈老师' });
    expect(list.data.list).toEqual([expect.objectContaining({ rid, requestedFen: 20_000_00, organizationText: '老师', contact: '陈老师', currentLimitFen: 0 })]);
    expect(await post(t, '/api/admin/funds/credit/approve', finance, { rid, version: await versionOf(t.db, 'credit', rid), limit: '0' })).toMatchObject({ status: 400, msg: '[授信额度]必须大于0' });
    expect(await post(t, '/api/admin/funds/credit/approve', finance, { rid, version: await versionOf(t.db, 'credit', rid), limit: '15000', note: '按课题经费核定' })).toMatchObject({ code: 1, data: { status: 'approved', approvedFen: 15_000_00 } });
    expect(await lastAudit(t)).toMatchObject({ action: 'funds.credit.approve', entity: 'credit', before: expect.objectContaining({ status: 'pending', creditLineFen: 0 }), after: expect.objectContaining({ status: 'approved', creditLineFen: 15_000_00 }) });
    expect((await lastMessage(who.member.id))!.content).toContain('¥15,000.00');
    expect((await post<Page<AdminCredit>>(t, '/api/admin/funds/credit/list', finance, { keyword: '陈老师' })).data.list[0]).toMatchObject({ currentLimitFen: 15_000_00, staffName: '测试finance' });

    const other = await pendingCredit(t, '林老师');
    const count = await auditCount(t);
    expect(await post(t, '/api/admin/funds/credit/refuse', finance, { rid: other.rid, version: await versionOf(t.db, 'credit', other.rid) })).toMatchObject({ status: 400, msg: '[驳回原因]不能为空' });
    expect(await auditCount(t)).toBe(count);
    expect(await post(t, '/api/admin/funds/credit/refuse', finance, { rid: other.rid, version: await versionOf(t.db, 'credit', other.rid), reason: '请先完成老师认证' })).toMatchObject({ code: 1, data: { status: 'refused' } });
    expect(await lastMessage(other.who.member.id)).toMatchObject({ title: '信用额度申请未通过' });
    expect(await post(t, '/api/admin/funds/credit/approve', finance, { rid: other.rid, version: await versionOf(t.db, 'credit', other.rid), limit: '100' })).toMatchObject({ status: 409, msg: '该申请未通过，不能审核' });
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
