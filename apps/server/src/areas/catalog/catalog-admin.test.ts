import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminServiceGroup, AdminServiceItemRow, Page } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { numberOptions } from './catalog-items-admin.service';
import { serviceItems } from './catalog.tables';
import { addChild, addGroup, addItem, post } from './catalog-admin.test-helpers';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = (await makeStaff(t.db, 'admin', t.clock.now())).token;
});
afterAll(() => t?.close());


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
