import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOURS_NOT_CONSECUTIVE_MESSAGE, PLAN_MAX_LINES, SLOT_TAKEN_MESSAGE, type MemberHomeData, type MemberUserInfo, type Plan } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { serviceItems } from '../catalog/catalog.tables';
import { planLines } from './orders.tables';
import { ITEM_WITHDRAWN_MESSAGE, PLAN_FULL_MESSAGE, PLAN_LINE_MISSING_MESSAGE, addLineToPlan } from './plan.service';
import { bookSlots } from './reservation-core';
import { makeItem, makePlanLine } from './test-helpers';

// Monday 2026-03-02 10:00 in Shanghai
const NOW = '2026-03-02T02:00:00Z';
const TOMORROW = '2026-03-03';
const SUNDAY = '2026-03-08';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: NOW });
});
afterAll(() => t.close());

const login = () => makeLoggedInMember(t.db, t.clock.now());
const post = <T = Plan>(url: string, token: string | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(token ? { token } : {}), form });
const list = (token: string) => post('/api/auth/tempDevice/list', token);
const add = (token: string, form: Record<string, string | number | undefined>) => post('/api/auth/tempDevice/add', token, form);
const addReservation = (token: string, form: Record<string, string | number | undefined>) => post('/api/auth/tempDevice/addForReservation', token, form);
const operate = (token: string, form: Record<string, string | number | undefined>) => post('/api/auth/tempDevice/operate', token, form);
const lines = (plan: Plan) => plan.dataArr.flatMap((g) => g.items);

