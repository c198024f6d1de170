import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Plan, PricedOption, Requirement } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { members, outbox } from '../../db/schema';
import { seedCatalog } from '../catalog/catalog.seed';
import { serviceItems } from '../catalog/catalog.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { planLines } from './orders.tables';
import { requirements } from './requirements.tables';
import type { AdminRequirement } from './requirements.service';

let t: TestContext;
let sales: Awaited<ReturnType<typeof makeStaff>>;
let lab: Awaited<ReturnType<typeof makeStaff>>;
type Item = typeof serviceItems.$inferSelect;
/** an item with two options (XRD), one with none, and an on-site instrument */
let xrd: Item;
let plain: Item;
let onsite: Item;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await seedCatalog(t.db);
  sales = await makeStaff(t.db, 'sales', t.clock.now());
  lab = await makeStaff(t.db, 'lab', t.clock.now());
  const items = await t.db.select().from(serviceItems);
  xrd = items.find((i) => i.name === 'XRD 粉末衍射（物相分析）')!;
  plain = items.find((i) => i.typeId === 1 && !i.reservable && (i.options as PricedOption[]).length === 0) ?? items.find((i) => i.typeId === 1 && (i.options as PricedOption[]).length === 1)!;
  onsite = items.find((i) => i.reservable)!;
  expect(xrd).toBeDefined();
  expect(onsite).toBeDefined();
});
afterAll(() => t.close());

type Who = { token: string; member: { id: number; rid: string } };
const member = () => makeLoggedInMember(t.db, t.clock.now(), { name: '张老师', company: '复旦大学' });
const post = <T = unknown>(url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });

const good = { title: 'XRD 物相分析', content: '锂电正极材料，需要确认是否有杂相', samples: '粉末 3 个，每个约 200 mg', budget: '1000 元以内', deadline: '2026-12-20', contact: '张老师', phone: '13800138000' };
const addRequirement = async (who: Who, extra: Record<string, string> = {}) => {
  const res = await post<Requirement>('/api/auth/demand/add', who, { ...good, ...extra });
  expect(res.code).toBe(1);
  return res.data;
};

const xrdOptions = () => {
  const [speed, temp] = xrd.options as PricedOption[];
  return { [speed!.id]: speed!.choices[1]!.id, [temp!.id]: temp!.choices[0]!.id };
};
const xrdUnitFen = () => {
  const [speed, temp] = xrd.options as PricedOption[];
  return xrd.priceFen + speed!.choices[1]!.priceFen + temp!.choices[0]!.priceFen;
};
const plainOptions = () => Object.fromEntries((plain.options as PricedOption[]).map((o) => [o.id, o.choices[0]!.id]));
const plainUnitFen = () => plain.priceFen + (plain.options as PricedOption[]).reduce((n, o) => n + o.choices[0]!.priceFen, 0);

const quote = (rid: string, lines: unknown, note = '含数据分析报告') => post<AdminRequirement>('/api/admin/demand/quote', sales, { rid, lines: JSON.stringify(lines), note });

