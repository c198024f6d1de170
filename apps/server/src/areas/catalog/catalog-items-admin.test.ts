import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminServiceItem, DeviceDetail, DeviceSummary, HomeData, Page } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { priceLine } from '../orders/pricing';
import { serviceItems } from './catalog.tables';
import { addChild, addGroup, addItem, auditCount, get, itemBody, lastAudit, post, uniqueName } from './catalog-admin.test-helpers';

let t: TestContext;
let admin: string;
let sales: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = (await makeStaff(t.db, 'admin', t.clock.now())).token;
  sales = (await makeStaff(t.db, 'sales', t.clock.now())).token;
});
afterAll(() => t?.close());

const publicDetail = (rid: string) => get<DeviceDetail>(t, '/api/open/web/device/detail', { rid });
const publicSearch = async (query: Record<string, string>) => (await get<Page<DeviceSummary>>(t, '/api/open/web/device/search', query)).data;
const home = async () => (await get<HomeData>(t, '/api/open/web/index')).data;
const detail = async (rid: string) => (await post<AdminServiceItem>(t, '/api/admin/catalog/item/detail', admin, { rid })).data;

/** A refused call answers its message and writes no audit row. */
async function refused(url: string, body: Record<string, unknown>, expected: { status: number; msg: string }, token = admin) {
  const before = await auditCount(t);
  const result = await post(t, url, token, body);
  expect({ status: result.status, code: result.code, msg: result.msg }).toEqual({ ...expected, code: 0 });
  expect(await auditCount(t)).toBe(before);
}

/** The item as the pricing of plans and orders reads it. */
async function priced(rid: string) {
  const [row] = await t.db.select({ priceFen: serviceItems.priceFen, options: serviceItems.options }).from(serviceItems).where(eq(serviceItems.rid, rid));
  return row!;
}

