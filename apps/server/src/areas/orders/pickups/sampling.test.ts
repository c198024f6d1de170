import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_REGION_CLOSED_MESSAGE, SELF_SEND_MESSAGE, type AdminSampling, type Page, type RecycleRequest, type Sampling } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../../test/factories';
import { addAddress, saveMemberSettings, shanghaiAddress, wuxiAddress } from '../../member/test-helpers';
import { makeOrder } from '../../growth/growth.test-helpers';

// Tuesday 2026-12-01, 10:00 in Shanghai (02:00 UTC)
const START = '2026-12-01T02:00:00Z';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: START });
  await saveMemberSettings(t.db);
});
afterAll(() => t.close());
afterEach(async () => {
  t.clock.set(START);
});

const login = () => makeLoggedInMember(t.db, t.clock.now());
const book = (token: string, form: Record<string, string | undefined>) => call<Sampling>(t.app, 'POST', '/api/auth/sampling/add', { token, form });
const newAddress = { name: '张三', phone: '13800138000', province: '江苏省', city: '苏州市', area: '姑苏区', address_code: '320508', address: '人民路1号' };

async function memberWithAddress() {
  const m = await login();
  const address = await addAddress(t, m.token);
  return { ...m, address };
}

describe('sampling/add', () => {
  it('books a pickup at an existing address', async () => {
    const { token, address } = await memberWithAddress();
    const res = await book(token, { type: '1', date: '2026-12-02', time: '09:00', address_rid: address.rid, message: '易碎，请带保温箱' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '提交成功!' });
    expect(res.data).toMatchObject({
      type: 1,
      date: '2026-12-02',
      time: '09:00',
      name: shanghaiAddress.name,
      phone: shanghaiAddress.phone,
      province: '上海市',
      city: '上海市',
      area: '徐汇区',
      address_code: '310104',
      address: '漕溪北路1号',
      sendAddress: '上海市徐汇区漕溪北路1号',
      message: '易碎，请带保温箱',
      status: 'pending',
      statusText: '待取样',
      createdAt: t.clock.now().toISOString(),
      collectedAt: null,
    });
  });

  it('books at a new address (the spec payload, JSON as well)', async () => {
    const { token } = await login();
    const res = await book(token, { type: '1', date: '2026-12-03', time: '14:00', ...newAddress, sendAddress: '江苏省苏州市姑苏区人民路1号' });
    expect(res).toMatchObject({ status: 200, data: { city: '苏州市', area: '姑苏区', sendAddress: '江苏省苏州市姑苏区人民路1号' } });
    const json = await call<Sampling>(t.app, 'POST', '/api/auth/sampling/add', { token, json: { type: 1, date: '2026-12-03', time: '16:00', ...newAddress } });
    expect(json).toMatchObject({ status: 200, code: 1, data: { time: '16:00' } });
  });

  it.each([
    [{ type: '' }, '[取样方式]不能为空'],
    [{ date: '' }, '[取样日期]不能为空'],
    [{ time: '' }, '[取样时间]不能为空'],
    [{ name: '' }, '[姓名]不能为空'],
    [{ phone: '' }, '[手机]不能为空'],
    [{ phone: '12345' }, '[手机]格式不正确'],
    [{ address_code: '', province: undefined, city: undefined, area: undefined }, '[取样地址]不能为空'],
    [{ address: '' }, '[详细地址]不能为空'],
    [{ address_code: '320500', area: undefined }, '[取样地址]请选择到区县'],
    [{ date: '2026/12/03' }, '[取样日期]格式不正确'],
  ])('refuses %j with %s', async (change, msg) => {
    const { token } = await login();
    expect(await book(token, { type: '1', date: '2026-12-03', time: '09:00', ...newAddress, ...change })).toMatchObject({ status: 400, code: 0, msg });
  });

  it('shows the first missing field of a new address in the dialog order', async () => {
    const { token } = await login();
    expect(await book(token, { type: '1', date: '2026-12-03', time: '09:00' })).toMatchObject({ status: 400, msg: '[姓名]不能为空' });
  });

  it('has nothing to book for self-send (type 0)', async () => {
    const { token } = await login();
    expect(await book(token, { type: '0' })).toMatchObject({ status: 400, msg: SELF_SEND_MESSAGE });
  });

  it('refuses an address outside allowRegion with the spec tooltip', async () => {
    const { token } = await login();
    const wuxi = await addAddress(t, token, wuxiAddress);
    expect(wuxi.disabled).toBe(true);
    expect(await book(token, { type: '1', date: '2026-12-02', time: '09:00', address_rid: wuxi.rid })).toMatchObject({ status: 400, msg: PICKUP_REGION_CLOSED_MESSAGE });
    expect(await book(token, { type: '1', date: '2026-12-02', time: '09:00', ...wuxiAddress })).toMatchObject({ status: 400, msg: '所选地区暂未开通上门取样服务' });
  });

  it('refuses a second booking of the same slot while the first is pending', async () => {
    const { token, address } = await memberWithAddress();
    const form = { type: '1', date: '2026-12-04', time: '11:00', address_rid: address.rid };
    const first = await book(token, form);
    expect(first.code).toBe(1);
    expect(await book(token, form)).toMatchObject({ status: 409, msg: '您已预约了该时间段的上门取样，请勿重复提交' });
    await call(t.app, 'POST', '/api/auth/sampling/cancel', { token, form: { rid: first.data.rid } });
    expect(await book(token, form)).toMatchObject({ status: 200, code: 1 });
  });

  it('refuses another member’s address with 404', async () => {
    const owner = await memberWithAddress();
    const other = await login();
    expect(await book(other.token, { type: '1', date: '2026-12-02', time: '09:00', address_rid: owner.address.rid })).toMatchObject({ status: 404, msg: '地址不存在' });
  });
});

