import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Requirement } from '@lab/contract';
import { call, type TestContext } from '../../../test/harness';
import { requirements } from './requirements.tables';
import { good, pdf, png, requirementCalls, requirementsSuite, zip, type RequirementsSuite, type Staff } from './requirements.test-helpers';

/** The member's requirements (测试需求): demand/add, the list and detail, the attached files. */

let t: TestContext;
let sales: Staff;
let lab: Staff;
let suite: RequirementsSuite;

beforeAll(async () => {
  suite = await requirementsSuite();
  ({ t, sales, lab } = suite);
});
afterAll(() => t.close());

const { member, post, addRequirement, upload, attach } = requirementCalls(() => suite);

describe('demand/add', () => {
  it('stores a requirement as open, with the spec message', async () => {
    const who = await member();
    const res = await post<Requirement>('/api/auth/demand/add', who, good);
    expect(res).toMatchObject({
      status: 200,
      code: 1,
      msg: '需求已提交，我们会尽快联系您',
      data: { title: 'XRD 物相分析', samples: good.samples, budget: '1000 元以内', deadline: '2026-12-20', contact: '张老师', phone: '13800138000', status: 'open', statusText: '待报价', files: [], quote: null },
    });
    expect(res.data.rid).toMatch(/^[\w-]{10,}$/);
    // budget and deadline are optional; JSON bodies work too
    const json = await call<Requirement>(t.app, 'POST', '/api/auth/demand/add', { token: who.token, json: { ...good, budget: '', deadline: '' } });
    expect(json.data).toMatchObject({ budget: '', deadline: null });
  });

  it.each([
    ['title', '[测试需求]不能为空'],
    ['content', '[需求描述]不能为空'],
    ['samples', '[样品信息]不能为空'],
    ['contact', '[联系人]不能为空'],
    ['phone', '[联系电话]不能为空'],
  ])('empty %s → %s', async (field, msg) => {
    const who = await member();
    expect(await post('/api/auth/demand/add', who, { ...good, [field]: '  ' })).toMatchObject({ status: 400, code: 0, msg });
    expect(await post('/api/auth/demand/add', who, { ...good, [field]: undefined })).toMatchObject({ status: 400, code: 0, msg });
  });

  it('refuses a bad phone, a bad date, over-long text, and callers without a token', async () => {
    const who = await member();
    expect(await post('/api/auth/demand/add', who, { ...good, phone: '12345' })).toMatchObject({ status: 400, msg: '[联系电话]格式不正确' });
    expect(await post('/api/auth/demand/add', who, { ...good, deadline: '2026/12/20' })).toMatchObject({ status: 400, msg: '[期望完成日期]格式应为YYYY-MM-DD' });
    expect(await post('/api/auth/demand/add', who, { ...good, title: 'x'.repeat(101) })).toMatchObject({ status: 400, msg: '[测试需求]不能超过100个字符' });
    expect(await post('/api/auth/demand/add', undefined, good)).toMatchObject({ status: 401, msg: '请先登录' });
    expect(await post('/api/auth/demand/add', { token: 'not-a-token' }, good)).toMatchObject({ status: 401 });
    expect(await t.db.select().from(requirements).where(eq(requirements.memberId, who.member.id))).toHaveLength(0);
  });
});