describe('service items (服务项目)', () => {
  it('adds an item with every field: the public detail shows it as saved, the rich text cleaned, options numbered', async () => {
    const group = await addGroup(t, admin, { typeId: '1' });
    const child = await addChild(t, admin, group.id);
    const name = uniqueName('XRD 粉末衍射（物相分析）');
    const added = await post<{ rid: string }>(t, '/api/admin/catalog/item/add', admin, itemBody(group.id, { name, childId: child.id, keywords: '物相, 衍射、晶体结构' }));
    expect(added).toMatchObject({ status: 200, code: 1, msg: '服务项目已添加并上架' });
    const rid = added.data.rid;

    const shown = await publicDetail(rid);
    expect(shown.code).toBe(1);
    expect(shown.data).toMatchObject({
      rid,
      name,
      typeId: 1,
      groupId: group.id,
      groupName: group.name,
      childId: child.id,
      childName: child.name,
      model: 'Bruker D8 Advance',
      priceFen: 6050,
      unit: '样品',
      sampleRequirements: '粉末样品不少于 0.2 g',
      turnaround: '3–5 个工作日',
      labLocation: '上海·徐汇 3 号楼 X 射线室',
      keywords: ['物相', '衍射', '晶体结构'],
      faq: [{ question: '可以测液体吗？', answer: '请先干燥成粉末。' }],
      examples: [{ img: '/upload/img/u/result.png', caption: '典型 XRD 图谱' }],
      options: [
        { id: 1, name: '扫描速度', choices: [{ id: 1, label: '常规 10°/min', priceFen: 0 }, { id: 2, label: '慢扫 2°/min', priceFen: 4000 }] },
        { id: 2, name: '测试温度', choices: [{ id: 1, label: '室温', priceFen: 0 }, { id: 2, label: '变温 5 个温度点', priceFen: 30050 }] },
      ],
    });
    expect(shown.data.description).toBe('<p>采用 <b>Bruker D8</b> 粉末衍射仪</p><img />');

    // the search tokens follow the new keywords at once
    expect((await publicSearch({ keyword: '晶体结构' })).list.map((i) => i.rid)).toContain(rid);

    const row = await lastAudit(t);
    expect(row).toMatchObject({ action: 'catalog.item.add', actionLabel: '新增服务项目', entity: 'serviceItem', targetKey: rid, before: null });
    expect(row!.after).toMatchObject({ rid, name, priceFen: 6050, published: true, hot: false, childId: child.id });
    expect(row!.after).not.toHaveProperty('searchTokens');

    const edit = await detail(rid);
    expect(edit).toMatchObject({ rid, img: '/upload/img/u/xrd.png', imgUrl: '/upload/img/u/xrd.png', published: true, orderCount: 0, sort: 5, examples: [{ img: '/upload/img/u/result.png', imgUrl: '/upload/img/u/result.png', caption: '典型 XRD 图谱' }] });
    expect(edit.updatedAt).toBe(t.clock.now().toISOString());
  });

  it('refuses bad input with the field messages and writes no audit row', async () => {
    const group = await addGroup(t, admin);
    const otherGroup = await addGroup(t, admin);
    const foreignChild = await addChild(t, admin, otherGroup.id);
    const url = '/api/admin/catalog/item/add';
    const bad = (overrides: Record<string, unknown>) => itemBody(group.id, overrides);
    await refused(url, bad({ groupId: '' }), { status: 400, msg: '[所属分类]不能为空' });
    await refused(url, bad({ name: '' }), { status: 400, msg: '[项目名称]不能为空' });
    await refused(url, bad({ img: '' }), { status: 400, msg: '[项目图片]不能为空' });
    await refused(url, bad({ price: '' }), { status: 400, msg: '[价格]不能为空' });
    await refused(url, bad({ price: '0' }), { status: 400, msg: '[价格]必须大于0' });
    await refused(url, bad({ price: '12.345' }), { status: 400, msg: '[价格]最多保留两位小数' });
    await refused(url, bad({ price: '六十' }), { status: 400, msg: '[价格]格式不正确' });
    await refused(url, bad({ price: '1000000.01' }), { status: 400, msg: '[价格]不能超过1,000,000元' });
    await refused(url, bad({ unit: '' }), { status: 400, msg: '[计价单位]不能为空' });
    await refused(url, bad({ options: '{not json' }), { status: 400, msg: '[测试选项]格式不正确' });
    await refused(url, bad({ options: JSON.stringify([{ name: '', choices: [{ label: 'a' }] }]) }), { status: 400, msg: '[选项名称]不能为空' });
    await refused(url, bad({ options: JSON.stringify([{ name: '模式', choices: [] }]) }), { status: 400, msg: '每个选项至少需要一个选项值' });
    await refused(url, bad({ options: JSON.stringify([{ name: '模式', choices: [{ label: '' }] }]) }), { status: 400, msg: '[选项值]不能为空' });
    await refused(url, bad({ options: JSON.stringify([{ name: '模式', choices: [{ label: 'a', price: '-5' }] }]) }), { status: 400, msg: '[加价]不能为负数' });
    await refused(url, bad({ options: JSON.stringify([{ name: '模式', choices: [{ label: 'a', price: '1.001' }] }]) }), { status: 400, msg: '[加价]最多保留两位小数' });
    await refused(url, bad({ options: JSON.stringify([{ name: '模式', choices: [{ label: 'a' }, { label: 'a' }] }]) }), { status: 400, msg: '选项「模式」的选项值「a」重复' });
    await refused(url, bad({ options: JSON.stringify([{ name: '模式', choices: [{ label: 'a' }] }, { name: '模式', choices: [{ label: 'b' }] }]) }), { status: 400, msg: '选项「模式」重复' });
    await refused(url, bad({ faq: JSON.stringify([{ question: '多久出结果？', answer: '' }]) }), { status: 400, msg: '[解答]不能为空' });
    await refused(url, bad({ examples: JSON.stringify([{ img: 'c:/a.png', caption: '' }]) }), { status: 400, msg: '[示例图片]请上传图片' });
    await refused(url, bad({ keywords: 'x'.repeat(21) }), { status: 400, msg: '[搜索关键词]每个不能超过20个字符' });
    await refused(url, bad({ sort: '10000' }), { status: 400, msg: '[排序]应为0–9999的整数' });
    await refused(url, bad({ groupId: 999_999 }), { status: 400, msg: '[所属分类]不存在' });
    await refused(url, bad({ childId: 999_999 }), { status: 400, msg: '[子类]不存在' });
    await refused(url, bad({ childId: foreignChild.id }), { status: 400, msg: '[子类]不属于所选分类' });
  });

  it('edits every field: the public detail, search and group listing show the change at once; the order count stays', async () => {
    const group = await addGroup(t, admin, { typeId: '1' });
    const target = await addGroup(t, admin, { typeId: '3' });
    const rid = await addItem(t, admin, group.id, { keywords: '旧关键词' });
    await t.db.update(serviceItems).set({ orderCount: 321 }).where(eq(serviceItems.rid, rid));
    const before = await detail(rid);
    t.clock.advance(60_000);

    const name = uniqueName('XPS 光电子能谱');
    const saved = await post<AdminServiceItem>(t, '/api/admin/catalog/item/update', admin, {
      rid,
      ...itemBody(target.id, {
        name,
        model: '',
        price: '1,280',
        unit: '元素',
        sketch: '价态分析',
        description: '<h2>测试内容</h2><p onclick="x()">全谱 + 精细谱</p>',
        keywords: JSON.stringify(['价态', 'xps']),
        faq: '',
        examples: '[]',
        options: '[]',
        reservable: '1',
        sort: '1',
      }),
    });
    expect(saved).toMatchObject({ code: 1, msg: '服务项目已保存', data: { rid, name, typeId: 3, groupId: target.id, model: null, priceFen: 128000, unit: '元素', orderCount: 321, reservable: true, options: [], faq: [], examples: [] } });
    expect(saved.data.updatedAt).toBe(t.clock.now().toISOString());

    const shown = (await publicDetail(rid)).data;
    expect(shown).toMatchObject({ name, typeId: 3, groupName: target.name, priceFen: 128000, unit: '元素', order: 321, reservable: true, keywords: ['价态', 'xps'] });
    expect(shown.description).toBe('<h2>测试内容</h2><p>全谱 + 精细谱</p>');
    expect((await publicSearch({ keyword: '价态' })).list.map((i) => i.rid)).toContain(rid);
    expect((await publicSearch({ keyword: '旧关键词' })).list.map((i) => i.rid)).not.toContain(rid);
    expect((await publicSearch({ groupId: String(group.id) })).total).toBe(0);

    const row = await lastAudit(t);
    expect(row).toMatchObject({ action: 'catalog.item.update', actionLabel: '修改服务项目', targetKey: rid });
    expect(row!.before).toMatchObject({ name: before.name, priceFen: 6050, groupId: group.id, typeId: 1, keywords: ['旧关键词'] });
    expect(row!.after).toMatchObject({ name, priceFen: 128000, groupId: target.id, typeId: 3, keywords: ['价态', 'xps'] });

    await refused('/api/admin/catalog/item/update', { rid: 'no-such-item', ...itemBody(group.id) }, { status: 404, msg: '服务项目不存在' });
    await refused('/api/admin/catalog/item/update', { ...itemBody(group.id) }, { status: 400, msg: '[项目编号]不能为空' });
    await refused('/api/admin/catalog/item/update', { rid, ...itemBody(group.id, { price: '-3' }) }, { status: 400, msg: '[价格]必须大于0' });
  });

  it('keeps the ids of options it had, so a saved choice still prices; a removed option id is never reused', async () => {
    const group = await addGroup(t, admin);
    const rid = await addItem(t, admin, group.id);
    const first = await detail(rid);
    const [speed, temperature] = first.options;
    // a member chose 慢扫 and 变温: 60.50 + 40 + 300.50
    const chosen = { [String(speed!.id)]: speed!.choices[1]!.id, [String(temperature!.id)]: temperature!.choices[1]!.id };
    expect(priceLine(await priced(rid), chosen, 2)).toMatchObject({ unitPriceFen: 40_100, amountFen: 80_200 });

    // 测试温度 removed, 慢扫 dearer, a new choice and a new option added
    t.clock.advance(1000);
    const edited = [
      { id: speed!.id, name: '扫描速度', choices: [{ id: speed!.choices[0]!.id, label: '常规 10°/min', price: '' }, { id: speed!.choices[1]!.id, label: '慢扫 2°/min', price: '50' }, { label: '超慢扫', price: '90' }] },
      { name: '气氛', choices: [{ label: '空气' }, { label: 'N2', price: '20' }] },
    ];
    const saved = (await post<AdminServiceItem>(t, '/api/admin/catalog/item/update', admin, { rid, ...itemBody(group.id, { options: JSON.stringify(edited) }) })).data;
    const [keptSpeed, atmosphere] = saved.options;
    expect(keptSpeed!.id).toBe(speed!.id);
    expect(keptSpeed!.choices.slice(0, 2).map((c) => c.id)).toEqual(speed!.choices.map((c) => c.id));
    const newIds = [atmosphere!.id, keptSpeed!.choices[2]!.id];
    for (const id of newIds) expect(first.options.flatMap((o) => [o.id, ...o.choices.map((c) => c.id)])).not.toContain(id);
    expect(atmosphere!.id).not.toBe(temperature!.id);

    // the old choice of 测试温度 is no longer valid: the member must choose again instead of being priced silently
    expect(() => priceLine({ priceFen: 6050, options: saved.options }, chosen, 1)).toThrow('所选测试选项已失效，请重新选择');
    const fresh = { [String(keptSpeed!.id)]: keptSpeed!.choices[1]!.id, [String(atmosphere!.id)]: atmosphere!.choices[1]!.id };
    expect(priceLine(await priced(rid), fresh, 1)).toMatchObject({ unitPriceFen: 6050 + 5000 + 2000 });
  });

  it('publishes and withdraws: a withdrawn item leaves detail, search and the home page and comes back', async () => {
    const group = await addGroup(t, admin);
    const rid = await addItem(t, admin, group.id, { hot: '1' });
    expect((await home()).hotItems.map((i) => i.rid)).toContain(rid);

    t.clock.advance(1000);
    const withdrawn = await post(t, '/api/admin/catalog/item/publish', admin, { rid, published: '0' });
    expect(withdrawn).toMatchObject({ code: 1, msg: '服务项目已下架', data: { rid, published: false } });
    expect(await lastAudit(t)).toMatchObject({ action: 'catalog.item.publish', targetKey: rid, before: { published: true }, after: { published: false } });
    expect(await publicDetail(rid)).toMatchObject({ status: 404, msg: '项目不存在或已下架' });
    expect((await publicSearch({ groupId: String(group.id) })).total).toBe(0);
    expect((await home()).hotItems.map((i) => i.rid)).not.toContain(rid);
    expect((await detail(rid)).updatedAt).toBe(t.clock.now().toISOString());

    const published = await post(t, '/api/admin/catalog/item/publish', admin, { rid, published: '1' });
    expect(published).toMatchObject({ code: 1, msg: '服务项目已上架' });
    expect((await publicDetail(rid)).code).toBe(1);

    await refused('/api/admin/catalog/item/publish', { rid, published: 'yes' }, { status: 400, msg: '[上架状态]不正确' });
    await refused('/api/admin/catalog/item/publish', { rid: 'no-such-item', published: '0' }, { status: 404, msg: '项目不存在或已下架' });
  });

  it('marks an item hot: the home page lists it among the popular projects at once', async () => {
    const group = await addGroup(t, admin);
    const rid = await addItem(t, admin, group.id, { hot: '0' });
    await t.db.update(serviceItems).set({ orderCount: -1 }).where(eq(serviceItems.rid, rid));
    const many = await Promise.all(Array.from({ length: 9 }, () => addItem(t, admin, group.id)));
    expect(many).toHaveLength(9);
    expect((await home()).hotItems.map((i) => i.rid)).not.toContain(rid);

    await post(t, '/api/admin/catalog/item/update', admin, { rid, ...itemBody(group.id, { hot: '1', name: '热门：SEM 形貌' }) });
    const popular = (await home()).hotItems;
    expect(popular.find((i) => i.rid === rid)).toMatchObject({ name: '热门：SEM 形貌' });
  });

  it('a role other than admin is refused every catalogue change, and nothing is logged', async () => {
    const group = await addGroup(t, admin);
    const rid = await addItem(t, admin, group.id);
    const forbidden = { status: 403, msg: '您的角色无权进行此操作' };
    await refused('/api/admin/catalog/item/publish', { rid, published: '0' }, forbidden, sales);
    await refused('/api/admin/catalog/item/update', { rid, ...itemBody(group.id) }, forbidden, sales);
    await refused('/api/admin/catalog/group/delete', { id: group.id }, forbidden, sales);
    expect((await publicDetail(rid)).code).toBe(1);
  });
});
