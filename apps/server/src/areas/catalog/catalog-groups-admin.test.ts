import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminServiceChild, AdminServiceGroup, DeviceDetail, DeviceSummary, Page, TypeGroup } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { couponTemplates } from '../funds/funds.tables';
import { addChild, addGroup, addItem, auditCount, get, groupBody, itemBody, lastAudit, post, uniqueName } from './catalog-admin.test-helpers';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = (await makeStaff(t.db, 'admin', t.clock.now())).token;
});
afterAll(() => t?.close());

const publicGroups = async (typeId: number) => (await get<TypeGroup[]>(t, '/api/open/web/type/group', { typeId: String(typeId) })).data;
const publicDetail = (rid: string) => get<DeviceDetail>(t, '/api/open/web/device/detail', { rid });
const publicSearch = async (query: Record<string, string>) => (await get<Page<DeviceSummary>>(t, '/api/open/web/device/search', query)).data;

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
