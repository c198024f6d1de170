import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBanner, AdminContentPage, AdminPageSummary, AdminPartner, LocalInfo, SamplingSetting, SiteSettings } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { contentContext, seedPicture, uniqueTitle, type ContentContext } from './content-admin.test-helpers';

let t: TestContext;
let c: ContentContext;

beforeAll(async () => {
  t = await createTestContext();
  c = await contentContext(t);
});
afterAll(() => t?.close());

const banners = async () => (await c.post<AdminBanner[]>('/api/admin/content/banner/list', c.admin)).data;

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
    expect(changes.length).toBe(32);
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
