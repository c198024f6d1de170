import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeDataKeys, type DeviceDetail, type DeviceSummary, type HomeData, type Page, type TypeGroup } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { seedCatalog } from './catalog.seed';
import { buildSearchTokens, createServiceItems, setItemPublished, type ServiceItemInput } from './catalog.service';
import { serviceItems } from './catalog.tables';
import { seedItems } from './seed-items';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  expect(await seedCatalog(t.db)).toBe(true);
});
afterAll(() => t.close());

const search = (query: Record<string, string>) => call<Page<DeviceSummary>>(t.app, 'GET', '/api/open/web/device/search', { query });

function itemInput(overrides: Partial<ServiceItemInput>): ServiceItemInput {
  return {
    typeId: 1,
    groupId: 33,
    childId: 3304,
    name: '测试项目',
    img: '/upload/img/devices/ea.svg',
    sketch: '',
    description: '<p>说明</p>',
    model: null,
    priceFen: 10_000,
    unit: '样品',
    sampleRequirements: '不少于 10 mg',
    turnaround: '3–5 个工作日',
    labLocation: '上海',
    ...overrides,
  };
}

describe('the seed', () => {
  it('is idempotent and has a lab-sized catalogue', async () => {
    expect(await seedCatalog(t.db)).toBe(false);
    const [row] = await t.db.select({ n: count() }).from(serviceItems);
    expect(row!.n).toBe(seedItems.length);
    expect(seedItems.length).toBeGreaterThanOrEqual(60);
    expect(new Set(seedItems.map((i) => i.groupId)).size).toBeGreaterThanOrEqual(8);
  });
});

