import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminServiceChild, AdminServiceGroup, AdminServiceItem, AdminServiceItemRow, DeviceDetail, DeviceSummary, HomeData, Page, TypeGroup } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { couponTemplates } from '../funds/funds.tables';
import { priceLine } from '../orders/pricing';
import { numberOptions } from './catalog-admin.service';
import { serviceItems } from './catalog.tables';
import { addChild, addGroup, addItem, auditCount, get, groupBody, itemBody, lastAudit, post, uniqueName } from './catalog-admin.test-helpers';

let t: TestContext;
let admin: string;
let sales: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = (await makeStaff(t.db, 'admin', t.clock.now())).token;
  sales = (await makeStaff(t.db, 'sales', t.clock.now())).token;
});
afterAll(() => t?.close());

const publicGroups = async (typeId: number) => (await get<TypeGroup[]>(t, '/api/open/web/type/group', { typeId: String(typeId) })).data;
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

describe('service groups (分类)', () => {
  it('adds a group that the public type/group call shows at once; the audit row holds the new group', async () => {
    const name = uniqueName('显微形貌');
    const added = await post<AdminServiceGroup>(t, '/api/admin/catalog/group/add', admin, groupBody({ typeId: '1', name, tags: ' SEM | TEM |SEM||AFM ' }));
    expect(added).toMatchObject({ status: 200, code: 1, msg: '分类已添加', data: { typeId: 1, name, description: 'SEM|TEM|AFM', sort: 10, visible: true, itemCount: 0, children: [] } });
    expect(added.data.imgUrl).toBe('/upload/img/u/group.png');

    const row = await lastAudit(t);
    expect(row).toMatchObject({ action: 'catalog.group.add', actionLabel: '新增服务分类', entity: 'serviceGroup', targetKey: String(added.data.id), before: null });
    expect(row!.after).toMatchObject({ id: added.data.id, name, typeId: 1, description: 'SEM|TEM|AFM', visible: true, children: [] });

    const shown = (await publicGroups(1)).find((g) => g.id === added.data.id);
    expect(shown).toEqual({ id: added.data.id, name, img: '/upload/img/u/group.png', typeId: 1, description: 'SEM|TEM|AFM', typeChildArr: [] });
  });

  it('refuses bad input with the field messages and writes no audit row', async () => {
    const url = '/api/admin/catalog/group/add';
    await refused(url, groupBody({ typeId: '' }), { status: 400, msg: '[服务类型]不能为空' });
    await refused(url, groupBody({ typeId: '4' }), { status: 400, msg: '[服务类型]不正确' });
    await refused(url, groupBody({ name: '  ' }), { status: 400, msg: '[分类名称]不能为空' });
    await refused(url, groupBody({ name: '分'.repeat(31) }), { status: 400, msg: '[分类名称]不能超过30个字符' });
    await refused(url, groupBody({ img: '' }), { status: 400, msg: '[分类图片]不能为空' });
    await refused(url, groupBody({ img: 'javascript:alert(1)' }), { status: 400, msg: '[分类图片]请上传图片' });
    await refused(url, groupBody({ tags: 'a|b|c|d|e|f|g|h|i' }), { status: 400, msg: '[标签]最多8个' });
    await refused(url, groupBody({ sort: '-1' }), { status: 400, msg: '[排序]应为0–9999的整数' });
    await refused(url, groupBody({ sort: 'first' }), { status: 400, msg: '[排序]必须是整数' });
    const taken = await addGroup(t, admin, { typeId: '3' });
    await refused(url, groupBody({ typeId: '3', name: taken.name }), { status: 409, msg: `该服务类型下已有名为「${taken.name}」的分类` });
    // the same name in another type is another group
    expect((await post(t, url, admin, groupBody({ typeId: '2', name: taken.name }))).code).toBe(1);
  });

  it('edits name, picture, tags, sort and visibility; a hidden group leaves the site; before and after are logged', async () => {
    const group = await addGroup(t, admin, { typeId: '1' });
    const name = uniqueName('光谱分析');
    const updated = await post<AdminServiceGroup>(t, '/api/admin/catalog/group/update', admin, {
      ...groupBody({ id: group.id, typeId: '1', name, img: '/upload/img/u/spectra.webp', tags: '红外|拉曼', sort: '3', visible: '0' }),
    });
    expect(updated).toMatchObject({ code: 1, msg: '分类已保存', data: { id: group.id, name, img: '/upload/img/u/spectra.webp', description: '红外|拉曼', sort: 3, visible: false } });
    const row = await lastAudit(t);
    expect(row).toMatchObject({ action: 'catalog.group.update', entity: 'serviceGroup', targetKey: String(group.id) });
    expect(row!.before).toMatchObject({ name: group.name, visible: true, description: 'XRD|单晶衍射' });
    expect(row!.after).toMatchObject({ name, visible: false, description: '红外|拉曼', sort: 3 });
    expect((await publicGroups(1)).some((g) => g.id === group.id)).toBe(false);

    await post(t, '/api/admin/catalog/group/update', admin, groupBody({ id: group.id, name, visible: '1' }));
    expect((await publicGroups(1)).find((g) => g.id === group.id)?.name).toBe(name);

    await refused('/api/admin/catalog/group/update', groupBody({ id: 999_999 }), { status: 404, msg: '分类不存在' });
    await refused('/api/admin/catalog/group/update', groupBody({ id: '' }), { status: 400, msg: '[分类]不能为空' });
  });

  it('moving a group to another service type moves its items with it', async () => {
    const group = await addGroup(t, admin, { typeId: '1' });
    const rid = await addItem(t, admin, group.id);
    await post(t, '/api/admin/catalog/group/update', admin, groupBody({ id: group.id, typeId: '3', name: group.name }));
    expect((await publicDetail(rid)).data.typeId).toBe(3);
    expect((await publicSearch({ typeId: '3', groupId: String(group.id) })).list.map((i) => i.rid)).toEqual([rid]);
    expect((await publicGroups(3)).some((g) => g.id === group.id)).toBe(true);
  });

  it('lists every group of a type with its sub-types and how many items (published) each holds', async () => {
    const group = await addGroup(t, admin, { typeId: '2' });
    const sem = await addChild(t, admin, group.id, 'SEM 机时');
    const tem = await addChild(t, admin, group.id, 'TEM 机时');
    await addItem(t, admin, group.id, { childId: sem.id });
    const withdrawn = await addItem(t, admin, group.id, { childId: sem.id });
    await addItem(t, admin, group.id);
    await post(t, '/api/admin/catalog/item/publish', admin, { rid: withdrawn, published: '0' });

    const list = await post<AdminServiceGroup[]>(t, '/api/admin/catalog/group/list', admin, { typeId: '2' });
    expect(list.code).toBe(1);
    expect(list.data.every((g) => g.typeId === 2)).toBe(true);
    const mine = list.data.find((g) => g.id === group.id)!;
    expect(mine).toMatchObject({ itemCount: 3, publishedCount: 2 });
    expect(mine.children).toEqual([
      { id: sem.id, groupId: group.id, name: 'SEM 机时', sort: 0, itemCount: 2 },
      { id: tem.id, groupId: group.id, name: 'TEM 机时', sort: 0, itemCount: 0 },
    ]);
    const all = await post<AdminServiceGroup[]>(t, '/api/admin/catalog/group/list', admin, {});
    expect(new Set(all.data.map((g) => g.typeId))).toEqual(new Set([1, 2, 3]));
    expect((await post(t, '/api/admin/catalog/group/list', admin, { typeId: '9' })).msg).toBe('[服务类型]不正确');
  });

  it('deletes only an empty group (its sub-types go with it); one with items or a coupon limited to it stays', async () => {
    const full = await addGroup(t, admin);
    await addItem(t, admin, full.id);
    await addItem(t, admin, full.id);
    await refused('/api/admin/catalog/group/delete', { id: full.id }, { status: 409, msg: '该分类下还有2个服务项目，不能删除；不再提供时可将其隐藏' });

    const couponed = await addGroup(t, admin);
    await t.db.insert(couponTemplates).values({ rid: randomId(), name: '结构表征专享券', amountFen: 5000, scope: { kind: 'groups', ids: [couponed.id] } });
    await refused('/api/admin/catalog/group/delete', { id: couponed.id }, { status: 409, msg: '优惠券「结构表征专享券」限该分类使用，不能删除；可将其隐藏' });

    const empty = await addGroup(t, admin);
    const child = await addChild(t, admin, empty.id);
    const deleted = await post(t, '/api/admin/catalog/group/delete', admin, { id: empty.id });
    expect(deleted).toMatchObject({ code: 1, msg: '分类已删除' });
    const row = await lastAudit(t);
    expect(row).toMatchObject({ action: 'catalog.group.delete', targetKey: String(empty.id), after: null });
    expect(row!.before).toMatchObject({ id: empty.id, name: empty.name, children: [{ id: child.id, name: child.name, sort: 0 }] });
    const left = await post<AdminServiceGroup[]>(t, '/api/admin/catalog/group/list', admin, {});
    expect(left.data.some((g) => g.id === empty.id)).toBe(false);
    await refused('/api/admin/catalog/group/delete', { id: empty.id }, { status: 404, msg: '分类不存在' });
  });
});

