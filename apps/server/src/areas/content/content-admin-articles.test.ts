import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbilityShowcase, AdminArticle, AdminArticleDetail, AdminThanks, ArticleSummary, Page, ThanksEntry } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { articleForm, contentContext, seedPicture, thanksForm, uniqueTitle, type ContentContext } from './content-admin.test-helpers';

let t: TestContext;
let c: ContentContext;

beforeAll(async () => {
  t = await createTestContext();
  c = await contentContext(t);
});
afterAll(() => t?.close());

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