describe('demand/list and detail', () => {
  it('lists only the member own requirements, newest first, filtered and paged', async () => {
    const who = await member();
    const other = await member();
    const first = await addRequirement(who, { title: '第一个' });
    t.clock.advance(60_000);
    const second = await addRequirement(who, { title: '第二个' });
    t.clock.advance(60_000);
    await addRequirement(other, { title: '别人的' });
    await post('/api/auth/demand/cancel', who, { rid: first.rid });

    const all = await post<Page<Requirement>>('/api/auth/demand/list', who);
    expect(all.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(all.data.list.map((r) => r.title)).toEqual(['第二个', '第一个']);
    const open = await post<Page<Requirement>>('/api/auth/demand/list', who, { status: 'open' });
    expect(open.data.list.map((r) => r.rid)).toEqual([second.rid]);
    const cancelled = await post<Page<Requirement>>('/api/auth/demand/list', who, { status: 'cancelled' });
    expect(cancelled.data.list.map((r) => r.rid)).toEqual([first.rid]);
    const paged = await post<Page<Requirement>>('/api/auth/demand/list', who, { page: 2, pageSize: 1 });
    expect(paged.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.data.list.map((r) => r.rid)).toEqual([first.rid]);
    expect(await post('/api/auth/demand/list', who, { status: 'nope' })).toMatchObject({ status: 400, code: 0 });
    expect(await post('/api/auth/demand/list', who, { pageSize: 101 })).toMatchObject({ status: 400, msg: '[每页条数]不能超过100' });
  });

  it('detail answers the owner; another member or an unknown rid → 404', async () => {
    const who = await member();
    const other = await member();
    const mine = await addRequirement(who);
    expect(await post('/api/auth/demand/detail', who, { rid: mine.rid })).toMatchObject({ code: 1, data: { rid: mine.rid, status: 'open' } });
    expect(await post('/api/auth/demand/detail', other, { rid: mine.rid })).toMatchObject({ status: 404, msg: '需求不存在' });
    expect(await post('/api/auth/demand/detail', who, { rid: 'unknown-rid-000' })).toMatchObject({ status: 404, msg: '需求不存在' });
    expect(await post('/api/auth/demand/detail', who, {})).toMatchObject({ status: 400, msg: '[需求编号]不能为空' });
    for (const url of ['/api/auth/demand/accept', '/api/auth/demand/cancel']) {
      expect(await post(url, other, { rid: mine.rid })).toMatchObject({ status: 404, msg: '需求不存在' });
      expect(await post(url, who, { rid: '' })).toMatchObject({ status: 400, msg: '[需求编号]不能为空' });
    }
  });
});

describe('demand/file', () => {
  it('stores pdf, png, jpg and zip by content under a sanitised name and serves them to the owner only', async () => {
    const who = await member();
    const other = await member();
    const req = await addRequirement(who);
    const first = await attach(who, req.rid, png, '../../etc/样品 照片<1>.png');
    expect(first.json()).toMatchObject({ code: 1, msg: '附件已上传', data: { files: [{ name: '样品 照片1.png' }] } });
    // a name whose extension lies is given the real one
    const second = await attach(who, req.rid, pdf, 'report.png');
    expect(second.json<{ data: Requirement }>().data.files.map((f) => f.name)).toEqual(['样品 照片1.png', 'report.pdf']);
    const third = await attach(who, req.rid, zip, '');
    expect(third.json<{ data: Requirement }>().data.files[2]!.name).toBe('附件3.zip');
    const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 3)]);
    expect((await attach(who, req.rid, jpg, 'photo.jpg')).json()).toMatchObject({ code: 1 });

    const fileId = first.json<{ data: Requirement }>().data.files[0]!.id;
    const got = await t.app.inject({ method: 'GET', url: '/api/auth/demand/file', query: { rid: req.rid, id: fileId }, headers: { token: who.token } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);
    expect(String(got.headers['content-disposition'])).toContain(encodeURIComponent('样品 照片1.png'));

    const stranger = await t.app.inject({ method: 'GET', url: '/api/auth/demand/file', query: { rid: req.rid, id: fileId }, headers: { token: other.token } });
    expect(stranger.statusCode).toBe(404);
    const wrongId = await t.app.inject({ method: 'GET', url: '/api/auth/demand/file', query: { rid: req.rid, id: 'nope' }, headers: { token: who.token } });
    expect(wrongId.json()).toMatchObject({ code: 0, msg: '附件不存在' });
    const noToken = await t.app.inject({ method: 'GET', url: '/api/auth/demand/file', query: { rid: req.rid, id: fileId } });
    expect(noToken.statusCode).toBe(401);
    const noRid = await t.app.inject({ method: 'GET', url: '/api/auth/demand/file', query: { id: fileId }, headers: { token: who.token } });
    expect(noRid.json()).toMatchObject({ code: 0, msg: '[需求编号]不能为空' });
    // sales reads the attachments to quote; lab may not
    const staffGet = await t.app.inject({ method: 'GET', url: '/api/admin/demand/file', query: { rid: req.rid, id: fileId }, headers: { token: sales.token } });
    expect(staffGet.rawPayload.equals(png)).toBe(true);
    const labGet = await t.app.inject({ method: 'GET', url: '/api/admin/demand/file', query: { rid: req.rid, id: fileId }, headers: { token: lab.token } });
    expect(labGet.statusCode).toBe(403);
  });

  it('refuses other types (by content), big files, a sixth file, missing fields, and another member requirement', async () => {
    const who = await member();
    const other = await member();
    const req = await addRequirement(who);
    const fake = await attach(who, req.rid, Buffer.from('<script>alert(1)</script>'), 'x.pdf');
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 0, msg: '仅支持 PDF、PNG、JPG、ZIP 文件' });
    const big = await attach(who, req.rid, Buffer.concat([pdf, Buffer.alloc(20 * 1024 * 1024)]), 'big.pdf');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 0, msg: '文件不能超过20MB' });
    expect((await upload('/api/auth/demand/file', who.token, { rid: req.rid })).json()).toMatchObject({ code: 0, msg: '[文件]不能为空' });
    expect((await upload('/api/auth/demand/file', who.token, { rid: '' }, { content: png, filename: 'a.png' })).json()).toMatchObject({ code: 0, msg: '[需求编号]不能为空' });
    expect((await attach(other, req.rid, png)).statusCode).toBe(404);
    expect((await upload('/api/auth/demand/file', undefined, { rid: req.rid }, { content: png, filename: 'a.png' })).statusCode).toBe(401);
    const form = await post('/api/auth/demand/file', who, { rid: req.rid });
    expect(form).toMatchObject({ status: 400, msg: '请以表单方式上传文件' });
    for (let i = 0; i < 5; i++) expect((await attach(who, req.rid, png, `p${i}.png`)).json()).toMatchObject({ code: 1 });
    const sixth = await attach(who, req.rid, png, 'p6.png');
    expect(sixth.json()).toMatchObject({ code: 0, msg: '每个需求最多上传5个附件' });
    const [row] = await t.db.select().from(requirements).where(eq(requirements.rid, req.rid));
    expect(row!.files).toHaveLength(5);
    // no more files once withdrawn
    const closed = await addRequirement(who);
    await post('/api/auth/demand/cancel', who, { rid: closed.rid });
    const late = await attach(who, closed.rid, png);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ msg: '需求当前为「已撤回」，不能上传附件' });
  });
});