describe('tempDevice/list and add', () => {
  it('needs a member token', async () => {
    expect((await post('/api/auth/tempDevice/list', undefined)).status).toBe(401);
    expect((await post('/api/auth/tempDevice/add', undefined, { rid: 'x' })).status).toBe(401);
  });

  it('starts empty', async () => {
    const { token } = await login();
    expect((await list(token)).data).toEqual({ dataArr: [], count: 0, totalFen: 0 });
  });

  it('adds an item priced from the catalogue; a price sent by the client is ignored', async () => {
    const { token } = await login();
    const item = await makeItem(t.db, { priceFen: 12000 });
    const res = await add(token, { rid: item.rid, count: 2, options: JSON.stringify({ 1: 12 }), note: '尽快', price: 1, priceFen: 1, unitPriceFen: 1, amountFen: 1, totalFen: 1 });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '已加入实验计划' });
    expect(res.data.count).toBe(1);
    expect(res.data.totalFen).toBe(2 * (12000 + 5000));
    const [line] = lines(res.data);
    expect(line).toMatchObject({
      rid: item.rid,
      name: item.name,
      count: 2,
      unitPriceFen: 17000,
      amountFen: 34000,
      note: '尽快',
      available: true,
      reservation: null,
      options: [{ optionId: 1, choiceId: 12, name: '测试模式', label: '高分辨', priceFen: 5000 }],
    });
    expect(line!.id).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    // the price follows the catalogue when read again
    await t.db.update(serviceItems).set({ priceFen: 20000 }).where(eq(serviceItems.id, item.id));
    expect((await list(token)).data.totalFen).toBe(2 * 25000);
  });

  it('accepts a JSON body with options as an object', async () => {
    const { token } = await login();
    const item = await makeItem(t.db);
    const res = await call<Plan>(t.app, 'POST', '/api/auth/tempDevice/add', { token, json: { rid: item.rid, count: 3, options: { '1': 11 } } });
    expect(res.code).toBe(1);
    expect(res.data.totalFen).toBe(30000);
  });

  it('refuses missing or invalid options, bad counts and unknown or withdrawn items', async () => {
    const { token } = await login();
    const item = await makeItem(t.db);
    expect(await add(token, { rid: item.rid, count: 1 })).toMatchObject({ status: 400, msg: '请选择测试模式' });
    expect(await add(token, { rid: item.rid, options: JSON.stringify({ 1: 99 }) })).toMatchObject({ status: 400, msg: '所选测试选项已失效，请重新选择' });
    expect(await add(token, { rid: item.rid, options: JSON.stringify({ 1: 11, 7: 1 }) })).toMatchObject({ status: 400, msg: '所选测试选项已失效，请重新选择' });
    expect(await add(token, { rid: item.rid, options: '{oops' })).toMatchObject({ status: 400, msg: '[测试选项]格式不正确' });
    expect(await add(token, { rid: item.rid, count: 0, options: JSON.stringify({ 1: 11 }) })).toMatchObject({ status: 400, msg: '[样品数量]不能小于1' });
    expect(await add(token, { rid: item.rid, count: 'x', options: JSON.stringify({ 1: 11 }) })).toMatchObject({ status: 400, msg: '[样品数量]必须是数字' });
    expect(await add(token, { rid: item.rid, count: 1000, options: JSON.stringify({ 1: 11 }) })).toMatchObject({ status: 400, msg: '[样品数量]不能超过999' });
    expect(await add(token, { options: JSON.stringify({ 1: 11 }) })).toMatchObject({ status: 400 });
    expect(await add(token, { rid: 'nope', options: JSON.stringify({ 1: 11 }) })).toMatchObject({ status: 404, msg: '项目不存在' });
    const withdrawn = await makeItem(t.db, { published: false });
    expect(await add(token, { rid: withdrawn.rid, options: JSON.stringify({ 1: 11 }) })).toMatchObject({ status: 409, msg: ITEM_WITHDRAWN_MESSAGE });
    const onSite = await makeItem(t.db, { reservable: true, options: [] });
    expect(await add(token, { rid: onSite.rid })).toMatchObject({ status: 400, msg: '该项目需选择预约日期和时段' });
    expect((await list(token)).data.count).toBe(0);
  });

  it('merges the same item with the same options; other options make another line', async () => {
    const { token } = await login();
    const item = await makeItem(t.db);
    await add(token, { rid: item.rid, count: 2, options: JSON.stringify({ 1: 11 }), note: '第一次' });
    const merged = await add(token, { rid: item.rid, count: 3, options: JSON.stringify({ 1: 11 }) });
    expect(merged.data.count).toBe(1);
    expect(lines(merged.data)[0]).toMatchObject({ count: 5, note: '第一次', amountFen: 50000 });
    const renoted = await add(token, { rid: item.rid, count: 1, options: JSON.stringify({ 1: 11 }), note: '第二次' });
    expect(lines(renoted.data)[0]).toMatchObject({ count: 6, note: '第二次' });
    const other = await add(token, { rid: item.rid, count: 1, options: JSON.stringify({ 1: 12 }) });
    expect(other.data.count).toBe(2);
    expect(other.data.totalFen).toBe(60000 + 15000);
  });

  it('merges concurrent adds of the same item into one line', async () => {
    const { member, token } = await login();
    const item = await makeItem(t.db);
    await Promise.all(Array.from({ length: 5 }, () => t.db.transaction((tx) => addLineToPlan(tx, member.id, { itemId: item.id, choices: { '1': 11 }, count: 1, note: '' }, t.clock.now()))));
    const plan = (await list(token)).data;
    expect(plan.count).toBe(1);
    expect(lines(plan)[0]!.count).toBe(5);
  });

  it('groups lines by service group, group 31 first and the rest ascending', async () => {
    const { member, token } = await login();
    for (const groupId of [40, 5, 31, 12]) await makePlanLine(t.db, member.id, await makeItem(t.db, { groupId }));
    const plan = (await list(token)).data;
    expect(plan.dataArr.map((g) => g.type_id)).toEqual([31, 5, 12, 40]);
    expect(plan.dataArr[0]!.name).toBe('测试分组31');
    expect(plan.count).toBe(4);
  });

  it('shows a withdrawn item or a changed option as unavailable and leaves it out of the total', async () => {
    const { member, token } = await login();
    const kept = await makeItem(t.db);
    const withdrawn = await makeItem(t.db);
    const changed = await makeItem(t.db);
    for (const item of [kept, withdrawn, changed]) await makePlanLine(t.db, member.id, item);
    await t.db.update(serviceItems).set({ published: false }).where(eq(serviceItems.id, withdrawn.id));
    await t.db.update(serviceItems).set({ options: [{ id: 2, name: '扫描范围', choices: [{ id: 21, label: '5-90°', priceFen: 0 }] }] }).where(eq(serviceItems.id, changed.id));
    const plan = (await list(token)).data;
    const byRid = new Map(lines(plan).map((l) => [l.rid, l]));
    expect(byRid.get(kept.rid)!.available).toBe(true);
    expect(byRid.get(withdrawn.rid)!.available).toBe(false);
    expect(byRid.get(changed.rid)!.available).toBe(false);
    expect(plan.totalFen).toBe(10000);
    expect(plan.count).toBe(3);
  });

  it(`holds at most ${PLAN_MAX_LINES} lines; merging into an existing line still works`, async () => {
    const { member, token } = await login();
    const item = await makeItem(t.db);
    const first = await makePlanLine(t.db, member.id, item);
    await t.db.insert(planLines).values(
      Array.from({ length: PLAN_MAX_LINES - 1 }, (_, i) => ({ rid: randomId(), memberId: member.id, itemId: item.id, count: 1, choices: {}, choiceKey: `x${i}` })),
    );
    const other = await makeItem(t.db);
    expect(await add(token, { rid: other.rid, options: JSON.stringify({ 1: 11 }) })).toMatchObject({ status: 409, msg: PLAN_FULL_MESSAGE });
    const merged = await add(token, { rid: item.rid, options: JSON.stringify({ 1: 11 }) });
    expect(merged.code).toBe(1);
    expect(lines(merged.data).find((l) => l.id === first.rid)!.count).toBe(2);
  });
});