describe('GET /api/open/web/index', () => {
  it('answers exactly the home-data shape of the spec', async () => {
    const res = await call<HomeData>(t.app, 'GET', '/api/open/web/index');
    expect(res).toMatchObject({ status: 200, code: 1 });
    const data = res.data;
    expect(Object.keys(data)).toEqual([...homeDataKeys]);
    expect(data.bannerArr.length).toBeGreaterThan(0);
    for (const banner of data.bannerArr) expect(Object.keys(banner).sort()).toEqual(['description', 'img', 'redirect', 'title']);
    expect(data.typeArr[0]).toMatchObject({ id: 31, name: '结构表征', typeId: 1 });
    for (const group of data.typeArr) {
      expect(Object.keys(group).sort()).toEqual(['description', 'id', 'img', 'name', 'typeChildArr', 'typeId']);
      for (const child of group.typeChildArr) expect(Object.keys(child).sort()).toEqual(['id', 'name']);
    }
    for (const area of data.prefectureNavBottomArr) expect(Object.keys(area).sort()).toEqual(['id', 'img', 'name', 'sketch', 'title', 'typeId']);
    expect(data.hotItems.length).toBe(8);
    for (const item of data.hotItems) expect(Object.keys(item).sort()).toEqual(['img', 'name', 'order', 'rid', 'sketch']);
    expect(data.hotItems.map((i) => i.order)).toEqual([...data.hotItems.map((i) => i.order)].sort((a, b) => b - a));
    expect(data.serviceCaseArr).toHaveLength(6);
    for (const c of data.serviceCaseArr) {
      expect(Object.keys(c).sort()).toEqual(['created', 'img', 'rid', 'sketch', 'source', 'title']);
      expect(c.created).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(data.thanksArr).toHaveLength(5);
    for (const row of data.thanksArr) expect(Object.keys(row).sort()).toEqual(['code', 'company', 'content', 'sketch', 'source', 'title']);
    expect(data.partnerArr).toHaveLength(4);
    const images = [...data.bannerArr, ...data.typeArr, ...data.hotItems, ...data.partnerArr].map((x) => x.img);
    for (const img of images) expect(img).toMatch(/^\/upload\/img\/.+\.svg$/);
  });

  it('links a banner to an item by its rid', async () => {
    const home = await call<HomeData>(t.app, 'GET', '/api/open/web/index');
    const rid = home.data.bannerArr.map((b) => b.redirect).find((r) => r && !r.startsWith('http'));
    expect(rid).toBeTruthy();
    const detail = await call<DeviceDetail>(t.app, 'GET', '/api/open/web/device/detail', { query: { rid: rid! } });
    expect(detail).toMatchObject({ status: 200, data: { rid } });
  });

  it('answers 304 to a client holding the current version', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/open/web/index' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"home-\d+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/open/web/index', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('serves the images it links, with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/upload/img/devices/xrd.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(String(res.headers['cache-control'])).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/upload/img/nothing.svg' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/open/web/type/group', () => {
  it('lists every group with its sub-types, group 31 first', async () => {
    const res = await call<TypeGroup[]>(t.app, 'GET', '/api/open/web/type/group');
    expect(res.status).toBe(200);
    expect(res.data[0]!.id).toBe(31);
    expect(new Set(res.data.map((g) => g.typeId))).toEqual(new Set([1, 2, 3]));
    expect(res.data.find((g) => g.id === 31)!.description.split('|')).toContain('XRD');
  });

  it('filters by service type', async () => {
    const res = await call<TypeGroup[]>(t.app, 'GET', '/api/open/web/type/group', { query: { typeId: '3' } });
    expect(res.data.length).toBeGreaterThan(0);
    expect(res.data.every((g) => g.typeId === 3)).toBe(true);
  });

  it('refuses an unknown or non-numeric type', async () => {
    expect(await call(t.app, 'GET', '/api/open/web/type/group', { query: { typeId: '4' } })).toMatchObject({ status: 400, code: 0, msg: '[服务类型]不正确' });
    expect(await call(t.app, 'GET', '/api/open/web/type/group', { query: { typeId: 'abc' } })).toMatchObject({ status: 400, msg: '[服务类型]必须是数字' });
  });
});

describe('GET /api/open/web/device/search', () => {
  it('pages through the whole catalogue without a keyword', async () => {
    const first = await search({ pageSize: '10' });
    expect(first).toMatchObject({ status: 200, data: { total: seedItems.length, page: 1, pageSize: 10 } });
    expect(first.data.list).toHaveLength(10);
    const second = await search({ pageSize: '10', page: '2' });
    expect(second.data.list.map((i) => i.rid)).not.toContain(first.data.list[0]!.rid);
    const past = await search({ pageSize: '10', page: '99' });
    expect(past.data).toMatchObject({ list: [], total: seedItems.length, page: 99 });
  });

  it('finds Chinese text in names, models, keywords and sketches', async () => {
    const byName = await search({ keyword: '衍射' });
    expect(byName.data.list[0]!.name).toBe('XRD 粉末衍射（物相分析）');
    const byModel = await search({ keyword: 'SU8010' });
    expect(byModel.data.list.length).toBeGreaterThan(0);
    expect(byModel.data.list.every((i) => i.model?.includes('SU8010'))).toBe(true);
    const byKeyword = await search({ keyword: '石墨烯' });
    expect(byKeyword.data.list[0]!.name).toContain('拉曼');
    const bySketch = await search({ keyword: '氧空位' });
    expect(bySketch.data.list.map((i) => i.name)).toContain('电子顺磁共振 EPR');
    const lower = await search({ keyword: 'xps' });
    const upper = await search({ keyword: 'XPS' });
    expect(lower.data.total).toBe(upper.data.total);
    expect(lower.data.total).toBeGreaterThan(1);
  });

  it('ranks a name match above a model, keyword or sketch match', async () => {
    const [inSketch, inKeywords, inModel, inName] = await createServiceItems(t.db, [
      itemInput({ name: '介电常数测试', sketch: '适合钛酸钡陶瓷', orderCount: 9000 }),
      itemInput({ name: '铁电测试', keywords: ['钛酸钡'], orderCount: 8000 }),
      itemInput({ name: '阻抗分析', model: '钛酸钡专用夹具', orderCount: 7000 }),
      itemInput({ name: '钛酸钡压电系数 d33', orderCount: 1 }),
    ]);
    const res = await search({ keyword: '钛酸钡' });
    expect(res.data.list.map((i) => i.rid)).toEqual([inName, inModel, inKeywords, inSketch]);
  });

  it('finds one- and two-character terms through the token index; characters the dictionary does not join stay one term', async () => {
    expect((await search({ keyword: '钛' })).data.total).toBe(4);
    expect((await search({ keyword: '酸钡' })).data.total).toBe(4);
    expect((await search({ keyword: '钡酸' })).data.total).toBe(0);
    expect(buildSearchTokens('xrd | 粉末衍射')).toEqual(['x', 'xr', 'r', 'rd', 'd', '|', '粉', '粉末', '末', '末衍', '衍', '衍射', '射']);
  });

  it('needs every word of a multi-word keyword', async () => {
    const res = await search({ keyword: 'SEM 截面' });
    expect(res.data.list.map((i) => i.name)).toEqual(['截面 SEM（离子束抛光）']);
  });

  it('treats % and _ as plain text', async () => {
    const percent = await search({ keyword: '%', pageSize: '100' });
    expect(percent.data.total).toBeLessThan(5);
    expect(percent.data.list.every((i) => `${i.name}${i.sketch}${i.model}`.includes('%'))).toBe(true);
    // punctuation alone asks for nothing (and is no LIKE wildcard)
    expect((await search({ keyword: '%_%' })).data.total).toBe(0);
    expect((await search({ keyword: '100' })).data.total).toBeGreaterThan(0);
  });

  it('filters by service type, group and sub-type', async () => {
    const onSite = await search({ typeId: '2', pageSize: '100' });
    expect(onSite.data.total).toBeGreaterThan(0);
    expect(onSite.data.list.every((i) => i.typeId === 2 && i.reservable && i.unit === '小时')).toBe(true);
    const child = await search({ childId: '3201', pageSize: '100' });
    expect(child.data.list.every((i) => i.childId === 3201 && i.childName === '扫描电镜 SEM')).toBe(true);
    const group = await search({ groupId: '52' });
    expect(group.data.list.every((i) => i.groupName === '模拟计算')).toBe(true);
  });

  it('sorts by price and by orders', async () => {
    const asc = (await search({ sort: 'priceAsc', pageSize: '100' })).data.list.map((i) => i.priceFen);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await search({ sort: 'priceDesc', pageSize: '100' })).data.list.map((i) => i.priceFen);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const hot = (await search({ sort: 'hot', pageSize: '100' })).data.list.map((i) => i.order);
    expect(hot).toEqual([...hot].sort((a, b) => b - a));
  });

  it('refuses bad paging and bad filters with 400', async () => {
    expect(await search({ page: '0' })).toMatchObject({ status: 400, code: 0, msg: '[页码]不能小于1' });
    expect(await search({ page: 'abc' })).toMatchObject({ status: 400, msg: '[页码]必须是数字' });
    expect(await search({ page: '1.5' })).toMatchObject({ status: 400, msg: '[页码]必须是整数' });
    expect(await search({ pageSize: '1000' })).toMatchObject({ status: 400, msg: '[每页条数]不能超过100' });
    expect(await search({ pageSize: '0' })).toMatchObject({ status: 400, msg: '[每页条数]不能小于1' });
    expect(await search({ sort: 'random' })).toMatchObject({ status: 400, msg: '[排序]不正确' });
    expect(await search({ childId: '-1' })).toMatchObject({ status: 400, msg: '[子分类]不正确' });
    expect(await search({ keyword: '衍'.repeat(501) })).toMatchObject({ status: 400, msg: '[关键词]不能超过500个字符' });
  });
});

describe('GET /api/open/web/device/detail', () => {
  it('answers the item with options, requirements, FAQ, examples and related items', async () => {
    const [hit] = (await search({ keyword: 'XRD 粉末衍射' })).data.list;
    const res = await call<DeviceDetail>(t.app, 'GET', '/api/open/web/device/detail', { query: { rid: hit!.rid } });
    expect(res).toMatchObject({ status: 200, code: 1 });
    const d = res.data;
    expect(d).toMatchObject({ name: 'XRD 粉末衍射（物相分析）', model: 'Bruker D8 Advance', priceFen: 6000, unit: '样品', groupId: 31, childId: 3101 });
    expect(d.sampleRequirements).toContain('0.2 g');
    expect(d.options[0]!.choices.map((c) => c.priceFen)).toEqual([0, 4000]);
    expect(d.options[1]!.choices[1]).toMatchObject({ priceFen: 30000 });
    expect(d.faq.length).toBeGreaterThan(0);
    expect(d.examples[0]!.img).toBe('/upload/img/results/xrd.svg');
    expect(d.related.length).toBeGreaterThan(0);
    expect(d.related.length).toBeLessThanOrEqual(4);
    expect(d.related.map((r) => r.rid)).not.toContain(d.rid);
    expect(d.description).toContain('<h3>项目简介</h3>');
  });

  it('answers 404 with a message for an unknown or unpublished rid', async () => {
    expect(await call(t.app, 'GET', '/api/open/web/device/detail', { query: { rid: 'nosuchrid0000000' } })).toMatchObject({ status: 404, code: 0, msg: '项目不存在或已下架' });
    const [rid] = await createServiceItems(t.db, [itemInput({ name: '即将下架的项目' })]);
    await setItemPublished(t.db, rid!, false);
    expect(await call(t.app, 'GET', '/api/open/web/device/detail', { query: { rid: rid! } })).toMatchObject({ status: 404, msg: '项目不存在或已下架' });
    expect((await search({ keyword: '即将下架' })).data.total).toBe(0);
  });

  it('refuses a missing rid with 400', async () => {
    expect(await call(t.app, 'GET', '/api/open/web/device/detail')).toMatchObject({ status: 400, msg: '[项目编号]不能为空' });
  });

  it('sanitises the rich description on write', async () => {
    const [rid] = await createServiceItems(t.db, [
      itemInput({ name: '富文本测试', description: '<p onclick="x()">正文<script>alert(1)</script><img src="javascript:alert(1)"><a href="https://example.com">链接</a></p>' }),
    ]);
    const [row] = await t.db.select({ description: serviceItems.description }).from(serviceItems).where(eq(serviceItems.rid, rid!));
    expect(row!.description).not.toMatch(/script|onclick|javascript/);
    expect(row!.description).toContain('正文');
    expect(row!.description).toContain('rel="noopener noreferrer"');
  });
});
