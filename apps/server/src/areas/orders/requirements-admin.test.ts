import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContract, AdminRequirement, Page, PricedOption, Requirement } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { seedCatalog } from '../catalog/catalog.seed';
import { serviceItems } from '../catalog/catalog.tables';
import { auditCount, auditRowsOf, memberPost, multipartUpload, pdfBytes, pngBytes, staffOf, staffPost, type Person, type Staff } from '../member/member-admin.test-helpers';

/**
 * The sales calls of 测试需求 and 合同管理 in the back office: every change writes its audit row
 * (the requirement's quote or closing, a contract sent, a signed copy confirmed); refused calls
 * write none. Quoting and contracts themselves are tested in requirements.test.ts and contracts.test.ts.
 */

let t: TestContext;
let sales: Staff;
let lab: Staff;
let xrd: typeof serviceItems.$inferSelect;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await seedCatalog(t.db);
  [sales, lab] = await Promise.all([staffOf(t, 'sales'), staffOf(t, 'lab')]);
  const [found] = await t.db.select().from(serviceItems).where(eq(serviceItems.name, 'XRD 粉末衍射（物相分析）'));
  xrd = found!;
});
afterAll(() => t?.close());

const member = () => makeLoggedInMember(t.db, t.clock.now(), { name: '张老师', company: '复旦大学' });
const requirementOf = async (who: Person) => {
  const res = await memberPost<Requirement>(t, '/api/auth/demand/add', who, { title: 'XRD 物相分析', content: '锂电正极材料，确认杂相', samples: '粉末 3 个', contact: '张老师', phone: '13800138000' });
  expect(res.code).toBe(1);
  return res.data;
};
const xrdLine = (count = 3) => {
  const options = Object.fromEntries((xrd.options as PricedOption[]).map((o) => [o.id, o.choices[0]!.id]));
  return { rid: xrd.rid, count, options };
};

describe('测试需求 (demand/quote, close)', () => {
  it('writes the quote with the lines and total before and after', async () => {
    const requirement = await requirementOf(await member());
    const res = await staffPost<AdminRequirement>(t, '/api/admin/demand/quote', sales, { rid: requirement.rid, lines: JSON.stringify([xrdLine()]), note: '含数据分析' });
    expect(res).toMatchObject({ status: 200, msg: '报价已发送', data: { status: 'quoted' } });
    const [row] = await auditRowsOf(t.db, 'demand.quote', requirement.rid);
    expect(row).toMatchObject({ staffId: sales.id, actionLabel: '测试需求报价', entity: 'requirement', input: expect.objectContaining({ rid: requirement.rid, note: '含数据分析' }) });
    expect(row!.before).toMatchObject({ status: 'open', quoteLines: null, quoteTotalFen: null });
    expect(row!.after).toMatchObject({ status: 'quoted', quoteLines: [{ itemId: xrd.id, count: 3 }], quoteTotalFen: res.data.quote!.totalFen, quotedBy: sales.id });
  });

  it('writes the closing with its reason; a refused close writes nothing', async () => {
    const requirement = await requirementOf(await member());
    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/demand/close', sales, { rid: requirement.rid })).toMatchObject({ status: 400, msg: '[原因]不能为空' });
    expect(await staffPost(t, '/api/admin/demand/close', lab, { rid: requirement.rid, reason: 'x' })).toMatchObject({ status: 403 });
    expect(await staffPost(t, '/api/admin/demand/quote', sales, { rid: requirement.rid, lines: '[]' })).toMatchObject({ status: 400 });
    expect(await auditCount(t.db)).toBe(before);
    expect(await staffPost(t, '/api/admin/demand/close', sales, { rid: requirement.rid, reason: '样品不适合 XRD，已电话沟通' })).toMatchObject({ status: 200, msg: '需求已关闭' });
    const [row] = await auditRowsOf(t.db, 'demand.close', requirement.rid);
    expect(row).toMatchObject({ before: expect.objectContaining({ status: 'open' }), after: expect.objectContaining({ status: 'closed', closeReason: '样品不适合 XRD，已电话沟通' }) });
    const list = await staffPost<Page<AdminRequirement>>(t, '/api/admin/demand/list', sales, { status: 'closed' });
    expect(list.data.list.map((r) => r.rid)).toContain(requirement.rid);
  });
});

describe('合同管理 (contract/add, confirm)', () => {
  it('writes the contract sent to a member with the form fields and the file name; the confirmation of the signed copy', async () => {
    const who = await member();
    const sent = await multipartUpload(t, '/api/admin/contract/add', sales.token, { member_rid: who.member.rid, title: '2027 年度框架检测合同' }, { content: pdfBytes, filename: '框架合同.pdf' });
    const contract = sent.json<{ code: number; msg: string; data: AdminContract }>();
    expect(contract).toMatchObject({ code: 1, msg: '合同已发送给客户', data: { status: 'to_sign', kind: 'contract', member: { rid: who.member.rid } } });
    const rid = contract.data.rid;
    const [added] = await auditRowsOf(t.db, 'contract.add', rid);
    expect(added).toMatchObject({ actionLabel: '发送合同', entity: 'contract', input: { member_rid: who.member.rid, title: '2027 年度框架检测合同', file: '框架合同.pdf' }, before: null });
    expect(added!.after).toMatchObject({ rid, memberRid: who.member.rid, title: '2027 年度框架检测合同', status: 'to_sign', hasLabFile: true, hasSigned: false });

    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/contract/confirm', sales, { rid })).toMatchObject({ status: 409, msg: '客户尚未上传签署件，不能确认' });
    const refused = await multipartUpload(t, '/api/admin/contract/add', sales.token, { title: '缺客户' }, { content: pdfBytes, filename: 'a.pdf' });
    expect(refused.json()).toMatchObject({ code: 0, msg: '[客户]不能为空' });
    expect((await multipartUpload(t, '/api/admin/contract/add', lab.token, { member_rid: who.member.rid, title: 'x' }, { content: pdfBytes, filename: 'a.pdf' })).statusCode).toBe(403);
    expect(await auditCount(t.db)).toBe(before);

    const signed = await multipartUpload(t, '/api/auth/contract/upload', who.token, { rid }, { content: pngBytes, filename: '签署件.png' });
    expect(signed.json()).toMatchObject({ code: 1 });
    expect(await staffPost(t, '/api/admin/contract/confirm', sales, { rid })).toMatchObject({ status: 200, msg: '合同已确认生效', data: { status: 'confirmed' } });
    const [confirmed] = await auditRowsOf(t.db, 'contract.confirm', rid);
    expect(confirmed).toMatchObject({ before: expect.objectContaining({ status: 'signed', hasSigned: true, confirmedAt: null }), after: expect.objectContaining({ status: 'confirmed' }) });
  });
});