describe('cartNum', () => {
  it('user/info and web/home/data count the plan lines', async () => {
    const { member, token } = await login();
    expect((await post<MemberUserInfo>('/api/auth/user/info', token)).data.cartNum).toBe(0);
    await makePlanLine(t.db, member.id, await makeItem(t.db));
    await makePlanLine(t.db, member.id, await makeItem(t.db));
    expect((await post<MemberUserInfo>('/api/auth/user/info', token)).data.cartNum).toBe(2);
    expect((await post<MemberHomeData>('/api/auth/web/home/data', token)).data.cartNum).toBe(2);
  });
});

describe('tempDevice/operate', () => {
  it('changes a count and a note, removes lines and clears the plan', async () => {
    const { member, token } = await login();
    const a = await makePlanLine(t.db, member.id, await makeItem(t.db));
    const b = await makePlanLine(t.db, member.id, await makeItem(t.db));
    const c = await makePlanLine(t.db, member.id, await makeItem(t.db));
    const counted = await operate(token, { action: 'count', ids: a.rid, count: 4 });
    expect(counted).toMatchObject({ status: 200, code: 1 });
    expect(lines(counted.data).find((l) => l.id === a.rid)).toMatchObject({ count: 4, amountFen: 40000 });
    const noted = await operate(token, { action: 'note', ids: a.rid, note: '避光保存' });
    expect(lines(noted.data).find((l) => l.id === a.rid)!.note).toBe('避光保存');
    const removed = await operate(token, { action: 'remove', ids: `${b.rid},${c.rid}` });
    expect(lines(removed.data).map((l) => l.id)).toEqual([a.rid]);
    const cleared = await operate(token, { action: 'clear' });
    expect(cleared.data).toEqual({ dataArr: [], count: 0, totalFen: 0 });
  });

  it('refuses bad input and another member’s lines (404)', async () => {
    const { member, token } = await login();
    const other = await login();
    const mine = await makePlanLine(t.db, member.id, await makeItem(t.db));
    const theirs = await makePlanLine(t.db, other.member.id, await makeItem(t.db));
    expect(await operate(token, { action: 'explode', ids: mine.rid })).toMatchObject({ status: 400, msg: '[操作]不正确' });
    expect(await operate(token, { action: 'count', ids: mine.rid })).toMatchObject({ status: 400, msg: '[样品数量]不能为空' });
    expect(await operate(token, { action: 'count', ids: mine.rid, count: 0 })).toMatchObject({ status: 400, msg: '[样品数量]不能小于1' });
    expect(await operate(token, { action: 'count', ids: '', count: 2 })).toMatchObject({ status: 400, msg: '请选择一个项目' });
    expect(await operate(token, { action: 'remove', ids: '' })).toMatchObject({ status: 400, msg: '请选择要移除的项目' });
    expect(await operate(token, { action: 'count', ids: theirs.rid, count: 9 })).toMatchObject({ status: 404, msg: PLAN_LINE_MISSING_MESSAGE });
    expect(await operate(token, { action: 'note', ids: theirs.rid, note: 'x' })).toMatchObject({ status: 404, msg: PLAN_LINE_MISSING_MESSAGE });
    expect(await operate(token, { action: 'remove', ids: theirs.rid })).toMatchObject({ status: 404, msg: PLAN_LINE_MISSING_MESSAGE });
    await operate(token, { action: 'clear' });
    const theirPlan = (await list(other.token)).data;
    expect(lines(theirPlan)).toHaveLength(1);
    expect(lines(theirPlan)[0]!.count).toBe(1);
  });
});

