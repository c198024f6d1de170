import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbilityShowcase, ArticleDetail, ArticleSummary, ContentPage, Page, SettingValues, SiteSettings, ThanksEntry } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { seedCatalog } from '../catalog/catalog.seed';
import { articles } from './content.tables';
import { consultations } from '../messages/consultations.tables';
import { seedItems } from '../catalog/seed-items';
import { seedThanks } from './seed-content';
import { saveSetting } from './settings.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedCatalog(t.db);
});
afterAll(() => t.close());

const list = (form: Record<string, string | number>) => call<Page<ArticleSummary>>(t.app, 'POST', '/api/open/web/news/list4index', { form });

describe('POST /api/open/web/news/list4index', () => {
  it('lists news, courses and cases newest first', async () => {
    const news = await list({ kind: 'news' });
    expect(news).toMatchObject({ status: 200, code: 1, data: { total: 10, page: 1, pageSize: 20 } });
    const dates = news.data.list.map((a) => a.created);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.every((d) => d.startsWith('2026-'))).toBe(true);
    expect((await list({ kind: 'course' })).data.total).toBe(6);
    const cases = await list({ kind: 'service' });
    expect(cases.data.total).toBe(6);
    expect(cases.data.list.every((a) => a.kind === 'service')).toBe(true);
  });

  it('defaults to news and pages', async () => {
    const page2 = await list({ page: 2, pageSize: 3 });
    expect(page2.data).toMatchObject({ total: 10, page: 2, pageSize: 3 });
    expect(page2.data.list).toHaveLength(3);
    const page1 = await list({ page: 1, pageSize: 3 });
    expect(page1.data.list.map((a) => a.rid)).not.toContain(page2.data.list[0]!.rid);
  });

  it('accepts JSON as well as a form', async () => {
    const res = await call<Page<ArticleSummary>>(t.app, 'POST', '/api/open/web/news/list4index', { json: { kind: 'course', pageSize: 2 } });
    expect(res.data).toMatchObject({ total: 6, pageSize: 2 });
  });

  it('refuses bad paging and an unknown kind with 400', async () => {
    expect(await list({ page: 0 })).toMatchObject({ status: 400, code: 0, msg: '[页码]不能小于1' });
    expect(await list({ page: 'abc' })).toMatchObject({ status: 400, msg: '[页码]必须是数字' });
    expect(await list({ pageSize: 1000 })).toMatchObject({ status: 400, msg: '[每页条数]不能超过100' });
    expect(await list({ kind: 'blog' })).toMatchObject({ status: 400, msg: '[类型]不正确' });
  });
});

describe('POST /api/open/news/detail', () => {
  it('answers the article with its neighbours', async () => {
    const news = (await list({ kind: 'news' })).data.list;
    const middle = news[4]!;
    const res = await call<ArticleDetail>(t.app, 'POST', '/api/open/news/detail', { form: { id: middle.rid } });
    expect(res).toMatchObject({ status: 200, code: 1, data: { rid: middle.rid, title: middle.title, kind: 'news' } });
    expect(res.data.content).toContain('<p>');
    expect(res.data.next).toEqual({ rid: news[3]!.rid, title: news[3]!.title });
    expect(res.data.prev).toEqual({ rid: news[5]!.rid, title: news[5]!.title });
    const newest = await call<ArticleDetail>(t.app, 'POST', '/api/open/news/detail', { form: { id: news[0]!.rid } });
    expect(newest.data.next).toBeNull();
  });

  it('answers 404 for an unknown or hidden article and 400 without an id', async () => {
    expect(await call(t.app, 'POST', '/api/open/news/detail', { form: { id: 'nosuchrid0000000' } })).toMatchObject({ status: 404, code: 0, msg: '文章不存在' });
    const [row] = await t.db.select().from(articles).limit(1);
    await t.db.update(articles).set({ visible: false }).where(eq(articles.id, row!.id));
    expect(await call(t.app, 'POST', '/api/open/news/detail', { form: { id: row!.rid } })).toMatchObject({ status: 404, msg: '文章不存在' });
    await t.db.update(articles).set({ visible: true }).where(eq(articles.id, row!.id));
    expect(await call(t.app, 'POST', '/api/open/news/detail', { form: {} })).toMatchObject({ status: 400, msg: '[文章编号]不能为空' });
  });
});