describe('sampling/add enforces the date rules on the server clock', () => {
  const at = async (local: string) => t.clock.set(new Date(`${local}+08:00`));

  it('refuses the past and slots earlier than the current hour today', async () => {
    const { token, address } = await memberWithAddress();
    const form = (date: string, time: string) => ({ type: '1', date, time, address_rid: address.rid });
    expect(await book(token, form('2026-11-30', '09:00'))).toMatchObject({ status: 400, msg: '不能选择已经过去的日期' });
    expect(await book(token, form('2026-12-01', '09:00'))).toMatchObject({ status: 400, msg: '该时间段不可预约，请选择其他时间' });
    expect(await book(token, form('2026-12-01', '10:00'))).toMatchObject({ status: 400, msg: '[取样时间]不正确，请从可选时间中选择' });
    expect(await book(token, form('2026-12-01', '11:00'))).toMatchObject({ status: 200, code: 1 });
  });

  it('closes today at 15:00 Shanghai time and allows at most 14 days ahead', async () => {
    await at('2026-12-01T14:59:00');
    const { token, address } = await memberWithAddress();
    const form = (date: string, time: string) => ({ type: '1', date, time, address_rid: address.rid });
    expect(await book(token, form('2026-12-01', '16:00'))).toMatchObject({ status: 200, code: 1 });
    await at('2026-12-01T15:00:00');
    expect(await book(token, form('2026-12-01', '16:00'))).toMatchObject({ status: 400, msg: '当天15:00后不能预约当天取样，请选择其他日期' });
    expect(await book(token, form('2026-12-16', '09:00'))).toMatchObject({ status: 400, msg: '只能预约14天内的上门取样' });
    expect(await book(token, form('2026-12-15', '09:00'))).toMatchObject({ status: 200, code: 1 });
  });

  it('follows the configured weekdays, disabled dates, exceptions and disabled time', async () => {
    const { token, address } = await memberWithAddress();
    const form = (date: string, time: string) => ({ type: '1', date, time, address_rid: address.rid });
    await saveMemberSettings(t.db, {
      samplingSetting: { disabled_week: [0, 6], disabled_date: ['2026-12-08', '2026-12-09'], invalid_disabled_date: ['2026-12-09', '2026-12-12'], disabled_time: '14:00' },
    });
    try {
      expect(await book(token, form('2026-12-06', '09:00'))).toMatchObject({ status: 400, msg: '该日期暂不提供上门取样，请选择其他日期' }); // Sunday
      expect(await book(token, form('2026-12-08', '09:00'))).toMatchObject({ status: 400, msg: '该日期暂不提供上门取样，请选择其他日期' });
      expect(await book(token, form('2026-12-09', '09:00'))).toMatchObject({ status: 200 }); // listed exception
      expect(await book(token, form('2026-12-12', '09:00'))).toMatchObject({ status: 200 }); // a Saturday opened
      expect(await book(token, form('2026-12-10', '14:00'))).toMatchObject({ status: 400, msg: '该时间段不可预约，请选择其他时间' });
    } finally {
      await saveMemberSettings(t.db);
    }
  });
});