describe('tempDevice/addForReservation', () => {
  const instrument = () => makeItem(t.db, { reservable: true, priceFen: 30000, options: [] });

  it('adds an on-site line with its day and hours; the count is the number of hours', async () => {
    const { token } = await login();
    const item = await instrument();
    const res = await addReservation(token, { rid: item.rid, date: TOMORROW, hours: JSON.stringify([10, 9]), note: '需要液氮', priceFen: 1 });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '已加入实验计划' });
    expect(lines(res.data)[0]).toMatchObject({ rid: item.rid, count: 2, unitPriceFen: 30000, amountFen: 60000, reservation: { date: TOMORROW, hours: [9, 10] }, note: '需要液氮' });
    expect(await operate(token, { action: 'count', ids: lines(res.data)[0]!.id, count: 5 })).toMatchObject({ status: 400 });
    // another day of the same instrument is its own line
    const again = await addReservation(token, { rid: item.rid, date: '2026-03-04', hours: JSON.stringify([9]) });
    expect(again.data.count).toBe(2);
    expect(await addReservation(token, { rid: item.rid, date: TOMORROW, hours: JSON.stringify([10, 11]) })).toMatchObject({ status: 409, msg: '实验计划中已有该项目同一时段的预约' });
  });

  it('refuses items that are not reservable, bad days and bad hours', async () => {
    const { token } = await login();
    const item = await instrument();
    const plain = await makeItem(t.db, { options: [] });
    expect(await addReservation(token, { rid: plain.rid, date: TOMORROW, hours: '[9]' })).toMatchObject({ status: 400, msg: '该项目不支持上门预约' });
    expect(await addReservation(token, { rid: item.rid, date: '2026-03-02', hours: '[9]' })).toMatchObject({ status: 400, msg: '请预约明天及以后的时段' });
    expect(await addReservation(token, { rid: item.rid, date: SUNDAY, hours: '[9]' })).toMatchObject({ status: 400, msg: '周日实验室不开放预约，请选择其他日期' });
    expect(await addReservation(token, { rid: item.rid, date: '2026-05-01', hours: '[9]' })).toMatchObject({ status: 400, msg: '只能预约30天内的时段' });
    expect(await addReservation(token, { rid: item.rid, date: '2026-3-3', hours: '[9]' })).toMatchObject({ status: 400, msg: '[预约日期]格式应为YYYY-MM-DD' });
    expect(await addReservation(token, { rid: item.rid, date: TOMORROW, hours: '[]' })).toMatchObject({ status: 400, msg: '请选择预约时段' });
    expect(await addReservation(token, { rid: item.rid, date: TOMORROW, hours: '[9,11]' })).toMatchObject({ status: 400, msg: HOURS_NOT_CONSECUTIVE_MESSAGE });
    expect(await addReservation(token, { rid: item.rid, date: TOMORROW, hours: '[12]' })).toMatchObject({ status: 400, msg: '所选时段不在开放时间内' });
    expect(await addReservation(token, { rid: 'nope', date: TOMORROW, hours: '[9]' })).toMatchObject({ status: 404 });
    expect((await list(token)).data.count).toBe(0);
  });

  it('refuses hours another booking already holds (409)', async () => {
    const { token } = await login();
    const other = await login();
    const item = await instrument();
    await t.db.transaction((tx) => bookSlots(tx, { memberId: other.member.id, itemId: item.id, day: TOMORROW, hours: [14, 15], amountFen: 60000, orderId: null, note: '', holdUntil: null, now: t.clock.now() }));
    expect(await addReservation(token, { rid: item.rid, date: TOMORROW, hours: '[15,16]' })).toMatchObject({ status: 409, msg: SLOT_TAKEN_MESSAGE });
    expect((await addReservation(token, { rid: item.rid, date: TOMORROW, hours: '[16,17]' })).code).toBe(1);
  });
});
