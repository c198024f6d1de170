
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, OrderDetail, ProgressStatus, TestRecord } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { attachReport, eventsOf, freshToken, makeOrder, memberOf, messagesOf, orderRow, post, progressContext, type OrderOptions } from './progress.test-helpers';

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
const START = '2026-03-02T02:00:00Z';
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestContext({ now: START });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

type AdminDetail = OrderDetail & { member: AdminOrder['member'] };
const order = async (options: OrderOptions = {}, who?: Awaited<ReturnType<typeof memberOf>>) => {
  const m = who ?? (await memberOf(t));
  const row = await makeOrder(t, ctx.item, m.member.id, options);
  return { m, row };
};
const staffCall = (action: string, who: { token: string } | undefined, form: Record<string, string | undefined>) =>
  post<AdminDetail>(t, `/api/admin/orders/${action}`, who, form);

describe('member: confirm data (assign/right)', () => {
  it('delivered → completed with confirmed_data and completed events', async () => {
    const { m, row } = await order({ progress: 'delivered' });
    const res = await post<OrderDetail>(t, '/api/auth/assign/right', m, { order_no: row.orderNo });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '已确认数据', data: { progress: 'completed', actions: { evaluate: true, confirmData: false } } });
    expect((await eventsOf(t, row.id)).map((e) => [e.status, e.actorKind])).toEqual([
      ['confirmed_data', 'member'],
      ['completed', 'member'],
    ]);
    expect((await orderRow(t, row.orderNo)).completedAt).not.toBeNull();
  });

  it('refused before delivery, for another member (404), with an open dispute, and without a number', async () => {
    const { m, row } = await order({ progress: 'testing' });
    expect(await post(t, '/api/auth/assign/right', m, { order_no: row.orderNo })).toMatchObject({ status: 409, msg: '订单当前为「测试中」，不能确认数据' });
    const delivered = await order({ progress: 'delivered' });
    const stranger = await memberOf(t);
    expect(await post(t, '/api/auth/assign/right', stranger, { order_no: delivered.row.orderNo })).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await post(t, '/api/auth/assign/right', undefined, { order_no: delivered.row.orderNo })).toMatchObject({ status: 401 });
    expect(await post(t, '/api/auth/assign/right', delivered.m, {})).toMatchObject({ status: 400, msg: '[订单编号]不能为空' });
    await post(t, '/api/auth/assign/wrong', delivered.m, { order_no: delivered.row.orderNo, reason: '数据缺失' });
    expect(await post(t, '/api/auth/assign/right', delivered.m, { order_no: delivered.row.orderNo })).toMatchObject({ status: 409, msg: '您已申请复测，请等待实验室处理' });
    expect((await orderRow(t, delivered.row.orderNo)).progress).toBe('delivered');
  });
});

describe('member: dispute (assign/wrong)', () => {
  it('records the reason, an event and a message; a second open dispute is refused', async () => {
    const { m, row } = await order({ progress: 'delivered' });
    expect(await post(t, '/api/auth/assign/wrong', m, { order_no: row.orderNo })).toMatchObject({ status: 400, msg: '[问题描述]不能为空' });
    expect(await post(t, '/api/auth/assign/wrong', m, { order_no: row.orderNo, reason: 'x'.repeat(501) })).toMatchObject({ status: 400 });
    const res = await post<OrderDetail>(t, '/api/auth/assign/wrong', m, { order_no: row.orderNo, reason: '  衍射峰强度异常 ' });
    expect(res).toMatchObject({
      status: 200,
      code: 1,
      msg: '已提交复测申请',
      data: { progress: 'delivered', dispute: { reason: '衍射峰强度异常', resolved: false }, actions: { dispute: false, confirmData: false } },
    });
    expect((await eventsOf(t, row.id)).at(-1)).toMatchObject({ status: 'disputed', note: '衍射峰强度异常', actorKind: 'member' });
    expect((await messagesOf(t, m.member.id)).at(-1)).toMatchObject({ title: '复测申请已提交' });
    expect(await post(t, '/api/auth/assign/wrong', m, { order_no: row.orderNo, reason: '再次申请' })).toMatchObject({ status: 409, msg: '您已提交复测申请，请等待实验室处理' });
    const stranger = await memberOf(t);
    expect(await post(t, '/api/auth/assign/wrong', stranger, { order_no: row.orderNo, reason: '别人的' })).toMatchObject({ status: 404 });
  });

  it('only while delivered', async () => {
    const { m, row } = await order({ progress: 'completed' });
    expect(await post(t, '/api/auth/assign/wrong', m, { order_no: row.orderNo, reason: '有问题' })).toMatchObject({ status: 409, msg: '订单当前为「已完成」，不能申请复测' });
  });

  it('only within 15 days of delivery (the clock moved 16 days)', async () => {
    const { m, row } = await order({ progress: 'delivered' });
    const late = await order({ progress: 'delivered' });
    try {
      t.clock.advance(14 * DAY + 23 * 60 * 60 * 1000);
      const inTime = await freshToken(t, m.member.id);
      expect(await post(t, '/api/auth/assign/wrong', inTime, { order_no: row.orderNo, reason: '第15天内' })).toMatchObject({ status: 200, code: 1 });
      t.clock.set(new Date(late.row.deliveredAt!.getTime() + 16 * DAY));
      const tooLate = await freshToken(t, late.m.member.id);
      expect(await post(t, '/api/auth/assign/wrong', tooLate, { order_no: late.row.orderNo, reason: '太晚了' })).toMatchObject({
        status: 409,
        code: 0,
        msg: '已超过复测申请期限（数据交付后15天内）',
      });
      expect((await orderRow(t, late.row.orderNo)).disputedAt).toBeNull();
      // confirming is still possible
      expect(await post(t, '/api/auth/assign/right', tooLate, { order_no: late.row.orderNo })).toMatchObject({ status: 200, code: 1 });
    } finally {
      t.clock.set(START);
    }
  });

  it('after a re-test and a new delivery the member may dispute again', async () => {
    const { m, row } = await order({ progress: 'delivered' });
    await post(t, '/api/auth/assign/wrong', m, { order_no: row.orderNo, reason: '第一次' });
    await staffCall('retest', ctx.lab, { order_no: row.orderNo });
    await staffCall('deliver', ctx.lab, { order_no: row.orderNo }).then((r) => expect(r.msg).toBe('请先上传报告文件'));
    await attachReport(t, row.id);
    expect(await staffCall('deliver', ctx.lab, { order_no: row.orderNo })).toMatchObject({ status: 200, data: { actions: { dispute: true } } });
    expect(await post(t, '/api/auth/assign/wrong', m, { order_no: row.orderNo, reason: '第二次' })).toMatchObject({ status: 200, data: { dispute: { reason: '第二次', resolved: false } } });
  });
});