describe('sampling/list and sampling/cancel', () => {
  it('lists only the member’s own pickups, newest first, by status', async () => {
    const { token, address } = await memberWithAddress();
    const other = await memberWithAddress();
    await book(other.token, { type: '1', date: '2026-12-02', time: '09:00', address_rid: other.address.rid });
    const a = await book(token, { type: '1', date: '2026-12-02', time: '09:00', address_rid: address.rid });
    t.clock.advance(1000);
    const b = await book(token, { type: '1', date: '2026-12-03', time: '09:00', address_rid: address.rid });
    const list = await call<Page<Sampling>>(t.app, 'POST', '/api/auth/sampling/list', { token });
    expect(list).toMatchObject({ status: 200, data: { total: 2, page: 1, pageSize: 20 } });
    expect(list.data.list.map((s) => s.rid)).toEqual([b.data.rid, a.data.rid]);
    await call(t.app, 'POST', '/api/auth/sampling/cancel', { token, form: { rid: a.data.rid } });
    const pending = await call<Page<Sampling>>(t.app, 'POST', '/api/auth/sampling/list', { token, form: { status: 'pending', pageSize: 1 } });
    expect(pending.data).toMatchObject({ total: 1, pageSize: 1, list: [{ rid: b.data.rid }] });
    expect(await call(t.app, 'POST', '/api/auth/sampling/list', { token, form: { status: 'lost' } })).toMatchObject({ status: 400, msg: '[状态]不正确' });
  });

  it('cancels a pending pickup once', async () => {
    const { token, address } = await memberWithAddress();
    const booked = await book(token, { type: '1', date: '2026-12-02', time: '11:00', address_rid: address.rid });
    const res = await call<Sampling>(t.app, 'POST', '/api/auth/sampling/cancel', { token, form: { rid: booked.data.rid } });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '已取消预约', data: { status: 'cancelled', statusText: '已取消', cancelledAt: t.clock.now().toISOString() } });
    expect(await call(t.app, 'POST', '/api/auth/sampling/cancel', { token, form: { rid: booked.data.rid } })).toMatchObject({ status: 409, msg: '该预约已取消' });
    expect(await call(t.app, 'POST', '/api/auth/sampling/cancel', { token, form: {} })).toMatchObject({ status: 400, msg: '[预约编号]不能为空' });
  });

  it('answers 404 to another member, for cancel and in lists', async () => {
    const owner = await memberWithAddress();
    const other = await login();
    const booked = await book(owner.token, { type: '1', date: '2026-12-02', time: '14:00', address_rid: owner.address.rid });
    expect(await call(t.app, 'POST', '/api/auth/sampling/cancel', { token: other.token, form: { rid: booked.data.rid } })).toMatchObject({
      status: 404,
      msg: '取样预约不存在',
    });
    expect((await call<Page<Sampling>>(t.app, 'POST', '/api/auth/sampling/list', { token: other.token })).data.total).toBe(0);
    expect((await call<Page<Sampling>>(t.app, 'POST', '/api/auth/sampling/list', { token: owner.token })).data.list[0]?.status).toBe('pending');
  });
});

