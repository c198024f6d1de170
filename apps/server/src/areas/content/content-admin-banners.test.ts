import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import type { AdminBanner, AdminHotArea } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { serviceItems } from '../catalog/catalog.tables';
import { bannerForm, contentContext, pngBytes, seedPicture, uniqueTitle, uploadPicture, type ContentContext } from './content-admin.test-helpers';

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
