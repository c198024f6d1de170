import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { INVOICE_FILE_REQUIRED, type AdminCredit, type AdminInvoice, type InvoiceApplication, type Page } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { versionOf } from '../../../test/decision-pins';
import { memberMessages } from '../messages/member-messages.tables';
import { fundsContext, member, post, staffOf } from './test-helpers';
import { auditCount, auditsOf, invoiceApplication, lastAudit, multipart, namedMember, pdfBytes, pendingCredit, type Staff } from './funds-admin.test-helpers';

/**
 * The finance review queues in the back office: tables filtered and sorted on the server,
 * every decision written to the audit log with the application and the balances before and
 * after, refusals writing nothing, money moving once however often the button is pressed.
 */

let t: TestContext;
let finance: Staff;
let sales: Staff;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await fundsContext(t);
  [finance, sales] = await Promise.all([staffOf(t, 'finance'), staffOf(t, 'sales')]);
});
afterAll(() => t?.close());

const lastMessage = async (memberId: number) => (await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId)).orderBy(desc(memberMessages.id)).limit(1))[0];

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