describe('sub-types (子类)', () => {
  it('adds, renames and re-sorts a sub-type, shown at once in the public type/group call', async () => {
    const group = await addGroup(t, admin, { typeId: '1' });
    const added = await post<AdminServiceChild>(t, '/api/admin/catalog/child/add', admin, { groupId: group.id, name: 'X射线衍射', sort: '2' });
    expect(added).toMatchObject({ code: 1, msg: '子类已添加', data: { groupId: group.id, name: 'X射线衍射', sort: 2, itemCount: 0 } });
    expect(await lastAudit(t)).toMatchObject({ action: 'catalog.child.add', entity: 'serviceChild', targetKey: String(added.data.id), before: null, after: { id: added.data.id, name: 'X射线衍射', groupId: group.id, sort: 2 } });
    const first = await addChild(t, admin, group.id, '单晶衍射');

    const renamed = await post<AdminServiceChild>(t, '/api/admin/catalog/child/update', admin, { id: added.data.id, name: 'X射线衍射 XRD', sort: '0' });
    expect(renamed).toMatchObject({ code: 1, msg: '子类已保存', data: { name: 'X射线衍射 XRD', sort: 0 } });
    const row = await lastAudit(t);
    expect(row).toMatchObject({ action: 'catalog.child.update', before: { name: 'X射线衍射', sort: 2 }, after: { name: 'X射线衍射 XRD', sort: 0 } });

    const shown = (await publicGroups(1)).find((g) => g.id === group.id)!;
    expect(shown.typeChildArr).toEqual([
      { id: added.data.id, name: 'X射线衍射 XRD' },
      { id: first.id, name: '单晶衍射' },
    ]);
  });

  it('refuses bad input, an unknown group, a repeated name; deletes only a sub-type no item uses', async () => {
    const group = await addGroup(t, admin);
    const child = await addChild(t, admin, group.id, '扫描电镜');
    await refused('/api/admin/catalog/child/add', { groupId: group.id, name: '' }, { status: 400, msg: '[子类名称]不能为空' });
    await refused('/api/admin/catalog/child/add', { name: '透射电镜' }, { status: 400, msg: '[所属分类]不能为空' });
    await refused('/api/admin/catalog/child/add', { groupId: 999_999, name: '透射电镜' }, { status: 404, msg: '分类不存在' });
    await refused('/api/admin/catalog/child/add', { groupId: group.id, name: '扫描电镜' }, { status: 409, msg: '该分类下已有名为「扫描电镜」的子类' });
    await refused('/api/admin/catalog/child/update', { id: 999_999, name: '透射电镜' }, { status: 404, msg: '子类不存在' });

    const rid = await addItem(t, admin, group.id, { childId: child.id });
    await refused('/api/admin/catalog/child/delete', { id: child.id }, { status: 409, msg: '该子类下还有1个服务项目，请先将它们移到其他子类' });
    const other = await addChild(t, admin, group.id, '聚焦离子束');
    await post(t, '/api/admin/catalog/item/update', admin, { rid, ...itemBody(group.id, { childId: other.id }) });
    const deleted = await post(t, '/api/admin/catalog/child/delete', admin, { id: child.id });
    expect(deleted).toMatchObject({ code: 1, msg: '子类已删除' });
    expect(await lastAudit(t)).toMatchObject({ action: 'catalog.child.delete', targetKey: String(child.id), before: { name: '扫描电镜' }, after: null });
    expect((await publicGroups(1)).find((g) => g.id === group.id)!.typeChildArr).toEqual([{ id: other.id, name: '聚焦离子束' }]);
  });
});

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