describe('POST /api/open/ability/sync4num', () => {
  it('counts a view', async () => {
    const [first] = (await list({ kind: 'service' })).data.list;
    const a = await call<{ views: number }>(t.app, 'POST', '/api/open/ability/sync4num', { form: { id: first!.rid } });
    const b = await call<{ views: number }>(t.app, 'POST', '/api/open/ability/sync4num', { form: { id: first!.rid } });
    expect(a.data.views).toBe(first!.views + 1);
    expect(b.data.views).toBe(first!.views + 2);
  });

  it('answers 404 for an unknown article and 400 without an id', async () => {
    expect(await call(t.app, 'POST', '/api/open/ability/sync4num', { form: { id: 'nosuchrid0000000' } })).toMatchObject({ status: 404, msg: '文章不存在' });
    expect(await call(t.app, 'POST', '/api/open/ability/sync4num', { form: { id: ' ' } })).toMatchObject({ status: 400, msg: '[文章编号]不能为空' });
  });
});

describe('POST /api/open/web/acknowledge/list4index', () => {
  it('lists the thanks rows newest first, with pages', async () => {
    const res = await call<Page<ThanksEntry>>(t.app, 'POST', '/api/open/web/acknowledge/list4index', { form: { pageSize: 5 } });
    expect(res).toMatchObject({ status: 200, data: { total: seedThanks.length, pageSize: 5 } });
    expect(res.data.list[0]).toMatchObject({ code: 'Advanced Materials, 2026, 38: 2405123' });
    const second = await call<Page<ThanksEntry>>(t.app, 'POST', '/api/open/web/acknowledge/list4index', { form: { pageSize: 5, page: 2 } });
    expect(second.data.list).toHaveLength(5);
  });

  it('refuses bad paging with 400', async () => {
    expect(await call(t.app, 'POST', '/api/open/web/acknowledge/list4index', { form: { pageSize: 1000 } })).toMatchObject({ status: 400, msg: '[每页条数]不能超过100' });
    expect(await call(t.app, 'POST', '/api/open/web/acknowledge/list4index', { form: { page: -1 } })).toMatchObject({ status: 400, msg: '[页码]不能小于1' });
  });
});

describe('POST /api/open/ability/index', () => {
  it('answers figures, sections and cases', async () => {
    const res = await call<AbilityShowcase>(t.app, 'POST', '/api/open/ability/index');
    expect(res.status).toBe(200);
    expect(res.data.figures.find((f) => f.label === '检测项目')!.value).toBe(seedItems.length);
    expect(res.data.figures.find((f) => f.label === '致谢论文')!.value).toBe(seedThanks.length);
    expect(seedThanks.length).toBeGreaterThanOrEqual(10);
    expect(res.data.sections).toHaveLength(4);
    expect(res.data.cases).toHaveLength(6);
  });
});