// ---- multipart ----
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 65)]);
const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
function upload(url: string, token: string | undefined, fields: Record<string, string>, file?: { content: Buffer; filename: string }) {
  const boundary = '----s5boundary';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({ method: 'POST', url, headers: { ...(token ? { token } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
}
const attach = (who: Who, rid: string, content: Buffer, filename = 'a.png') => upload('/api/auth/demand/file', who.token, { rid }, { content, filename });

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

describe('staff: list, quote, close', () => {
  it('lists every member requirement with the member for sales (status filter, pages); other roles are refused', async () => {
    const who = await member();
    const req = await addRequirement(who, { title: '员工列表可见' });
    const list = await post<Page<AdminRequirement>>('/api/admin/demand/list', sales, { status: 'open', pageSize: 100 });
    const found = list.data.list.find((r) => r.rid === req.rid);
    expect(found).toMatchObject({ title: '员工列表可见', member: { rid: who.member.rid, name: '张老师', company: '复旦大学' } });
    expect(list.data.list.every((r) => r.status === 'open')).toBe(true);
    expect(await post('/api/admin/demand/list', lab, {})).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
    expect(await post('/api/admin/demand/list', who, {})).toMatchObject({ status: 403 });
    const admin = await makeStaff(t.db, 'admin', t.clock.now());
    expect(await post('/api/admin/demand/list', admin, {})).toMatchObject({ code: 1 });
    for (const url of ['/api/admin/demand/quote', '/api/admin/demand/close']) expect(await post(url, lab, { rid: req.rid })).toMatchObject({ status: 403 });
  });

  it('prices a quote from the catalogue (a price sent by the client is ignored) and tells the member', async () => {
    const who = await member();
    const req = await addRequirement(who);
    const res = await quote(req.rid, [
      { rid: xrd.rid, count: 3, options: xrdOptions(), price: 1, unitPriceFen: 1, amountFen: 1 },
      { rid: plain.rid, count: 2, options: plainOptions() },
    ]);
    expect(res).toMatchObject({ status: 200, code: 1, msg: '报价已发送', data: { status: 'quoted', statusText: '已报价', quotedBy: sales.id } });
    const total = xrdUnitFen() * 3 + plainUnitFen() * 2;
    expect(res.data.quote).toMatchObject({
      totalFen: total,
      note: '含数据分析报告',
      lines: [
        { rid: xrd.rid, name: xrd.name, count: 3, unitPriceFen: xrdUnitFen(), amountFen: xrdUnitFen() * 3 },
        { rid: plain.rid, count: 2, unitPriceFen: plainUnitFen(), amountFen: plainUnitFen() * 2 },
      ],
    });
    expect(res.data.quote!.lines[0]!.options.map((o) => o.name)).toEqual(['扫描速度', '测试温度']);
    const [row] = await t.db.select().from(requirements).where(eq(requirements.rid, req.rid));
    expect(row).toMatchObject({ quoteTotalFen: total, quotedBy: sales.id, status: 'quoted' });
    // the member sees it in detail
    expect(await post<Requirement>('/api/auth/demand/detail', who, { rid: req.rid })).toMatchObject({ data: { status: 'quoted', quote: { totalFen: total } } });
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id));
    expect(messages.map((m) => m.title)).toContain('您的测试需求已报价');
    expect(messages.find((m) => m.title === '您的测试需求已报价')).toMatchObject({ link: '/experiment/demand' });
    const sms = await t.db.select().from(outbox).where(and(eq(outbox.recipient, await memberPhone(who)), eq(outbox.template, 'requirement_quoted')));
    expect(sms).toHaveLength(1);
  });

  it('refuses bad quote lines with Chinese messages', async () => {
    const who = await member();
    const req = await addRequirement(who);
    const [speed] = xrd.options as PricedOption[];
    expect(await quote(req.rid, [])).toMatchObject({ status: 400, msg: '[报价项目]不能为空' });
    expect(await post('/api/admin/demand/quote', sales, { rid: req.rid, lines: '{not json' })).toMatchObject({ status: 400, msg: '[报价项目]格式不正确' });
    expect(await post('/api/admin/demand/quote', sales, { lines: '[]' })).toMatchObject({ status: 400, msg: '[需求编号]不能为空' });
    expect(await quote(req.rid, [{ rid: 'no-such-item', count: 1, options: {} }])).toMatchObject({ status: 400, msg: '报价项目不存在或已下架：no-such-item' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: { [speed!.id]: speed!.choices[0]!.id } }])).toMatchObject({ status: 400, msg: '请选择测试温度' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: { ...xrdOptions(), [speed!.id]: 99999 } }])).toMatchObject({ status: 400, msg: '所选测试选项已失效，请重新选择' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: { ...xrdOptions(), 777: 1 } }])).toMatchObject({ status: 400, msg: '所选测试选项已失效，请重新选择' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 0, options: xrdOptions() }])).toMatchObject({ status: 400, code: 0 });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: xrdOptions() }, { rid: xrd.rid, count: 2, options: xrdOptions() }])).toMatchObject({ status: 400, msg: `报价项目重复：${xrd.name}` });
    const onsiteOptions = Object.fromEntries((onsite.options as PricedOption[]).map((o) => [o.id, o.choices[0]!.id]));
    expect(await quote(req.rid, [{ rid: onsite.rid, count: 1, options: onsiteOptions }])).toMatchObject({ status: 400, msg: `「${onsite.name}」为上门预约项目，请引导客户直接预约机时` });
    expect(await quote('unknown-rid-000', [{ rid: xrd.rid, count: 1, options: xrdOptions() }])).toMatchObject({ status: 404, msg: '需求不存在' });
    expect(await post<Requirement>('/api/auth/demand/detail', who, { rid: req.rid })).toMatchObject({ data: { status: 'open', quote: null } });
  });

  it('closes with a reason (open or quoted only) and tells the member', async () => {
    const who = await member();
    const req = await addRequirement(who);
    expect(await post('/api/admin/demand/close', sales, { rid: req.rid })).toMatchObject({ status: 400, msg: '[原因]不能为空' });
    expect(await post('/api/admin/demand/close', sales, { rid: req.rid, reason: '' })).toMatchObject({ status: 400, msg: '[原因]不能为空' });
    const closed = await post<AdminRequirement>('/api/admin/demand/close', sales, { rid: req.rid, reason: '本实验室暂不具备该测试条件' });
    expect(closed).toMatchObject({ code: 1, msg: '需求已关闭', data: { status: 'closed', statusText: '已关闭', closeReason: '本实验室暂不具备该测试条件' } });
    expect(await post('/api/admin/demand/close', sales, { rid: req.rid, reason: '再次' })).toMatchObject({ status: 409, msg: '需求当前为「已关闭」，不能关闭' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: xrdOptions() }])).toMatchObject({ status: 409, msg: '需求当前为「已关闭」，不能报价' });
    expect(await post('/api/auth/demand/accept', who, { rid: req.rid })).toMatchObject({ status: 409, msg: '需求当前为「已关闭」，不能接受报价' });
    expect(await post('/api/auth/demand/cancel', who, { rid: req.rid })).toMatchObject({ status: 409, msg: '需求当前为「已关闭」，不能撤回' });
    expect(await post('/api/admin/demand/close', sales, { rid: 'unknown-rid-000', reason: 'x' })).toMatchObject({ status: 404 });
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id));
    expect(messages.find((m) => m.title === '您的测试需求已关闭')?.content).toContain('本实验室暂不具备该测试条件');
  });
});