/** The item as the pricing of plans and orders reads it. */
async function priced(rid: string) {
  const [row] = await t.db.select({ priceFen: serviceItems.priceFen, options: serviceItems.options }).from(serviceItems).where(eq(serviceItems.rid, rid));
  return row!;
}

describe('the items table', () => {
  let group: AdminServiceGroup;
  const rids: Record<string, string> = {};

  beforeAll(async () => {
    group = await addGroup(t, admin, { typeId: '2' });
    const child = await addChild(t, admin, group.id, '电镜机时');
    rids.sem = await addItem(t, admin, group.id, { name: '场发射扫描电镜 机时', model: 'Hitachi SU8010', price: '300', sort: '2', childId: child.id, reservable: '1', hot: '1' });
    rids.tem = await addItem(t, admin, group.id, { name: '透射电镜 机时', model: 'JEOL JEM-2100F', price: '800', sort: '1', childId: child.id, reservable: '1' });
    rids.afm = await addItem(t, admin, group.id, { name: '原子力显微镜 机时', model: 'Bruker Icon', price: '150', sort: '3', sketch: '电镜以外的形貌手段' });
    t.clock.advance(1000);
    await post(t, '/api/admin/catalog/item/publish', admin, { rid: rids.afm, published: '0' });
    await t.db.update(serviceItems).set({ orderCount: 50 }).where(eq(serviceItems.rid, rids.tem));
  });

  const list = (query: Record<string, unknown>) => post<Page<AdminServiceItemRow>>(t, '/api/admin/catalog/item/list', admin, { groupId: group.id, ...query });
  const names = async (query: Record<string, unknown>) => (await list(query)).data.list.map((row) => row.rid);

  it('pages the group in the staff order (sort, then orders) with names, prices and states', async () => {
    const page = await list({});
    expect(page.data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(page.data.list.map((r) => r.rid)).toEqual([rids.tem, rids.sem, rids.afm]);
    expect(page.data.list[0]).toMatchObject({ name: '透射电镜 机时', model: 'JEOL JEM-2100F', typeId: 2, groupId: group.id, groupName: group.name, childName: '电镜机时', priceFen: 80_000, unit: '样品', orderCount: 50, published: true, hot: false, reservable: true, sort: 1, imgUrl: '/upload/img/u/xrd.png' });
    const second = await list({ pageSize: 2, page: 2 });
    expect(second.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.data.list.map((r) => r.rid)).toEqual([rids.afm]);
  });

  it('filters by keyword over name and model, type, group, sub-type and the state flags', async () => {
    expect(await names({ keyword: '电镜' })).toEqual([rids.tem, rids.sem]);
    expect(await names({ keyword: 'jem' })).toEqual([rids.tem]);
    expect(await names({ keyword: '扫描 su8010' })).toEqual([rids.sem]);
    expect(await names({ keyword: '形貌手段' })).toEqual([]);
    expect(await names({ published: '0' })).toEqual([rids.afm]);
    expect(await names({ published: '1', reservable: '1' })).toEqual([rids.tem, rids.sem]);
    expect(await names({ hot: '1' })).toEqual([rids.sem]);
    expect(await names({ reservable: '0' })).toEqual([rids.afm]);
    const child = (await post<AdminServiceGroup[]>(t, '/api/admin/catalog/group/list', admin, { typeId: '2' })).data.find((g) => g.id === group.id)!.children[0]!;
    expect(await names({ childId: child.id })).toEqual([rids.tem, rids.sem]);
    const byType = await post<Page<AdminServiceItemRow>>(t, '/api/admin/catalog/item/list', admin, { typeId: '2', keyword: '机时', pageSize: 100 });
    expect(byType.data.list.every((r) => r.typeId === 2)).toBe(true);
    expect(byType.data.list.map((r) => r.rid)).toEqual(expect.arrayContaining([rids.sem, rids.tem, rids.afm]));
  });

  it('sorts by price, orders, staff order and update time in both directions', async () => {
    expect(await names({ sort: 'priceFen', order: 'ascend' })).toEqual([rids.afm, rids.sem, rids.tem]);
    expect(await names({ sort: 'priceFen', order: 'descend' })).toEqual([rids.tem, rids.sem, rids.afm]);
    expect((await names({ sort: 'orderCount', order: 'descend' }))[0]).toBe(rids.tem);
    expect(await names({ sort: 'sort', order: 'ascend' })).toEqual([rids.tem, rids.sem, rids.afm]);
    // the withdrawal moved afm's update time last
    expect((await names({ sort: 'updatedAt', order: 'descend' }))[0]).toBe(rids.afm);
  });

  it('refuses a bad filter or sort with its message', async () => {
    expect((await list({ sort: 'name' })).msg).toBe('[排序字段]不正确');
    expect((await list({ published: 'yes' })).msg).toBe('[上架状态]不正确');
    expect((await list({ typeId: '7' })).msg).toBe('[服务类型]不正确');
    expect((await list({ pageSize: '500' })).msg).toBe('[每页条数]不能超过100');
    expect((await post(t, '/api/admin/catalog/item/detail', admin, { rid: 'nope' })).msg).toBe('服务项目不存在');
  });
});

describe('numberOptions', () => {
  it('numbers a new item from 1 and never gives a new option an id the item has used', () => {
    const fresh = numberOptions([{ name: 'A', choices: [{ label: 'a', price: 0 }, { label: 'b', price: 100 }] }], [], 0);
    expect(fresh).toEqual([{ id: 1, name: 'A', choices: [{ id: 1, label: 'a', priceFen: 0 }, { id: 2, label: 'b', priceFen: 100 }] }]);
    // an id the item does not have, or one sent twice, is a new option
    const next = numberOptions(
      [
        { id: 1, name: 'A', choices: [{ id: 2, label: 'b', price: 100 }, { id: 7, label: 'c', price: 0 }] },
        { id: 1, name: 'B', choices: [{ label: 'x', price: 0 }] },
      ],
      fresh,
      500,
    );
    expect(next).toEqual([
      { id: 1, name: 'A', choices: [{ id: 2, label: 'b', priceFen: 100 }, { id: 501, label: 'c', priceFen: 0 }] },
      { id: 501, name: 'B', choices: [{ id: 1, label: 'x', priceFen: 0 }] },
    ]);
  });
});

