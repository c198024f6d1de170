import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES, type AddressEntity } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { addAddress, listAddresses, saveMemberSettings, shanghaiAddress, wuxiAddress } from './test-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await saveMemberSettings(t.db);
});
afterAll(() => t.close());

const login = () => makeLoggedInMember(t.db, t.clock.now());
const post = <T = unknown>(url: string, token: string | undefined, form?: Record<string, string | undefined>) =>
  call<T>(t.app, 'POST', `/api/auth/address/${url}`, { ...(token ? { token } : {}), ...(form ? { form } : {}) });
const defaults = (list: AddressEntity[]) => list.filter((a) => a.default === 1).map((a) => a.rid);

describe('address/add and address/list', () => {
  it('adds an address with its region names; the first is the default', async () => {
    const { token } = await login();
    const res = await post<AddressEntity>('add', token, shanghaiAddress);
    expect(res).toMatchObject({ status: 200, code: 1, msg: '操作成功!' });
    expect(res.data).toMatchObject({ ...shanghaiAddress, default: 1, disabled: false });
    expect(res.data.rid).toMatch(/^[\w-]{10,}$/);
    expect(res.data.address_rid).toBe(res.data.rid);
    const second = await addAddress(t, token, wuxiAddress);
    expect(second).toMatchObject({ default: 0, disabled: true }); // 无锡 is outside allowRegion
    const list = await listAddresses(t, token);
    expect(list.map((a) => a.rid)).toEqual([res.data.rid, second.rid]);
  });

  it('makes a new address the default when asked, leaving exactly one', async () => {
    const { token } = await login();
    const first = await addAddress(t, token);
    const second = await addAddress(t, token, { ...wuxiAddress, default: '1' });
    const list = await listAddresses(t, token);
    expect(defaults(list)).toEqual([second.rid]);
    expect(list[0]?.rid).toBe(second.rid);
    expect(list.find((a) => a.rid === first.rid)?.default).toBe(0);
  });

  it('fills the names from the code when left out (JSON)', async () => {
    const { token } = await login();
    const res = await call<AddressEntity>(t.app, 'POST', '/api/auth/address/add', {
      token,
      json: { name: '张三', phone: '13800138000', address_code: '320508', address: '人民路1号' },
    });
    expect(res.data).toMatchObject({ province: '江苏省', city: '苏州市', area: '姑苏区', disabled: false });
  });

  it.each([
    [{ name: '' }, '[姓名]不能为空'],
    [{ phone: '' }, '[手机]不能为空'],
    [{ phone: '1380013800' }, '[手机]格式不正确'],
    [{ phone: '138001380001' }, '[手机]不能超过11个字符'],
    [{ address_code: '' }, '[所在地区]不能为空'],
    [{ address_code: '31010' }, '[所在地区]不正确'],
    [{ address_code: '123456' }, '[所在地区]不正确'],
    [{ address_code: '310100' }, '[所在地区]请选择到区县'],
    [{ area: '黄浦区' }, '[所在地区]与地区编码不一致，请重新选择'],
    [{ address: '' }, '[详细地址]不能为空'],
  ])('refuses %j: %s', async (change, msg) => {
    const { token } = await login();
    expect(await post('add', token, { ...shanghaiAddress, ...change })).toMatchObject({ status: 400, code: 0, msg });
    expect(await listAddresses(t, token)).toEqual([]);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const { token } = await login();
    for (let i = 0; i < MAX_ADDRESSES; i += 1) await addAddress(t, token);
    expect(await post('add', token, shanghaiAddress)).toMatchObject({ status: 400, msg: `最多保存${MAX_ADDRESSES}个地址，请先删除不用的地址` });
  });

  it('keeps one default when two adds race', async () => {
    const { token } = await login();
    await Promise.all([addAddress(t, token), addAddress(t, token, { ...wuxiAddress, default: '1' }), addAddress(t, token, { ...shanghaiAddress, default: '1' })]);
    const list = await listAddresses(t, token);
    expect(list).toHaveLength(3);
    expect(defaults(list)).toHaveLength(1);
  });
});