const memberPhone = async (who: Who) => {
  const [m] = await t.db.select({ phone: members.phone }).from(members).where(eq(members.id, who.member.id));
  return m!.phone;
};

describe('demand/accept and cancel', () => {
  it('accept puts the priced quote lines into the plan once; a second accept is refused (409)', async () => {
    const who = await member();
    const req = await addRequirement(who);
    expect(await post('/api/auth/demand/accept', who, { rid: req.rid })).toMatchObject({ status: 409, msg: '需求当前为「待报价」，不能接受报价' });
    await quote(req.rid, [
      { rid: xrd.rid, count: 3, options: xrdOptions() },
      { rid: plain.rid, count: 2, options: plainOptions() },
    ]);
    const accepted = await post<Requirement>('/api/auth/demand/accept', who, { rid: req.rid });
    expect(accepted).toMatchObject({ status: 200, code: 1, msg: '报价已加入实验计划', data: { status: 'accepted', statusText: '已接受' } });

    const plan = await post<Plan>('/api/auth/tempDevice/list', who);
    const lines = plan.data.dataArr.flatMap((g) => g.items);
    expect(plan.data.count).toBe(2);
    expect(lines.find((l) => l.rid === xrd.rid)).toMatchObject({ count: 3, unitPriceFen: xrdUnitFen(), amountFen: xrdUnitFen() * 3 });
    expect(lines.find((l) => l.rid === xrd.rid)!.options.map((o) => o.label)).toEqual(['慢扫 2°/min（精修用）', '室温']);
    expect(lines.find((l) => l.rid === plain.rid)).toMatchObject({ count: 2, amountFen: plainUnitFen() * 2 });
    expect(plan.data.totalFen).toBe(xrdUnitFen() * 3 + plainUnitFen() * 2);

    const again = await post('/api/auth/demand/accept', who, { rid: req.rid });
    expect(again).toMatchObject({ status: 409, code: 0, msg: '该报价已接受，请勿重复操作' });
    expect(await t.db.select().from(planLines).where(eq(planLines.memberId, who.member.id))).toHaveLength(2);
    expect(await post('/api/auth/demand/cancel', who, { rid: req.rid })).toMatchObject({ status: 409, msg: '需求当前为「已接受」，不能撤回' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: xrdOptions() }])).toMatchObject({ status: 409, msg: '需求当前为「已接受」，不能报价' });
  });

  it('concurrent accepts add the lines once', async () => {
    const who = await member();
    const req = await addRequirement(who);
    await quote(req.rid, [{ rid: xrd.rid, count: 4, options: xrdOptions() }]);
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/api/auth/demand/accept', who, { rid: req.rid })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const rows = await t.db.select().from(planLines).where(eq(planLines.memberId, who.member.id));
    expect(rows.map((r) => r.count)).toEqual([4]);
  });

  it('a re-quote replaces the old one; a line merges with the same item already in the plan', async () => {
    const who = await member();
    await post('/api/auth/tempDevice/add', who, { rid: xrd.rid, count: 1, options: JSON.stringify(xrdOptions()) });
    const req = await addRequirement(who);
    await quote(req.rid, [{ rid: plain.rid, count: 9, options: plainOptions() }]);
    const requoted = await quote(req.rid, [{ rid: xrd.rid, count: 2, options: xrdOptions() }], '调整后报价');
    expect(requoted.data.quote).toMatchObject({ totalFen: xrdUnitFen() * 2, note: '调整后报价', lines: [{ rid: xrd.rid, count: 2 }] });
    expect(await post('/api/auth/demand/accept', who, { rid: req.rid })).toMatchObject({ code: 1 });
    const rows = await t.db.select().from(planLines).where(eq(planLines.memberId, who.member.id));
    expect(rows.map((r) => [r.itemId, r.count])).toEqual([[xrd.id, 3]]);
  });

  it('a quote whose item was withdrawn cannot be accepted (and shows it)', async () => {
    const who = await member();
    const req = await addRequirement(who);
    await quote(req.rid, [{ rid: plain.rid, count: 1, options: plainOptions() }]);
    await t.db.update(serviceItems).set({ published: false }).where(eq(serviceItems.id, plain.id));
    try {
      const detail = await post<Requirement>('/api/auth/demand/detail', who, { rid: req.rid });
      expect(detail.data.quote).toMatchObject({ totalFen: 0, lines: [{ amountFen: 0 }] });
      expect(await post('/api/auth/demand/accept', who, { rid: req.rid })).toMatchObject({ status: 409, msg: '报价中的项目已变更，请联系客户经理重新报价' });
      expect(await t.db.select().from(planLines).where(eq(planLines.memberId, who.member.id))).toHaveLength(0);
    } finally {
      await t.db.update(serviceItems).set({ published: true }).where(eq(serviceItems.id, plain.id));
    }
  });

  it('cancel: open and quoted requirements only', async () => {
    const who = await member();
    const open = await addRequirement(who);
    expect(await post('/api/auth/demand/cancel', who, { rid: open.rid })).toMatchObject({ code: 1, msg: '需求已撤回', data: { status: 'cancelled', statusText: '已撤回' } });
    expect(await post('/api/auth/demand/cancel', who, { rid: open.rid })).toMatchObject({ status: 409, msg: '需求当前为「已撤回」，不能撤回' });
    const quoted = await addRequirement(who);
    await quote(quoted.rid, [{ rid: xrd.rid, count: 1, options: xrdOptions() }]);
    expect(await post('/api/auth/demand/cancel', who, { rid: quoted.rid })).toMatchObject({ code: 1, data: { status: 'cancelled' } });
    expect(await post('/api/auth/demand/accept', who, { rid: quoted.rid })).toMatchObject({ status: 409, msg: '需求当前为「已撤回」，不能接受报价' });
  });
});
