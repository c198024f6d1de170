import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import type {
  AbilityShowcase,
  AdminArticle,
  AdminArticleDetail,
  AdminBanner,
  AdminContentPage,
  AdminHotArea,
  AdminPageSummary,
  AdminPartner,
  AdminThanks,
  ArticleSummary,
  LocalInfo,
  Page,
  SamplingSetting,
  SiteSettings,
  ThanksEntry,
} from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { serviceItems } from '../catalog/catalog.tables';
import {
  articleForm,
  bannerForm,
  contentContext,
  pngBytes,
  seedPicture,
  thanksForm,
  uniqueTitle,
  uploadPicture,
  type ContentContext,
} from './content-admin.test-helpers';

let t: TestContext;
let c: ContentContext;

beforeAll(async () => {
  t = await createTestContext();
  c = await contentContext(t);
});
afterAll(() => t?.close());

const banners = async () => (await c.post<AdminBanner[]>('/api/admin/content/banner/list', c.admin)).data;

describe('轮播图 banners', () => {
  it('lists every banner in the home page order, hidden ones too, to the admin only', async () => {
    const list = await c.post<AdminBanner[]>('/api/admin/content/banner/list', c.admin);
    expect(list).toMatchObject({ status: 200, code: 1 });
    expect(list.data.length).toBeGreaterThanOrEqual(4);
    const sorts = list.data.map((b) => b.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(list.data[0]).toMatchObject({ img: '/upload/img/banners/banner-1.svg', imgUrl: '/upload/img/banners/banner-1.svg', visible: true });
    // the seed's second banner links to an item by rid: the admin sees the item's name
    expect(list.data[1]!.redirectItem).toMatchObject({ rid: list.data[1]!.redirect, name: 'XRD 粉末衍射（物相分析）' });
    expect(await c.post('/api/admin/content/banner/list', c.sales)).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
  });

  it('adds a banner at the end; the home page shows it at once; the audit row has no before and the banner after', async () => {
    const before = await banners();
    const form = bannerForm();
    const added = await c.post<AdminBanner>('/api/admin/content/banner/add', c.admin, form);
    expect(added).toMatchObject({ code: 1, msg: '轮播图已添加', data: { title: form.title, description: form.description, redirect: form.redirect, visible: true, sort: Math.max(...before.map((b) => b.sort)) + 1 } });

    const home = await c.site.home();
    expect(home.bannerArr.at(-1)).toEqual({ img: form.img, redirect: form.redirect, title: form.title, description: form.description });

    const row = await c.lastAudit();
    expect(row).toMatchObject({ action: 'content.banner.add', actionLabel: '新增轮播图', entity: 'banner', targetKey: String(added.data.id), before: null, staffRole: 'admin' });
    expect(row.after).toMatchObject({ id: added.data.id, img: form.img, title: form.title, visible: true });
    expect(row.after).not.toHaveProperty('imgUrl');
    expect(row.input).toMatchObject({ title: form.title, img: form.img });
  });

  it('edits the title, picture and link; the home page shows the edit at once; before and after in the log', async () => {
    const [first] = await banners();
    const [item] = await t.db.select({ rid: serviceItems.rid, name: serviceItems.name }).from(serviceItems).orderBy(asc(serviceItems.id)).limit(1);
    const title = uniqueTitle('新标题');
    const edited = await c.post<AdminBanner>('/api/admin/content/banner/edit', c.admin, { id: first!.id, img: seedPicture.banner, title, description: '', redirect: item!.rid, visible: '1' });
    expect(edited).toMatchObject({ code: 1, msg: '轮播图已保存', data: { id: first!.id, title, description: null, img: seedPicture.banner, redirect: item!.rid, redirectItem: { rid: item!.rid, name: item!.name }, sort: first!.sort } });

    const home = await c.site.home();
    expect(home.bannerArr[0]).toEqual({ img: seedPicture.banner, redirect: item!.rid, title, description: null });

    const row = await c.lastAudit();
    expect(row).toMatchObject({ action: 'content.banner.edit', entity: 'banner', targetKey: String(first!.id) });
    expect(row.before).toMatchObject({ title: first!.title, img: first!.img });
    expect(row.after).toMatchObject({ title, img: seedPicture.banner, description: null });
  });

  it('refuses a missing or foreign picture, a script link and an unknown item, with the field named; nothing is logged', async () => {
    const [first] = await banners();
    const count = await c.auditCount();
    const edit = (form: Record<string, string>) => c.post('/api/admin/content/banner/edit', c.admin, { id: first!.id, ...form });
    expect(await edit(bannerForm({ img: undefined }))).toMatchObject({ status: 400, code: 0, msg: '[图片]不能为空' });
    expect(await edit(bannerForm({ img: '/etc/passwd' }))).toMatchObject({ status: 400, msg: '[图片]不正确，请重新上传' });
    expect(await edit(bannerForm({ img: '/upload/img/../../secret.png' }))).toMatchObject({ status: 400, msg: '[图片]不正确，请重新上传' });
    expect(await edit(bannerForm({ redirect: 'javascript:alert(1)' }))).toMatchObject({ status: 400, msg: '[链接]应为 http(s) 网址或服务项目编号' });
    expect(await edit(bannerForm({ redirect: 'nosuchitem000000' }))).toMatchObject({ status: 400, msg: '[链接]服务项目“nosuchitem000000”不存在，请填写项目编号或 http(s) 网址' });
    expect(await edit(bannerForm({ title: 'x'.repeat(61) }))).toMatchObject({ status: 400, msg: '[标题]不能超过60个字符' });
    expect(await edit(bannerForm({ sort: -1 }))).toMatchObject({ status: 400, msg: '[排序]不能小于0' });
    expect(await edit(bannerForm({ visible: 'maybe' }))).toMatchObject({ status: 400, msg: '[显示]不正确' });
    expect(await c.post('/api/admin/content/banner/edit', c.admin, { id: 999_999, ...bannerForm() })).toMatchObject({ status: 404, msg: '轮播图不存在' });
    expect(await c.post('/api/admin/content/banner/add', c.sales, bannerForm())).toMatchObject({ status: 403 });
    expect(await c.auditCount()).toBe(count);
  });

  it('hides and shows a banner (JSON true/false too): the home page follows at once', async () => {
    const added = (await c.post<AdminBanner>('/api/admin/content/banner/add', c.admin, bannerForm())).data;
    const hidden = await c.postJson<AdminBanner>('/api/admin/content/banner/visible', c.admin, { id: added.id, visible: false });
    expect(hidden).toMatchObject({ code: 1, msg: '轮播图已隐藏', data: { visible: false } });
    expect((await c.site.home()).bannerArr.map((b) => b.title)).not.toContain(added.title);
    expect((await banners()).find((b) => b.id === added.id)?.visible).toBe(false);
    expect(await c.lastAudit()).toMatchObject({ action: 'content.banner.visible', targetKey: String(added.id), before: expect.objectContaining({ visible: true }), after: expect.objectContaining({ visible: false }) });

    expect((await c.post<AdminBanner>('/api/admin/content/banner/visible', c.admin, { id: added.id, visible: '1' })).msg).toBe('轮播图已显示');
    expect((await c.site.home()).bannerArr.map((b) => b.title)).toContain(added.title);
    expect(await c.post('/api/admin/content/banner/visible', c.admin, { id: added.id })).toMatchObject({ status: 400, msg: '[显示]不能为空' });
  });

  it('reorders the whole list: the home page shows the new order; a list changed meanwhile is refused', async () => {
    const current = await banners();
    const reversed = current.map((b) => b.id).reverse();
    const saved = await c.post<AdminBanner[]>('/api/admin/content/banner/reorder', c.admin, { ids: reversed.join(',') });
    expect(saved).toMatchObject({ code: 1, msg: '顺序已保存' });
    expect(saved.data.map((b) => b.id)).toEqual(reversed);
    const visibleTitles = current.filter((b) => b.visible).reverse().map((b) => b.title);
    expect((await c.site.home()).bannerArr.map((b) => b.title)).toEqual(visibleTitles);

    const row = await c.lastAudit();
    expect(row).toMatchObject({ action: 'content.banner.reorder', entity: 'banner', targetKey: 'order' });
    expect((row.before as { id: number }[]).map((b) => b.id)).toEqual(current.map((b) => b.id));
    expect((row.after as { id: number }[]).map((b) => b.id)).toEqual(reversed);

    const count = await c.auditCount();
    expect(await c.post('/api/admin/content/banner/reorder', c.admin, { ids: reversed.slice(1).join(',') })).toMatchObject({ status: 409, msg: '列表已被修改，请刷新后重新排序' });
    expect(await c.post('/api/admin/content/banner/reorder', c.admin, { ids: `${reversed[0]},${reversed[0]}` })).toMatchObject({ status: 400, msg: '[顺序]不能有重复项' });
    expect(await c.post('/api/admin/content/banner/reorder', c.admin, {})).toMatchObject({ status: 400, msg: '[顺序]不能为空' });
    expect(await c.auditCount()).toBe(count);
    // repeated form fields (how the web client sends a list) and a JSON array work as well
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/banner/reorder',
      headers: { token: c.admin.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: current.map((b) => `ids=${b.id}`).join('&'),
    });
    expect((repeated.json() as { data: AdminBanner[] }).data.map((b) => b.id)).toEqual(current.map((b) => b.id));
    const json = await c.postJson<AdminBanner[]>('/api/admin/content/banner/reorder', c.admin, { ids: reversed });
    expect(json.data.map((b) => b.id)).toEqual(reversed);
    await c.postJson('/api/admin/content/banner/reorder', c.admin, { ids: current.map((b) => b.id) });
  });

  it('deletes a banner: gone from the home page, the log keeps what it was; a second delete is 404', async () => {
    const added = (await c.post<AdminBanner>('/api/admin/content/banner/add', c.admin, bannerForm())).data;
    expect(await c.post('/api/admin/content/banner/delete', c.admin, { id: added.id })).toMatchObject({ code: 1, msg: '轮播图已删除' });
    expect((await c.site.home()).bannerArr.map((b) => b.title)).not.toContain(added.title);
    const row = await c.lastAudit();
    expect(row).toMatchObject({ action: 'content.banner.delete', targetKey: String(added.id), after: null });
    expect(row.before).toMatchObject({ title: added.title });
    const count = await c.auditCount();
    expect(await c.post('/api/admin/content/banner/delete', c.admin, { id: added.id })).toMatchObject({ status: 404, msg: '轮播图不存在' });
    expect(await c.post('/api/admin/content/banner/delete', c.admin, {})).toMatchObject({ status: 400, msg: '[编号]不能为空' });
    expect(await c.auditCount()).toBe(count);
  });

  it('uses an uploaded picture: the home page serves it from the stored path', async () => {
    const uploaded = await uploadPicture(t, c.admin, pngBytes);
    expect(uploaded).toMatchObject({ code: 1, data: { path: expect.stringMatching(/^\/upload\/img\/u\/.+\.png$/) } });
    const added = await c.post<AdminBanner>('/api/admin/content/banner/add', c.admin, bannerForm({ img: uploaded.data.path }));
    expect(added.data.img).toBe(uploaded.data.path);
    expect((await c.site.home()).bannerArr.at(-1)!.img).toBe(uploaded.data.path);
    const served = await t.app.inject({ method: 'GET', url: uploaded.data.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});

describe('热门专区 hot areas', () => {
  const areaForm = (overrides: Record<string, string | number | undefined> = {}) => ({
    name: uniqueTitle('光伏材料专区'),
    img: seedPicture.area,
    sketch: '钙钛矿、硅片与封装材料',
    title: '结构表征',
    typeId: 1,
    visible: '1',
    ...overrides,
  });
  const areas = async () => (await c.post<AdminHotArea[]>('/api/admin/content/hotArea/list', c.admin)).data;

  it('adds, edits, hides, reorders and deletes an area; the home page follows each step; each writes its audit row', async () => {
    const form = areaForm();
    const added = await c.post<AdminHotArea>('/api/admin/content/hotArea/add', c.admin, form);
    expect(added).toMatchObject({ code: 1, msg: '热门专区已添加', data: { name: form.name, title: '结构表征', typeId: 1, visible: true } });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.hotArea.add', entity: 'hotArea', targetKey: String(added.data.id), before: null, after: expect.objectContaining({ name: form.name }) });
    expect((await c.site.home()).prefectureNavBottomArr.at(-1)).toMatchObject({ id: added.data.id, name: form.name, sketch: form.sketch, title: '结构表征', typeId: 1, img: seedPicture.area });

    const edited = await c.post<AdminHotArea>('/api/admin/content/hotArea/edit', c.admin, areaForm({ id: added.data.id, name: form.name, title: '数据分析', typeId: 3, sketch: '' }));
    expect(edited.data).toMatchObject({ title: '数据分析', typeId: 3, sketch: '' });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.hotArea.edit', before: expect.objectContaining({ typeId: 1 }), after: expect.objectContaining({ typeId: 3 }) });
    expect((await c.site.home()).prefectureNavBottomArr.find((a) => a.id === added.data.id)).toMatchObject({ title: '数据分析', typeId: 3 });

    await c.post('/api/admin/content/hotArea/visible', c.admin, { id: added.data.id, visible: '0' });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.hotArea.visible', after: expect.objectContaining({ visible: false }) });
    expect((await c.site.home()).prefectureNavBottomArr.map((a) => a.id)).not.toContain(added.data.id);
    await c.post('/api/admin/content/hotArea/visible', c.admin, { id: added.data.id, visible: '1' });

    const ids = (await areas()).map((a) => a.id);
    const moved = [added.data.id, ...ids.filter((id) => id !== added.data.id)];
    expect((await c.post<AdminHotArea[]>('/api/admin/content/hotArea/reorder', c.admin, { ids: moved.join(',') })).data.map((a) => a.id)).toEqual(moved);
    expect(await c.lastAudit()).toMatchObject({ action: 'content.hotArea.reorder', targetKey: 'order' });
    expect((await c.site.home()).prefectureNavBottomArr[0]!.id).toBe(added.data.id);

    expect((await c.post('/api/admin/content/hotArea/delete', c.admin, { id: added.data.id })).msg).toBe('热门专区已删除');
    expect(await c.lastAudit()).toMatchObject({ action: 'content.hotArea.delete', after: null, before: expect.objectContaining({ name: form.name }) });
    expect((await c.site.home()).prefectureNavBottomArr.map((a) => a.id)).not.toContain(added.data.id);
  });

  it('refuses a bad service type, a missing name or category, a wrong role; nothing is logged', async () => {
    const count = await c.auditCount();
    expect(await c.post('/api/admin/content/hotArea/add', c.admin, areaForm({ typeId: 4 }))).toMatchObject({ status: 400, msg: '[服务类型]不正确' });
    expect(await c.post('/api/admin/content/hotArea/add', c.admin, areaForm({ typeId: undefined }))).toMatchObject({ status: 400, msg: '[服务类型]不能为空' });
    expect(await c.post('/api/admin/content/hotArea/add', c.admin, areaForm({ name: ' ' }))).toMatchObject({ status: 400, msg: '[名称]不能为空' });
    expect(await c.post('/api/admin/content/hotArea/add', c.admin, areaForm({ title: '' }))).toMatchObject({ status: 400, msg: '[跳转分类]不能为空' });
    expect(await c.post('/api/admin/content/hotArea/edit', c.admin, areaForm({ id: 999_999 }))).toMatchObject({ status: 404, msg: '热门专区不存在' });
    expect(await c.post('/api/admin/content/hotArea/delete', c.sales, { id: 1 })).toMatchObject({ status: 403 });
    expect(await c.auditCount()).toBe(count);
  });
});

describe('新闻·课程·案例 articles', () => {
  const list = (form: Record<string, string | number> = {}) => c.post<Page<AdminArticle>>('/api/admin/content/article/list', c.admin, form);

  it('pages, filters (kind, words, visibility) and sorts (published date, views) on the server', async () => {
    const all = await list({ pageSize: 5 });
    expect(all.data).toMatchObject({ total: 22, page: 1, pageSize: 5 });
    expect(all.data.list).toHaveLength(5);
    const dates = all.data.list.map((a) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const courses = await list({ kind: 'course', pageSize: 100 });
    expect(courses.data.total).toBe(6);
    expect(courses.data.list.every((a) => a.kind === 'course')).toBe(true);

    const found = await list({ keyword: 'XPS' });
    expect(found.data.list.length).toBeGreaterThan(0);
    expect(found.data.list.every((a) => `${a.title}${a.sketch}`.includes('XPS'))).toBe(true);
    expect((await list({ keyword: '100%_不存在' })).data.total).toBe(0);

    const byViews = (await list({ sort: 'views', order: 'ascend', pageSize: 100 })).data.list.map((a) => a.views);
    expect(byViews).toEqual([...byViews].sort((a, b) => a - b));
    const oldest = (await list({ sort: 'publishedAt', order: 'ascend', pageSize: 1 })).data.list[0]!;
    expect(oldest.published).toBe('2026-01-08');

    expect(await list({ sort: 'title' })).toMatchObject({ status: 400, msg: '[排序字段]不正确' });
    expect(await list({ kind: 'blog' })).toMatchObject({ status: 400, msg: '[类型]不正确' });
    expect(await list({ visible: '2' })).toMatchObject({ status: 400, msg: '[显示状态]不正确' });
  });

  it('publishes an article: cleaned of scripts and handlers, on the public detail and list at once; the audit names the new rid', async () => {
    const form = articleForm({ content: '<p>开放测试<script>alert(1)</script></p><img src="https://cdn.example.com/a.png" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>', published: '2026-12-01' });
    const added = await c.post<AdminArticleDetail>('/api/admin/content/article/add', c.admin, form);
    expect(added).toMatchObject({ code: 1, msg: '文章已发布', data: { kind: 'news', title: form.title, published: '2026-12-01', visible: true, author: '平台运营部', source: null } });
    for (const content of [added.data.content, (await c.site.article(added.data.rid)).data.content]) {
      expect(content).toContain('开放测试');
      expect(content).toContain('<img src="https://cdn.example.com/a.png" />');
      expect(content).not.toMatch(/script|onerror|javascript:/i);
    }
    const publicList = await call<Page<ArticleSummary>>(t.app, 'POST', '/api/open/web/news/list4index', { form: { kind: 'news' } });
    expect(publicList.data.list[0]).toMatchObject({ rid: added.data.rid, title: form.title, created: '2026-12-01' });

    const row = await c.lastAudit();
    expect(row).toMatchObject({ action: 'content.article.add', actionLabel: '发布文章', entity: 'article', targetKey: added.data.rid, before: null });
    expect(row.after).toMatchObject({ rid: added.data.rid, title: form.title, published: '2026-12-01' });
    expect(JSON.stringify(row.after)).not.toContain('<script');
  });

  it('a case shows on the home page among the ability cases at once', async () => {
    const form = articleForm({ kind: 'service', title: uniqueTitle('原位 XRD 案例'), source: 'https://doi.org/10.1000/case', published: '2026-12-31' });
    const added = await c.post<AdminArticleDetail>('/api/admin/content/article/add', c.admin, form);
    expect((await c.site.home()).serviceCaseArr[0]).toMatchObject({ rid: added.data.rid, title: form.title, source: 'https://doi.org/10.1000/case', created: '2026-12-31' });
    await c.post('/api/admin/content/article/visible', c.admin, { rid: added.data.rid, visible: '0' });
    expect((await c.site.home()).serviceCaseArr.map((a) => a.rid)).not.toContain(added.data.rid);
  });

  it('refuses text that is empty once cleaned, a bad link or date, a missing cover; nothing is logged', async () => {
    const count = await c.auditCount();
    const add = (form: Record<string, string | number | undefined>) => c.post('/api/admin/content/article/add', c.admin, articleForm(form));
    expect(await add({ content: '<script>alert(1)</script><p> </p>' })).toMatchObject({ status: 400, msg: '[正文]不能为空' });
    expect(await add({ content: '' })).toMatchObject({ status: 400, msg: '[正文]不能为空' });
    expect(await add({ source: 'ftp://example.com/x' })).toMatchObject({ status: 400, msg: '[原文链接]应以 http:// 或 https:// 开头' });
    expect(await add({ published: '2026-02-30' })).toMatchObject({ status: 400, msg: '[发布日期]格式应为YYYY-MM-DD' });
    expect(await add({ img: '' })).toMatchObject({ status: 400, msg: '[封面图]不能为空' });
    expect(await add({ kind: '' })).toMatchObject({ status: 400, msg: '[类型]不能为空' });
    expect(await add({ title: 'x'.repeat(101) })).toMatchObject({ status: 400, msg: '[标题]不能超过100个字符' });
    expect(await c.post('/api/admin/content/article/edit', c.admin, articleForm({ rid: 'nosuchrid0000000' }))).toMatchObject({ status: 404, msg: '文章不存在' });
    expect(await c.post('/api/admin/content/article/detail', c.admin, { rid: 'nosuchrid0000000' })).toMatchObject({ status: 404, msg: '文章不存在' });
    expect(await c.post('/api/admin/content/article/add', c.sales, articleForm())).toMatchObject({ status: 403 });
    expect(await c.auditCount()).toBe(count);
  });

  it('edits an article: the public detail shows the new text at once; the same day keeps its instant, another day moves it', async () => {
    const added = (await c.post<AdminArticleDetail>('/api/admin/content/article/add', c.admin, articleForm({ published: '2026-06-01' }))).data;
    const detail = await c.post<AdminArticleDetail>('/api/admin/content/article/detail', c.admin, { rid: added.rid });
    expect(detail.data).toMatchObject({ rid: added.rid, content: added.content, img: seedPicture.article, imgUrl: seedPicture.article });

    const title = uniqueTitle('改过的标题');
    const same = await c.post<AdminArticleDetail>('/api/admin/content/article/edit', c.admin, articleForm({ rid: added.rid, title, content: '<h2>小标题</h2><p>新的正文 <b>加粗</b></p>', published: '2026-06-01', source: 'https://example.com/original' }));
    expect(same).toMatchObject({ code: 1, msg: '文章已保存', data: { title, publishedAt: added.publishedAt, source: 'https://example.com/original' } });
    const shown = await c.site.article(added.rid);
    expect(shown.data).toMatchObject({ title, source: 'https://example.com/original' });
    expect(shown.data.content).toBe('<h2>小标题</h2><p>新的正文 <b>加粗</b></p>');

    const row = await c.lastAudit();
    expect(row).toMatchObject({ action: 'content.article.edit', targetKey: added.rid, before: expect.objectContaining({ title: added.title }), after: expect.objectContaining({ title }) });

    const moved = await c.post<AdminArticleDetail>('/api/admin/content/article/edit', c.admin, articleForm({ rid: added.rid, title, published: '2026-03-05' }));
    expect(moved.data).toMatchObject({ published: '2026-03-05', publishedAt: new Date('2026-03-05T12:00:00+08:00').toISOString() });
  });

  it('hides an article (the public detail answers 404) and deletes one (the log keeps what it was)', async () => {
    const added = (await c.post<AdminArticleDetail>('/api/admin/content/article/add', c.admin, articleForm())).data;
    const hidden = await c.post<AdminArticle>('/api/admin/content/article/visible', c.admin, { rid: added.rid, visible: '0' });
    expect(hidden).toMatchObject({ msg: '文章已隐藏', data: { visible: false } });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.article.visible', targetKey: added.rid, before: expect.objectContaining({ visible: true }), after: expect.objectContaining({ visible: false }) });
    expect(await c.site.article(added.rid)).toMatchObject({ status: 404, msg: '文章不存在' });
    expect((await list({ visible: '0', pageSize: 100 })).data.list.map((a) => a.rid)).toContain(added.rid);
    expect((await list({ visible: '1', pageSize: 100 })).data.list.map((a) => a.rid)).not.toContain(added.rid);

    expect(await c.post('/api/admin/content/article/delete', c.admin, { rid: added.rid })).toMatchObject({ code: 1, msg: '文章已删除', data: { rid: added.rid } });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.article.delete', targetKey: added.rid, after: null, before: expect.objectContaining({ title: added.title }) });
    expect(await c.post('/api/admin/content/article/detail', c.admin, { rid: added.rid })).toMatchObject({ status: 404 });
  });
});

describe('论文致谢 thanks', () => {
  const list = (form: Record<string, string | number> = {}) => c.post<Page<AdminThanks>>('/api/admin/content/thanks/list', c.admin, form);
  const publicThanks = async () => (await call<Page<ThanksEntry>>(t.app, 'POST', '/api/open/web/acknowledge/list4index', { form: { pageSize: 100 } })).data;
  const showcasePapers = async () => (await call<AbilityShowcase>(t.app, 'POST', '/api/open/ability/index')).data.figures.find((f) => f.label === '致谢论文')!.value;

  it('pages and searches every entry, newest first; adding one shows it first on the home page and the thanks list', async () => {
    const first = await list({ pageSize: 3 });
    expect(first.data).toMatchObject({ total: 11, pageSize: 3 });
    expect((await list({ keyword: 'Acta' })).data.list.map((e) => e.code)).toEqual(['Acta Materialia, 2026, 285: 120654']);
    const papers = await showcasePapers();

    const form = thanksForm();
    const added = await c.post<AdminThanks>('/api/admin/content/thanks/add', c.admin, form);
    expect(added).toMatchObject({ code: 1, msg: '论文致谢已添加', data: { company: form.company, code: form.code, published: '2026-11-20', visible: true } });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.thanks.add', entity: 'thanks', targetKey: String(added.data.id), before: null, after: expect.objectContaining({ code: form.code }) });
    expect((await c.site.home()).thanksArr[0]).toEqual({ company: form.company, title: form.title, code: form.code, content: form.content, sketch: form.sketch, source: form.source });
    expect((await publicThanks()).list[0]!.code).toBe(form.code);
    expect(await showcasePapers()).toBe(papers + 1);
  });

  it('hides an entry from the home page, the thanks list and the showcase count; edits and deletes with the log', async () => {
    const added = (await c.post<AdminThanks>('/api/admin/content/thanks/add', c.admin, thanksForm({ published: '2026-12-20' }))).data;
    const papers = await showcasePapers();
    await c.post('/api/admin/content/thanks/visible', c.admin, { id: added.id, visible: '0' });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.thanks.visible', targetKey: String(added.id), after: expect.objectContaining({ visible: false }) });
    expect((await c.site.home()).thanksArr.map((e) => e.code)).not.toContain(added.code);
    const shown = await publicThanks();
    expect(shown.list.map((e) => e.code)).not.toContain(added.code);
    expect(shown.total).toBe(shown.list.length);
    expect(await showcasePapers()).toBe(papers - 1);
    expect((await list({ visible: '0' })).data.list.map((e) => e.id)).toContain(added.id);

    const edited = await c.post<AdminThanks>('/api/admin/content/thanks/edit', c.admin, thanksForm({ id: added.id, code: added.code, company: '改过的单位', source: '', visible: '1' }));
    expect(edited.data).toMatchObject({ company: '改过的单位', source: null, visible: true, publishedAt: new Date('2026-11-20T12:00:00+08:00').toISOString() });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.thanks.edit', before: expect.objectContaining({ company: added.company, visible: false }), after: expect.objectContaining({ company: '改过的单位', visible: true }) });
    expect((await c.site.home()).thanksArr.find((e) => e.code === added.code)?.company).toBe('改过的单位');

    expect((await c.post('/api/admin/content/thanks/delete', c.admin, { id: added.id })).msg).toBe('论文致谢已删除');
    expect(await c.lastAudit()).toMatchObject({ action: 'content.thanks.delete', after: null, before: expect.objectContaining({ company: '改过的单位' }) });
    expect((await c.site.home()).thanksArr.map((e) => e.code)).not.toContain(added.code);
  });

  it('refuses missing fields and a bad link; nothing is logged', async () => {
    const count = await c.auditCount();
    expect(await c.post('/api/admin/content/thanks/add', c.admin, thanksForm({ company: '' }))).toMatchObject({ status: 400, msg: '[作者单位]不能为空' });
    expect(await c.post('/api/admin/content/thanks/add', c.admin, thanksForm({ code: undefined }))).toMatchObject({ status: 400, msg: '[期刊信息]不能为空' });
    expect(await c.post('/api/admin/content/thanks/add', c.admin, thanksForm({ source: 'doi:10.1/x' }))).toMatchObject({ status: 400, msg: '[原文链接]应以 http:// 或 https:// 开头' });
    expect(await c.post('/api/admin/content/thanks/edit', c.admin, thanksForm({ id: 999_999 }))).toMatchObject({ status: 404, msg: '致谢不存在' });
    expect(await c.post('/api/admin/content/thanks/visible', c.sales, { id: 1, visible: '0' })).toMatchObject({ status: 403 });
    expect(await c.auditCount()).toBe(count);
  });
});

describe('关于与静态页 pages', () => {
  it('lists the seven pages with their titles; reads one', async () => {
    const pages = await c.post<AdminPageSummary[]>('/api/admin/content/page/list', c.admin);
    expect(pages.data.map((p) => p.key)).toEqual(['profile', 'culture', 'recruit', 'contact', 'guide', 'license', 'policy']);
    expect(pages.data.every((p) => p.textLength > 0 && p.updatedAt !== null)).toBe(true);
    const guide = await c.post<AdminContentPage>('/api/admin/content/page/detail', c.admin, { key: 'guide' });
    expect(guide.data).toMatchObject({ key: 'guide', title: '下单指南' });
    expect(guide.data.content).toContain('<h2>下单流程</h2>');
    expect(await c.post('/api/admin/content/page/detail', c.admin, { key: 'secret' })).toMatchObject({ status: 400, msg: '[页面]不存在' });
  });

  it('saves title and cleaned text: the public page shows it at once; before and after in the log', async () => {
    const before = (await c.site.page('recruit')).data;
    const saved = await c.post<AdminContentPage>('/api/admin/content/page/save', c.admin, {
      key: 'recruit',
      title: '加入我们',
      content: '<h2>招聘岗位</h2><p onclick="steal()">XRD 工程师 2 名</p><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
    });
    expect(saved).toMatchObject({ code: 1, msg: '页面已保存', data: { key: 'recruit', title: '加入我们' } });
    const shown = await c.site.page('recruit');
    expect(shown.data.title).toBe('加入我们');
    expect(shown.data.content).toContain('<h2>招聘岗位</h2><p>XRD 工程师 2 名</p>');
    expect(shown.data.content).not.toMatch(/onclick|onerror|iframe|evil/);

    const row = await c.lastAudit();
    expect(row).toMatchObject({ action: 'content.page.save', entity: 'page', targetKey: 'recruit' });
    expect(row.before).toMatchObject({ title: before.title });
    expect(row.after).toMatchObject({ title: '加入我们' });

    const count = await c.auditCount();
    expect(await c.post('/api/admin/content/page/save', c.admin, { key: 'recruit', title: '加入我们', content: '<script>x</script>' })).toMatchObject({ status: 400, msg: '[正文]不能为空' });
    expect(await c.post('/api/admin/content/page/save', c.admin, { key: 'recruit', title: '', content: '<p>x</p>' })).toMatchObject({ status: 400, msg: '[标题]不能为空' });
    expect(await c.post('/api/admin/content/page/save', c.admin, { title: 'x', content: '<p>x</p>' })).toMatchObject({ status: 400, msg: '[页面]不能为空' });
    expect(await c.post('/api/admin/content/page/save', c.sales, { key: 'recruit', title: 'x', content: '<p>x</p>' })).toMatchObject({ status: 403 });
    expect(await c.auditCount()).toBe(count);
  });
});

describe('合作机构 partner logos', () => {
  const partnerList = async () => (await c.post<AdminPartner[]>('/api/admin/content/partner/list', c.admin)).data;

  it('adds, hides, edits, reorders and deletes a logo; the home page strip follows; each step is logged', async () => {
    const name = uniqueTitle('华南分析测试中心');
    const added = await c.post<AdminPartner>('/api/admin/content/partner/add', c.admin, { name, img: seedPicture.partner });
    expect(added).toMatchObject({ code: 1, msg: '合作机构已添加', data: { name, visible: true } });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.partner.add', entity: 'partnerLogo', targetKey: String(added.data.id), before: null });
    expect((await c.site.home()).partnerArr.at(-1)).toEqual({ name, img: seedPicture.partner });

    await c.post('/api/admin/content/partner/visible', c.admin, { id: added.data.id, visible: '0' });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.partner.visible', after: expect.objectContaining({ visible: false }) });
    expect((await c.site.home()).partnerArr.map((p) => p.name)).not.toContain(name);
    expect((await partnerList()).find((p) => p.id === added.data.id)?.visible).toBe(false);

    const renamed = `${name}（新）`;
    await c.post('/api/admin/content/partner/edit', c.admin, { id: added.data.id, name: renamed, img: seedPicture.partner, visible: '1' });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.partner.edit', before: expect.objectContaining({ name }), after: expect.objectContaining({ name: renamed, visible: true }) });

    const ids = (await partnerList()).map((p) => p.id);
    const first = [added.data.id, ...ids.filter((id) => id !== added.data.id)];
    await c.post('/api/admin/content/partner/reorder', c.admin, { ids: first.join(',') });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.partner.reorder', targetKey: 'order' });
    expect((await c.site.home()).partnerArr[0]!.name).toBe(renamed);

    await c.post('/api/admin/content/partner/delete', c.admin, { id: added.data.id });
    expect(await c.lastAudit()).toMatchObject({ action: 'content.partner.delete', after: null, before: expect.objectContaining({ name: renamed }) });
    expect((await c.site.home()).partnerArr.map((p) => p.name)).not.toContain(renamed);
  });

  it('refuses a logo without a name or picture; nothing is logged', async () => {
    const count = await c.auditCount();
    expect(await c.post('/api/admin/content/partner/add', c.admin, { img: seedPicture.partner })).toMatchObject({ status: 400, msg: '[机构名称]不能为空' });
    expect(await c.post('/api/admin/content/partner/add', c.admin, { name: '某研究所' })).toMatchObject({ status: 400, msg: '[标志]不能为空' });
    expect(await c.post('/api/admin/content/partner/delete', c.admin, { id: 999_999 })).toMatchObject({ status: 404, msg: '合作机构不存在' });
    expect(await c.post('/api/admin/content/partner/reorder', c.sales, { ids: '1' })).toMatchObject({ status: 403 });
    expect(await c.auditCount()).toBe(count);
  });
});

describe('站点设置 settings', () => {
  const sampling = (overrides: Record<string, string | undefined> = {}) => ({
    disabled_date: '2026-12-31,2026-12-25',
    invalid_disabled_date: '2026-12-27',
    disabled_week: '0,6',
    sampling_time1: '08:30',
    sampling_time2: '10:30',
    sampling_time3: '13:30',
    sampling_time4: '',
    disabled_time: '13:30',
    disabled_date_time: '2026-12-24 10:30',
    WxTip1: '上门取样仅限上海、苏州',
    ...overrides,
  });

  it('reads the settings as the site does', async () => {
    const mine = await c.post<SiteSettings>('/api/admin/content/settings', c.admin);
    expect(mine.data).toEqual(await c.site.settings());
    expect(mine.data.allowRegion).toEqual(['310000', '310100', '320500']);
  });

  it('saves the pickup regions as the JSON array the site reads, covered codes dropped; the log has before and after', async () => {
    const saved = await c.post<string[]>('/api/admin/content/settings/allowRegion', c.admin, { allowRegion: '320500,320505,440300' });
    expect(saved).toMatchObject({ code: 1, msg: '开放地区已保存', data: ['320500', '440300'] });
    expect((await c.site.settings()).allowRegion).toEqual(['320500', '440300']);
    const row = await c.lastAudit();
    expect(row).toMatchObject({ action: 'content.setting.allowRegion', entity: 'setting', targetKey: 'allowRegion' });
    expect(row.before).toEqual({ key: 'allowRegion', value: ['310000', '310100', '320500'] });
    expect(row.after).toEqual({ key: 'allowRegion', value: ['320500', '440300'] });

    expect((await c.post<string[]>('/api/admin/content/settings/allowRegion', c.admin, { allowRegion: '["310000"]' })).data).toEqual(['310000']);
    expect((await c.site.settings()).allowRegion).toEqual(['310000']);

    const count = await c.auditCount();
    expect(await c.post('/api/admin/content/settings/allowRegion', c.admin, { allowRegion: '999999' })).toMatchObject({ status: 400, msg: '[开放地区]包含未知的地区编码999999' });
    expect(await c.post('/api/admin/content/settings/allowRegion', c.admin, { allowRegion: '31000' })).toMatchObject({ status: 400, msg: '[开放地区]应为6位地区编码' });
    expect(await c.post('/api/admin/content/settings/allowRegion', c.admin, {})).toMatchObject({ status: 400, msg: '[开放地区]不能为空' });
    expect(await c.post('/api/admin/content/settings/allowRegion', c.sales, { allowRegion: '310000' })).toMatchObject({ status: 403 });
    expect(await c.auditCount()).toBe(count);

    // an explicit empty value closes home pickup everywhere
    expect((await c.post<string[]>('/api/admin/content/settings/allowRegion', c.admin, { allowRegion: '' })).data).toEqual([]);
    expect((await c.site.settings()).allowRegion).toEqual([]);
    await c.post('/api/admin/content/settings/allowRegion', c.admin, { allowRegion: '310000,320500' });
  });

  it('saves the pickup calendar: dates sorted, weekdays, slots, closed slot and pairs; the site reads it at once', async () => {
    const saved = await c.post<SamplingSetting>('/api/admin/content/settings/sampling', c.admin, sampling());
    const expected: SamplingSetting = {
      disabled_date: ['2026-12-25', '2026-12-31'],
      disabled_date_time: ['2026-12-24 10:30'],
      disabled_time: '13:30',
      disabled_week: [0, 6],
      invalid_disabled_date: ['2026-12-27'],
      sampling_time1: '08:30',
      sampling_time2: '10:30',
      sampling_time3: '13:30',
      sampling_time4: '',
      WxTip1: '上门取样仅限上海、苏州',
    };
    expect(saved).toMatchObject({ code: 1, msg: '上门取样设置已保存', data: expected });
    expect((await c.site.settings()).samplingSetting).toEqual(expected);
    const info = await call<{ samplingInfo: SamplingSetting }>(t.app, 'POST', '/api/open/setting/list4key', { form: { keys: 'samplingInfo' } });
    expect(info.data.samplingInfo).toEqual(expected);
    const row = await c.lastAudit();
    expect(row).toMatchObject({ action: 'content.setting.sampling', targetKey: 'samplingSetting', after: { key: 'samplingSetting', value: expected } });
    expect((row.before as { value: SamplingSetting }).value.sampling_time1).toBe('09:00');

    const json = await c.postJson<SamplingSetting>('/api/admin/content/settings/sampling', c.admin, { ...sampling(), disabled_date: ['2027-01-01'], disabled_week: [1], disabled_time: null });
    expect(json.data).toMatchObject({ disabled_date: ['2027-01-01'], disabled_week: [1], disabled_time: null });
  });

  it('refuses a bad date, time or slot order, every weekday, a pair outside the slots; nothing is logged', async () => {
    const count = await c.auditCount();
    const save = (overrides: Record<string, string | undefined>) => c.post('/api/admin/content/settings/sampling', c.admin, sampling(overrides));
    expect(await save({ disabled_date: '2026-13-01' })).toMatchObject({ status: 400, msg: '[停止取样日期]格式应为YYYY-MM-DD' });
    expect(await save({ invalid_disabled_date: '2026/12/27' })).toMatchObject({ status: 400, msg: '[例外开放日期]格式应为YYYY-MM-DD' });
    expect(await save({ sampling_time1: '9:00' })).toMatchObject({ status: 400, msg: '[取样时段一]格式应为HH:mm' });
    expect(await save({ sampling_time1: '' })).toMatchObject({ status: 400, msg: '[取样时段一]不能为空' });
    expect(await save({ sampling_time2: '08:00' })).toMatchObject({ status: 400, msg: '[取样时段]应按时间先后填写且不能重复' });
    expect(await save({ disabled_time: '12:00' })).toMatchObject({ status: 400, msg: '[每日停用时段]应为已设置的取样时段之一' });
    expect(await save({ disabled_week: '0,1,2,3,4,5,6' })).toMatchObject({ status: 400, msg: '[停止取样的星期]不能包含全部七天；如需暂停上门取样，请清空开放地区' });
    expect(await save({ disabled_week: '7' })).toMatchObject({ status: 400, msg: '[停止取样的星期]不正确' });
    expect(await save({ disabled_date_time: '2026-12-24 11:00' })).toMatchObject({ status: 400, msg: '[停用的日期时段]2026-12-24 11:00不是已设置的取样时段' });
    expect(await save({ disabled_date_time: '2026-12-24' })).toMatchObject({ status: 400, msg: '[停用的日期时段]格式应为“YYYY-MM-DD HH:mm”' });
    expect(await c.post('/api/admin/content/settings/sampling', c.sales, sampling())).toMatchObject({ status: 403 });
    expect(await c.auditCount()).toBe(count);
  });

  it('saves the contact data the site shows; a bad e-mail or a missing phone is refused', async () => {
    const form = { address: '上海市徐汇区桂平路 680 号 2 号楼', phone: '021-6485 0000', email: 'lab@example.cn', express: '样品接收组 收 上海市徐汇区桂平路 680 号' };
    const saved = await c.post<LocalInfo>('/api/admin/content/settings/localInfo', c.admin, form);
    expect(saved).toMatchObject({ code: 1, msg: '联系信息已保存', data: form });
    expect((await c.site.settings()).localInfo).toEqual(form);
    expect(await c.lastAudit()).toMatchObject({ action: 'content.setting.localInfo', targetKey: 'localInfo', before: { key: 'localInfo', value: expect.objectContaining({ phone: '400-820-6688' }) }, after: { key: 'localInfo', value: form } });

    const count = await c.auditCount();
    expect(await c.post('/api/admin/content/settings/localInfo', c.admin, { ...form, email: 'lab@' })).toMatchObject({ status: 400, msg: '[联系邮箱]格式不正确' });
    expect(await c.post('/api/admin/content/settings/localInfo', c.admin, { ...form, phone: '' })).toMatchObject({ status: 400, msg: '[联系电话]不能为空' });
    expect(await c.post('/api/admin/content/settings/localInfo', c.admin, { ...form, phone: 'call me' })).toMatchObject({ status: 400, msg: '[联系电话]格式不正确' });
    expect(await c.post('/api/admin/content/settings/localInfo', c.admin, { ...form, express: undefined })).toMatchObject({ status: 400, msg: '[寄样地址]不能为空' });
    expect(await c.auditCount()).toBe(count);
  });
});

describe('every content call', () => {
  it('is the admin’s: the other roles are refused each change and nothing is logged', async () => {
    const changes = t.app.routeTable.filter((route) => route.url.startsWith('/api/admin/content/') && route.config.audit);
    expect(changes.length).toBe(31);
    const count = await c.auditCount();
    for (const route of changes) {
      const refused = await c.post(route.url, c.sales, { id: 1, rid: 'x', key: 'profile' });
      expect(refused, route.url).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
    }
    expect(await c.auditCount()).toBe(count);
    expect(changes.every((route) => Array.isArray(route.config.roles) && route.config.roles.length === 1 && route.config.roles[0] === 'admin')).toBe(true);
  });

  it('changes the home data\'s version: a browser holding the old copy gets the new one, not a 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/open/web/index' });
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ method: 'GET', url: '/api/open/web/index', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const [banner] = await banners();
    const title = uniqueTitle('版本');
    await c.post('/api/admin/content/banner/edit', c.admin, { id: banner!.id, img: banner!.img, title, visible: '1' });
    const after = await t.app.inject({ method: 'GET', url: '/api/open/web/index', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as { data: { bannerArr: { title: string }[] } }).data.bannerArr.map((b) => b.title)).toContain(title);
  });
});