describe('member: evaluate/add', () => {
  it('once, on a completed order', async () => {
    const { m, row } = await order({ progress: 'completed' });
    expect(await post(t, '/api/auth/evaluate/add', m, { order_no: row.orderNo, score: '6' })).toMatchObject({ status: 400, msg: '[评分]不能超过5' });
    expect(await post(t, '/api/auth/evaluate/add', m, { order_no: row.orderNo, score: '0' })).toMatchObject({ status: 400, msg: '[评分]不能小于1' });
    expect(await post(t, '/api/auth/evaluate/add', m, { order_no: row.orderNo, score: 'abc' })).toMatchObject({ status: 400, msg: '[评分]必须是数字' });
    expect(await post(t, '/api/auth/evaluate/add', m, { order_no: row.orderNo, score: '4', content: 'x'.repeat(501) })).toMatchObject({ status: 400 });
    const res = await post<OrderDetail>(t, '/api/auth/evaluate/add', m, { order_no: row.orderNo, score: '5', content: '数据质量高，响应及时' });
    expect(res).toMatchObject({ status: 200, code: 1, data: { evaluation: { score: 5, content: '数据质量高，响应及时' }, actions: { evaluate: false } } });
    expect(await post(t, '/api/auth/evaluate/add', m, { order_no: row.orderNo, score: '1' })).toMatchObject({ status: 409, code: 0, msg: '该订单已评价' });
    expect((await orderRow(t, row.orderNo)).evaluationScore).toBe(5);
    expect((await eventsOf(t, row.id)).map((e) => e.status)).toEqual(['evaluated']);
  });

  it('refused before completion and for another member', async () => {
    const { m, row } = await order({ progress: 'delivered' });
    expect(await post(t, '/api/auth/evaluate/add', m, { order_no: row.orderNo, score: '5' })).toMatchObject({ status: 409, msg: '订单完成后才能评价' });
    const done = await order({ progress: 'completed' });
    expect(await post(t, '/api/auth/evaluate/add', m, { order_no: done.row.orderNo, score: '5' })).toMatchObject({ status: 404, msg: '订单不存在' });
    expect((await orderRow(t, done.row.orderNo)).evaluationScore).toBeNull();
  });

  it('two evaluations at once: one wins', async () => {
    const { m, row } = await order({ progress: 'completed' });
    const results = await Promise.all([1, 2, 3].map((score) => post(t, '/api/auth/evaluate/add', m, { order_no: row.orderNo, score: String(score) })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.msg === '该订单已评价')).toHaveLength(2);
  });
});

describe('member: order/testRecord', () => {
  const expected: [ProgressStatus, string][] = [
    ['submitted', '订单待确认'],
    ['awaiting_sample', '待寄样'],
    ['received', '已收样，待测试'],
    ['testing', '测试中'],
    ['delivered', '数据已交付'],
    ['completed', '已完成'],
    ['cancelled', '已取消'],
  ];
  it.each(expected)('%s: samples read %s', async (progress, text) => {
    const { m, row } = await order({ progress, lines: 2 });
    const res = await post<TestRecord[]>(t, '/api/auth/order/testRecord', m, { order_no: row.orderNo });
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect(res.data).toHaveLength(2);
    expect(res.data[1]!.samples).toEqual([
      { code: `${row.orderNo}-2-1`, name: '样品A2', status: text },
      { code: `${row.orderNo}-2-2`, name: '样品B2', status: text },
    ]);
  });

  it('carries the lab timeline (not payment events); another member → 404; bad input → 400', async () => {
    const { m, row } = await order({ progress: 'testing', payment: 'unpaid', payLater: true });
    await attachReport(t, row.id);
    await staffCall('deliver', ctx.lab, { order_no: row.orderNo });
    const res = await post<TestRecord[]>(t, '/api/auth/order/testRecord', m, { order_no: row.orderNo });
    expect(res.data[0]!.events.map((e) => e.status)).toEqual(['delivered']);
    expect(res.data[0]!.events[0]).toMatchObject({ title: '数据已交付', actor: 'staff', actorName: '测试lab' });
    const stranger = await memberOf(t);
    expect(await post(t, '/api/auth/order/testRecord', stranger, { order_no: row.orderNo })).toMatchObject({ status: 404 });
    expect(await post(t, '/api/auth/order/testRecord', m, {})).toMatchObject({ status: 400, msg: '[订单编号]不能为空' });
    expect(await post(t, '/api/auth/order/testRecord', undefined, { order_no: row.orderNo })).toMatchObject({ status: 401 });
  });
});