describe('GET /api/open/web/page', () => {
  it('answers each about and static page', async () => {
    for (const key of ['profile', 'culture', 'recruit', 'contact', 'guide', 'license', 'policy']) {
      const res = await call<ContentPage>(t.app, 'GET', '/api/open/web/page', { query: { key } });
      expect(res).toMatchObject({ status: 200, data: { key } });
      expect(res.data.title.length).toBeGreaterThan(0);
      expect(res.data.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('服务指南 answers what a first customer asks: invoices, reimbursement, changing or cancelling, refunds, hazardous samples, pickup cities (issue 31)', async () => {
    const res = await call<ContentPage>(t.app, 'GET', '/api/open/web/page', { query: { key: 'guide' } });
    const headings = [...res.data.content.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(expect.arrayContaining(['下单流程', '寄样须知', '发票', '经费报销', '修改与取消订单', '退款', '危险样品包装', '上门取样']));
    expect(res.data.content).toMatch(/上海、苏州/);
  });

  it('refuses an unknown page with 400', async () => {
    expect(await call(t.app, 'GET', '/api/open/web/page', { query: { key: 'secret' } })).toMatchObject({ status: 400, msg: '[页面]不存在' });
  });
});

describe('settings', () => {
  it('POST /api/open/setting answers the three settings', async () => {
    const res = await call<SiteSettings>(t.app, 'POST', '/api/open/setting');
    expect(res.status).toBe(200);
    expect(res.data.allowRegion).toEqual(['310000', '310100', '320500']);
    expect(res.data.samplingSetting).toMatchObject({ sampling_time1: '09:00', sampling_time2: '11:00', sampling_time3: '14:00', sampling_time4: '16:00', disabled_week: [0] });
    expect(res.data.localInfo).toMatchObject({ address: '上海市徐汇区桂平路 680 号 科研检测中心', phone: '400-820-6688', email: 'service@labtest.cn' });
    expect(res.data.localInfo.express).toContain('3 号楼 1 楼样品室');
  });

  it('list4key answers only the keys asked, samplingInfo as an alias', async () => {
    const one = await call<SettingValues>(t.app, 'POST', '/api/open/setting/list4key', { form: { keys: 'samplingInfo' } });
    expect(Object.keys(one.data)).toEqual(['samplingInfo']);
    const all = await call<SiteSettings>(t.app, 'POST', '/api/open/setting');
    expect(one.data.samplingInfo).toEqual(all.data.samplingSetting);
    const two = await call<SettingValues>(t.app, 'POST', '/api/open/setting/list4key', { json: { keys: 'allowRegion, localInfo' } });
    expect(Object.keys(two.data).sort()).toEqual(['allowRegion', 'localInfo']);
  });

  it('list4key refuses unknown and missing keys with 400', async () => {
    expect(await call(t.app, 'POST', '/api/open/setting/list4key', { form: { keys: 'password' } })).toMatchObject({ status: 400, msg: '[配置项]password不存在' });
    expect(await call(t.app, 'POST', '/api/open/setting/list4key', { form: {} })).toMatchObject({ status: 400, msg: '[配置项]不能为空' });
  });

  it('reads allowRegion saved as a comma string or a JSON string, dropping what is not a region code', async () => {
    await saveSetting(t.db, 'allowRegion', '310000, 320500，abc,3205');
    let res = await call<SiteSettings>(t.app, 'POST', '/api/open/setting');
    expect(res.data.allowRegion).toEqual(['310000', '320500']);
    await saveSetting(t.db, 'allowRegion', '["310100", 320500]');
    res = await call<SiteSettings>(t.app, 'POST', '/api/open/setting');
    expect(res.data.allowRegion).toEqual(['310100', '320500']);
    await saveSetting(t.db, 'allowRegion', [310000, '310100', '310100']);
    res = await call<SiteSettings>(t.app, 'POST', '/api/open/setting');
    expect(res.data.allowRegion).toEqual(['310000', '310100']);
  });

  it('fills a partial sampling setting and reads comma lists', async () => {
    await saveSetting(t.db, 'samplingSetting', { disabled_week: '0,6', disabled_date: '2026-12-25,2026-12-26', sampling_time1: '08:30' });
    const res = await call<SiteSettings>(t.app, 'POST', '/api/open/setting');
    expect(res.data.samplingSetting).toMatchObject({ disabled_week: [0, 6], disabled_date: ['2026-12-25', '2026-12-26'], sampling_time1: '08:30', sampling_time4: '16:00', disabled_time: null });
  });
});

describe('POST /api/open/indexMsg/add', () => {
  it('keeps a visitor consultation for staff', async () => {
    const res = await call<{ id: number }>(t.app, 'POST', '/api/open/indexMsg/add', { form: { name: '李老师', phone: '13912345678', content: '想咨询原位 XRD 的测试周期', company: '江南理工大学' }, ip: '10.1.2.3' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '提交成功，我们会尽快与您联系' });
    const [row] = await t.db.select().from(consultations).where(eq(consultations.id, res.data.id));
    expect(row).toMatchObject({ name: '李老师', phone: '13912345678', company: '江南理工大学', ip: '10.1.2.3' });
  });

  it('refuses missing or malformed fields with the spec pattern', async () => {
    expect(await call(t.app, 'POST', '/api/open/indexMsg/add', { form: { phone: '13912345678', content: '咨询' } })).toMatchObject({ status: 400, msg: '[姓名]不能为空' });
    expect(await call(t.app, 'POST', '/api/open/indexMsg/add', { form: { name: '李', phone: '12345', content: '咨询' } })).toMatchObject({ status: 400, msg: '[手机号]格式不正确' });
    expect(await call(t.app, 'POST', '/api/open/indexMsg/add', { form: { name: '李', phone: '13912345678' } })).toMatchObject({ status: 400, msg: '[咨询内容]不能为空' });
  });
});

describe('indexMsg/add rate limit', () => {
  it('lets an address leave five consultations in ten minutes', async () => {
    const limited = await createTestContext({ rateLimit: true });
    try {
      const form = { name: '王同学', phone: '13812345678', content: '请问 BET 需要多少样品？' };
      for (let i = 0; i < 5; i += 1) expect((await call(limited.app, 'POST', '/api/open/indexMsg/add', { form, ip: '10.9.9.9' })).status).toBe(200);
      const sixth = await call(limited.app, 'POST', '/api/open/indexMsg/add', { form, ip: '10.9.9.9' });
      expect(sixth).toMatchObject({ status: 429, code: 0 });
      expect(sixth.msg).toMatch(/^操作过于频繁/);
      expect((await call(limited.app, 'POST', '/api/open/indexMsg/add', { form, ip: '10.9.9.10' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