describe('staff: /api/admin/sampling/list and collect', () => {
  it('lists a day’s pickups by slot for lab and sales, and marks them collected', async () => {
    const lab = await makeStaff(t.db, 'lab', t.clock.now());
    const sales = await makeStaff(t.db, 'sales', t.clock.now());
    const m = await memberWithAddress();
    const late = await book(m.token, { type: '1', date: '2026-12-11', time: '14:00', address_rid: m.address.rid });
    const early = await book(m.token, { type: '1', date: '2026-12-11', time: '09:00', address_rid: m.address.rid });
    await book(m.token, { type: '1', date: '2026-12-10', time: '09:00', address_rid: m.address.rid });

    const day = await call<AdminSampling[]>(t.app, 'POST', '/api/admin/sampling/list', { token: sales.token, form: { date: '2026-12-11' } });
    expect(day).toMatchObject({ status: 200, code: 1 });
    expect(day.data.map((s) => s.rid)).toEqual([early.data.rid, late.data.rid]);
    expect(day.data[0]).toMatchObject({ member: { rid: m.member.rid, phone: m.member.phone }, collectedBy: null });

    const collected = await call<Sampling>(t.app, 'POST', '/api/admin/sampling/collect', { token: lab.token, form: { rid: early.data.rid } });
    expect(collected).toMatchObject({ status: 200, code: 1, msg: '已标记为已取样', data: { status: 'collected', collectedAt: t.clock.now().toISOString() } });
    expect(await call(t.app, 'POST', '/api/admin/sampling/collect', { token: lab.token, form: { rid: early.data.rid } })).toMatchObject({
      status: 409,
      msg: '该预约已标记为已取样',
    });
    const after = await call<AdminSampling[]>(t.app, 'POST', '/api/admin/sampling/list', { token: lab.token, form: { date: '2026-12-11', status: 'collected' } });
    expect(after.data).toEqual([expect.objectContaining({ rid: early.data.rid, collectedBy: '测试lab' })]);

    // the member cannot cancel what was collected
    expect(await call(t.app, 'POST', '/api/auth/sampling/cancel', { token: m.token, form: { rid: early.data.rid } })).toMatchObject({
      status: 409,
      msg: '样品已取走，不能取消预约',
    });
    await call(t.app, 'POST', '/api/auth/sampling/cancel', { token: m.token, form: { rid: late.data.rid } });
    expect(await call(t.app, 'POST', '/api/admin/sampling/collect', { token: lab.token, form: { rid: late.data.rid } })).toMatchObject({
      status: 409,
      msg: '该预约已取消，不能标记取样',
    });
    expect(await call(t.app, 'POST', '/api/admin/sampling/collect', { token: lab.token, form: { rid: 'nope' } })).toMatchObject({ status: 404 });
  });

  it('settles a cancel racing a collection: exactly one wins', async () => {
    const lab = await makeStaff(t.db, 'lab', t.clock.now());
    const m = await memberWithAddress();
    const booked = await book(m.token, { type: '1', date: '2026-12-14', time: '09:00', address_rid: m.address.rid });
    const [cancel, collect] = await Promise.all([
      call(t.app, 'POST', '/api/auth/sampling/cancel', { token: m.token, form: { rid: booked.data.rid } }),
      call(t.app, 'POST', '/api/admin/sampling/collect', { token: lab.token, form: { rid: booked.data.rid } }),
    ]);
    expect([cancel.status, collect.status].sort()).toEqual([200, 409]);
  });

  it('checks input, roles and tokens', async () => {
    const admin = await makeStaff(t.db, 'admin', t.clock.now());
    const finance = await makeStaff(t.db, 'finance', t.clock.now());
    const member = await login();
    expect(await call(t.app, 'POST', '/api/admin/sampling/list', { token: admin.token, form: { date: '2026-12-11' } })).toMatchObject({ status: 200 });
    expect(await call(t.app, 'POST', '/api/admin/sampling/list', { token: admin.token, form: {} })).toMatchObject({ status: 400, msg: '[取样日期]不能为空' });
    expect(await call(t.app, 'POST', '/api/admin/sampling/list', { token: finance.token, form: { date: '2026-12-11' } })).toMatchObject({ status: 403 });
    expect(await call(t.app, 'POST', '/api/admin/sampling/collect', { token: finance.token, form: { rid: 'x' } })).toMatchObject({ status: 403 });
    expect(await call(t.app, 'POST', '/api/admin/sampling/list', { token: member.token, form: { date: '2026-12-11' } })).toMatchObject({ status: 403 });
    expect(await call(t.app, 'POST', '/api/admin/sampling/list', { form: { date: '2026-12-11' } })).toMatchObject({ status: 401 });
  });
});

describe('sample4recycle: asking for samples back', () => {
  const ask = (token: string, form: Record<string, string | undefined>) => call<RecycleRequest>(t.app, 'POST', '/api/auth/sample4recycle/add', { token, form });

  it('records a request to an existing or a new address and lists the member’s own', async () => {
    const { token, address, member } = await memberWithAddress();
    const order = await makeOrder(t.db, member.id);
    const first = await ask(token, { samples: '粉末样品3管', address_rid: address.rid, order_no: order.orderNo });
    expect(first).toMatchObject({ status: 200, code: 1, msg: '提交成功!', data: { samples: '粉末样品3管', order_no: order.orderNo, area: '徐汇区', status: 'pending', statusText: '待寄回' } });
    t.clock.advance(1000);
    const second = await ask(token, { samples: '薄膜2片', ...wuxiAddress, message: '顺丰到付' });
    expect(second.data).toMatchObject({ city: '无锡市', message: '顺丰到付', order_no: null });
    const other = await login();
    await ask(other.token, { samples: '别人的样品', ...newAddress });
    const list = await call<Page<RecycleRequest>>(t.app, 'POST', '/api/auth/sample4recycle/list4person', { token });
    expect(list).toMatchObject({ status: 200, data: { total: 2 } });
    expect(list.data.list.map((r) => r.rid)).toEqual([second.data.rid, first.data.rid]);
  });

  it.each([
    [{ samples: '' }, '[样品说明]不能为空'],
    [{ name: '' }, '[姓名]不能为空'],
    [{ address_code: '', province: undefined, city: undefined, area: undefined }, '[收件地址]不能为空'],
    [{ address: '' }, '[详细地址]不能为空'],
    [{ address_code: '999999', province: undefined, city: undefined, area: undefined }, '[收件地址]不正确'],
  ])('refuses %j with %s', async (change, msg) => {
    const { token } = await login();
    expect(await ask(token, { samples: '样品', ...newAddress, ...change })).toMatchObject({ status: 400, msg });
  });

  it('refuses another member’s address with 404', async () => {
    const owner = await memberWithAddress();
    const other = await login();
    expect(await ask(other.token, { samples: '样品', address_rid: owner.address.rid })).toMatchObject({ status: 404, msg: '地址不存在' });
    expect(await call(t.app, 'POST', '/api/auth/sample4recycle/list4person')).toMatchObject({ status: 401 });
  });
});
