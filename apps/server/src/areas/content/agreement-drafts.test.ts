import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAgreementVersion, AgreementDraft, AgreementVersion, MemberUserInfo } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { seedAgreements } from './agreements.seed';

/**
 * 协议管理's drafts (issue 31, decision 0059): 保存草稿 keeps a text with its table and headings
 * without putting it in force — members are not asked again, the site shows the version in
 * force — and 发布 removes the draft.
 */
let t: TestContext;
let admin: Awaited<ReturnType<typeof makeStaff>>;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-06-01T02:00:00Z' });
  await seedAgreements(t.db, t.clock.now());
  admin = await makeStaff(t.db, 'admin', t.clock.now());
});
afterAll(() => t?.close());

const table = '<h2>二、我们如何使用个人信息</h2><table><tbody><tr><th><p>业务功能</p></th><th><p>个人信息</p></th></tr><tr><td><p>在线支付</p></td><td><p>订单号、金额</p></td></tr></tbody></table>';
const draftOf = async (token = admin.token) => call<AgreementDraft | null>(t.app, 'POST', '/api/admin/agreement/draft', { token, form: { kind: 'privacy' } });
const save = (form: Record<string, string>, token = admin.token) => call<AgreementDraft>(t.app, 'POST', '/api/admin/agreement/draft/save', { token, form: { kind: 'privacy', ...form } });

describe('agreement drafts', () => {
  it('a saved draft keeps its table, is admin-only, is not in force, and goes when the version is published', async () => {
    const member = await makeLoggedInMember(t.db, t.clock.now());
    const due = async () => (await call<MemberUserInfo>(t.app, 'POST', '/api/auth/user/info', { token: member.token })).data.consentDue;
    expect(await due()).toEqual([]);
    expect((await draftOf()).data).toBeNull();

    const sales = await makeStaff(t.db, 'sales', t.clock.now());
    expect((await save({ body: table }, sales.token)).status).toBe(403);
    expect((await draftOf(sales.token)).status).toBe(403);

    // a draft may be unfinished (no summary yet); scripts are cleaned as on publishing
    const saved = await save({ title: '隐私政策', body: `${table}<script>alert(1)</script>` });
    expect(saved).toMatchObject({ code: 1, msg: '草稿已保存', data: { kind: 'privacy', title: '隐私政策', summary: '', savedBy: '测试admin' } });
    expect(saved.data.body).toBe(table);
    expect(await save({ title: '隐私政策', summary: '新增在线支付', body: table })).toMatchObject({ code: 1, data: { summary: '新增在线支付' } });
    expect((await draftOf()).data).toMatchObject({ summary: '新增在线支付', body: table });
    // not in force: the site shows version 1, members are not asked
    expect((await call<AgreementVersion>(t.app, 'GET', '/api/open/agreement', { query: { kind: 'privacy' } })).data).toMatchObject({ version: 1 });
    expect(await due()).toEqual([]);

    const published = await call<AdminAgreementVersion>(t.app, 'POST', '/api/admin/agreement/publish', { token: admin.token, form: { kind: 'privacy', title: '隐私政策', summary: '新增在线支付', body: table } });
    expect(published).toMatchObject({ code: 1, data: { version: 2 } });
    expect(published.data.body).toContain('<th><p>业务功能</p></th>');
    expect((await draftOf()).data).toBeNull();
    expect((await due()).map((d) => d.version)).toEqual([2]);
  });
});