describe('address/edit', () => {
  it('changes the fields and can take the default flag', async () => {
    const { token } = await login();
    const first = await addAddress(t, token);
    const second = await addAddress(t, token, wuxiAddress);
    const res = await post<AddressEntity>('edit', token, { ...shanghaiAddress, address_rid: second.rid, area: '长宁区', address_code: '310105', default: '1' });
    expect(res).toMatchObject({ status: 200, code: 1, data: { rid: second.rid, city: '上海市', area: '长宁区', default: 1, disabled: false } });
    expect(defaults(await listAddresses(t, token))).toEqual([second.rid]);
    // editing the default without the flag keeps it the default
    const kept = await post<AddressEntity>('edit', token, { ...wuxiAddress, address_rid: second.rid });
    expect(kept.data.default).toBe(1);
    expect((await listAddresses(t, token)).find((a) => a.rid === first.rid)?.default).toBe(0);
  });

  it('refuses bad input and an unknown rid', async () => {
    const { token } = await login();
    const mine = await addAddress(t, token);
    expect(await post('edit', token, { ...shanghaiAddress })).toMatchObject({ status: 400, msg: '[地址编号]不能为空' });
    expect(await post('edit', token, { ...shanghaiAddress, address_rid: mine.rid, name: '' })).toMatchObject({ status: 400, msg: '[姓名]不能为空' });
    expect(await post('edit', token, { ...shanghaiAddress, address_rid: 'no-such-address' })).toMatchObject({ status: 404, msg: '地址不存在' });
  });
});

describe('address/default and address/del', () => {
  it('moves the default flag', async () => {
    const { token } = await login();
    const first = await addAddress(t, token);
    const second = await addAddress(t, token, wuxiAddress);
    expect(await post('default', token, { address_rid: second.rid })).toMatchObject({ status: 200, code: 1, msg: '已设为默认地址' });
    expect(defaults(await listAddresses(t, token))).toEqual([second.rid]);
    expect(await post('default', token, { address_rid: second.rid })).toMatchObject({ code: 1 });
    expect(defaults(await listAddresses(t, token))).toEqual([second.rid]);
    expect(first.default).toBe(1);
  });

  it('deleting the default hands the flag to the newest remaining address', async () => {
    const { token } = await login();
    const first = await addAddress(t, token);
    t.clock.advance(1000);
    const second = await addAddress(t, token, wuxiAddress);
    t.clock.advance(1000);
    const third = await addAddress(t, token);
    expect(await post('del', token, { address_rid: first.rid })).toMatchObject({ status: 200, code: 1, msg: '删除成功' });
    const list = await listAddresses(t, token);
    expect(list.map((a) => a.rid).sort()).toEqual([second.rid, third.rid].sort());
    expect(defaults(list)).toEqual([third.rid]);
    // deleting a non-default leaves the default alone
    await post('del', token, { address_rid: second.rid });
    expect(defaults(await listAddresses(t, token))).toEqual([third.rid]);
    await post('del', token, { address_rid: third.rid });
    expect(await listAddresses(t, token)).toEqual([]);
  });

  it('refuses a missing or unknown rid', async () => {
    const { token } = await login();
    expect(await post('del', token, {})).toMatchObject({ status: 400, msg: '[地址编号]不能为空' });
    expect(await post('del', token, { address_rid: 'nope' })).toMatchObject({ status: 404, msg: '地址不存在' });
    expect(await post('default', token, { address_rid: 'nope' })).toMatchObject({ status: 404, msg: '地址不存在' });
  });
});

describe('a member sees and touches only their own addresses', () => {
  it('answers 404 to another member for edit, del and default, and lists nothing of theirs', async () => {
    const owner = await login();
    const other = await login();
    const address = await addAddress(t, owner.token);
    expect(await listAddresses(t, other.token)).toEqual([]);
    expect(await post('edit', other.token, { ...wuxiAddress, address_rid: address.rid })).toMatchObject({ status: 404, msg: '地址不存在' });
    expect(await post('del', other.token, { address_rid: address.rid })).toMatchObject({ status: 404, msg: '地址不存在' });
    expect(await post('default', other.token, { address_rid: address.rid })).toMatchObject({ status: 404, msg: '地址不存在' });
    expect(await listAddresses(t, owner.token)).toEqual([address]);
  });

  it('needs a member token', async () => {
    expect(await post('list', undefined)).toMatchObject({ status: 401, code: 0 });
    expect(await post('add', undefined, shanghaiAddress)).toMatchObject({ status: 401, code: 0 });
  });
});
