import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestRecord } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { randomId } from '../../../platform/crypto';
import { outbox } from '../../../platform/platform.tables';
import { samplings } from '../pickups/pickups.tables';
import { orders } from '../orders.tables';
import { balanceOf } from '../../funds/ledger.service';
import type { StaffAction } from './progress.service';
import { attachReport, eventsOf, memberOf, messagesOf, orderRow, post, progressCalls, progressContext, smsTo } from './progress.test-helpers';

/** The staff steps of an order's progress (confirm, receive, test, deliver, complete, cancel, re-test) and the staff detail. */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
const START = '2026-03-02T02:00:00Z';

beforeAll(async () => {
  t = await createTestContext({ now: START });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const { order, staffCall } = progressCalls(() => ({ t, ctx }));

describe('staff steps', () => {
  it('validates the body: order number required, unknown order → 404, note too long → 400', async () => {
    expect(await staffCall('confirm', ctx.lab, {})).toMatchObject({ status: 400, code: 0, msg: '[订单编号]不能为空' });
    expect(await staffCall('confirm', ctx.lab, { order_no: 'KY2026030299999999' })).toMatchObject({ status: 404, code: 0, msg: '订单不存在' });
    const { row } = await order();
    expect(await staffCall('confirm', ctx.lab, { order_no: row.orderNo, note: '长'.repeat(501) })).toMatchObject({ status: 400, code: 0 });
    expect((await orderRow(t, row.orderNo)).progress).toBe('submitted');
  });

  it('a whole journey: each step is an event with the staff name, an in-site message and an SMS (and e-mail)', async () => {
    const m = await memberOf(t, { email: 'teacher@example.edu.cn', name: '李老师' });
    const { row } = await order({ payment: 'paid' }, m);
    const steps: [StaffAction, string, RegExp][] = [
      ['confirm', '订单已确认', /寄送样品/],
      ['receive', '样品已签收', /客户经理将在2小时内与您电话联系/],
      ['test', '样品测试中', /已开始测试/],
      ['deliver', '数据已交付', /下载报告/],
      ['complete', '订单已完成', /欢迎对本次服务进行评价/],
    ];
    for (const [action, title, text] of steps) {
      if (action === 'deliver') await attachReport(t, row.id);
      const res = await staffCall(action, ctx.lab, { order_no: row.orderNo, note: `备注-${action}` });
      expect(res, action).toMatchObject({ status: 200, code: 1 });
      const messages = await messagesOf(t, m.member.id);
      expect(messages.at(-1)).toMatchObject({ title, link: `/member/order/${row.orderNo}` });
      expect(messages.at(-1)!.content).toMatch(text);
      const [sms] = await smsTo(t, m.member.phone);
      expect(sms!.body).toMatch(/^【科研检测】/);
      expect(sms!.body).toMatch(text);
      expect(sms!.params).toEqual({ orderNo: row.orderNo });
    }
    expect((await smsTo(t, m.member.phone)).map((s) => s.template).reverse()).toEqual([
      'order_confirmed',
      'order_sample_received',
      'order_testing',
      'order_data_delivered',
      'order_completed',
    ]);
    const emails = await t.db.select().from(outbox).where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, 'teacher@example.edu.cn')));
    expect(emails).toHaveLength(5);
    const events = await eventsOf(t, row.id);
    expect(events.map((e) => [e.status, e.title, e.note, e.actorName])).toEqual([
      ['awaiting_sample', '订单已确认', '备注-confirm', '测试lab'],
      ['received', '样品已签收', '备注-receive', '测试lab'],
      ['testing', '开始测试', '备注-test', '测试lab'],
      ['delivered', '数据已交付', '备注-deliver', '测试lab'],
      ['completed', '订单已完成', '备注-complete', '测试lab'],
    ]);
    const after = await orderRow(t, row.orderNo);
    expect(after.receivedAt).not.toBeNull();
    expect(after.deliveredAt).not.toBeNull();
    expect(after.completedAt).not.toBeNull();
  });

  it('the confirmation tells the member only what applies: send the sample, wait for the pickup, or come to the lab', async () => {
    const cases: [Partial<typeof orders.$inferInsert>, RegExp, RegExp][] = [
      [{ delivery: 'self' }, /^您的订单.+已确认，请按订单详情中的实验室地址寄送样品。$/, /上门|取样员/],
      [{ delivery: 'pickup' }, /^您的订单.+已确认，取样员将按预约时间上门取样，请备好样品。$/, /寄送样品/],
      [{ kind: 'reservation' }, /^您的预约.+已确认，请按预约时间到实验室上机测试。$/, /寄送样品|取样员/],
    ];
    for (const [how, says, never] of cases) {
      const { m, row } = await order();
      await t.db.update(orders).set(how).where(eq(orders.id, row.id));
      expect(await staffCall('confirm', ctx.sales, { order_no: row.orderNo })).toMatchObject({ code: 1 });
      const message = (await messagesOf(t, m.member.id)).at(-1)!;
      expect(message.content, JSON.stringify(how)).toMatch(says);
      expect(message.content, JSON.stringify(how)).not.toMatch(never);
      const [sms] = await smsTo(t, m.member.phone);
      expect(sms!.body).not.toMatch(never);
    }
  });

  it('receive takes a scanned order number or sample code (spaces, lower case) and records when', async () => {
    const a = await order({ progress: 'awaiting_sample' });
    const res = await staffCall('receive', ctx.lab, { order_no: `  ${a.row.orderNo.toLowerCase()}-1-2 ` });
    expect(res).toMatchObject({ status: 200, code: 1, data: { orderNo: a.row.orderNo, progress: 'received', member: { rid: a.m.member.rid } } });
    expect((await orderRow(t, a.row.orderNo)).receivedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(await staffCall('receive', ctx.lab, { order_no: a.row.orderNo })).toMatchObject({ status: 409, msg: '订单当前为「已收样」，不能确认收样' });
  });

  it('receiving the sample of a home-pickup order marks a still open pickup collected', async () => {
    const { m, row } = await order({ progress: 'awaiting_sample' });
    const [pickup] = await t.db
      .insert(samplings)
      .values({
        rid: randomId(),
        memberId: m.member.id,
        pickupDate: '2026-03-03',
        timeSlot: '09:00-12:00',
        name: '张老师',
        phone: '13800000000',
        province: '上海市',
        city: '上海市',
        area: '徐汇区',
        addressCode: '310104',
        address: '桂平路 680 号',
        sendAddress: '上海市上海市徐汇区桂平路 680 号',
      })
      .returning();
    await t.db.update(orders).set({ delivery: 'pickup', samplingId: pickup!.id }).where(eq(orders.id, row.id));
    expect(await staffCall('receive', ctx.lab, { order_no: row.orderNo })).toMatchObject({ status: 200, code: 1 });
    const [after] = await t.db.select().from(samplings).where(eq(samplings.id, pickup!.id));
    expect(after).toMatchObject({ status: 'collected', staffId: ctx.lab.id });
    expect(after!.collectedAt?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('two staff clicks on the same step at once: one applies, the other hears 409', async () => {
    const { row } = await order({ progress: 'awaiting_sample' });
    const results = await Promise.all([staffCall('receive', ctx.lab, { order_no: row.orderNo }), staffCall('receive', ctx.admin, { order_no: row.orderNo })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await eventsOf(t, row.id)).filter((e) => e.status === 'received')).toHaveLength(1);
    expect((await messagesOf(t, row.memberId)).filter((msg) => msg.title === '样品已签收')).toHaveLength(1);
  });

  it('testing: an enterprise order must be paid in full; an unpaid order needs pay-after-test', async () => {
    const enterpriseUnpaid = await order({ progress: 'received', payment: 'unpaid', payLater: true, organization: 2 });
    expect(await staffCall('test', ctx.lab, { order_no: enterpriseUnpaid.row.orderNo })).toMatchObject({ status: 409, code: 0, msg: '企业订单需全额付款后才能开始测试' });
    const enterpriseUnsettled = await order({ progress: 'received', payment: 'unsettled', organization: 2 });
    expect(await staffCall('test', ctx.lab, { order_no: enterpriseUnsettled.row.orderNo })).toMatchObject({ status: 409, msg: '企业订单需全额付款后才能开始测试' });
    // paid in full, the signed agreement is what is missing next (agreement-sign.test.ts: signed, it starts)
    const enterprisePaid = await order({ progress: 'received', payment: 'paid', organization: 2 });
    expect(await staffCall('test', ctx.lab, { order_no: enterprisePaid.row.orderNo })).toMatchObject({
      status: 409,
      msg: '企业客户的订单须签署委托检测服务协议后才能开始测试：委托检测服务协议未生效，客户尚未签署（可在订单页在线签署，或打印签字后上传）',
    });
    const unpaid = await order({ progress: 'received', payment: 'unpaid', payLater: false });
    expect(await staffCall('test', ctx.lab, { order_no: unpaid.row.orderNo })).toMatchObject({ status: 409, msg: '订单未支付，请先付款或选择测试后结算' });
    expect((await orderRow(t, unpaid.row.orderNo)).progress).toBe('received');
    const payLater = await order({ progress: 'received', payment: 'unpaid', payLater: true, organization: 3 });
    expect(await staffCall('test', ctx.lab, { order_no: payLater.row.orderNo })).toMatchObject({ status: 200, data: { progress: 'testing', payment: 'unpaid' } });
  });

  it('deliver needs a report file; a pay-after-test order becomes 待结算 with an event', async () => {
    const { row } = await order({ progress: 'testing', payment: 'unpaid', payLater: true });
    expect(await staffCall('deliver', ctx.lab, { order_no: row.orderNo })).toMatchObject({ status: 409, code: 0, msg: '请先上传报告文件' });
    expect((await orderRow(t, row.orderNo)).progress).toBe('testing');
    await attachReport(t, row.id, 'XRD数据.pdf');
    const res = await staffCall('deliver', ctx.lab, { order_no: row.orderNo });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '数据已交付', data: { progress: 'delivered', payment: 'unsettled', paymentText: '待结算', reports: [{ name: 'XRD数据.pdf' }] } });
    const events = await eventsOf(t, row.id);
    expect(events.map((e) => e.status)).toEqual(['delivered', 'unsettled']);
    expect((await messagesOf(t, row.memberId)).at(-1)!.content).toMatch(/待结算/);
    // a paid order stays paid
    const paid = await order({ progress: 'testing', payment: 'paid' });
    await attachReport(t, paid.row.id);
    expect(await staffCall('deliver', ctx.lab, { order_no: paid.row.orderNo })).toMatchObject({ status: 200, data: { payment: 'paid' } });
  });

  it('cancel needs a reason, refunds a paid order to its funds and tells the member', async () => {
    const { m, row } = await order({ progress: 'received', payment: 'paid' });
    expect(await balanceOf(t.db, 'member', m.member.id)).toBe(0);
    expect(await staffCall('cancel', ctx.lab, { order_no: row.orderNo })).toMatchObject({ status: 400, code: 0, msg: '[取消原因]不能为空' });
    // sales refund up to ¥2,000 alone; the lab's refunds are all approved by a second person (approvals.test.ts)
    const res = await staffCall('cancel', ctx.sales, { order_no: row.orderNo, reason: '样品不符合测试要求', refund_fen: String(row.paidFen) });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '订单已取消', data: { progress: 'cancelled', payment: 'refunded' } });
    expect(await balanceOf(t.db, 'member', m.member.id)).toBe(row.paidFen);
    const after = await orderRow(t, row.orderNo);
    expect(after.cancelReason).toBe('样品不符合测试要求');
    const [sms] = await smsTo(t, m.member.phone);
    expect(sms).toMatchObject({ template: 'order_cancelled' });
    expect(sms!.body).toMatch(/样品不符合测试要求/);
    const events = await eventsOf(t, row.id);
    expect(events.map((e) => [e.status, e.actorName])).toEqual([
      ['cancelled', '测试sales'],
      ['refunded', '测试sales'],
    ]);
  });

  it('re-test answers an open dispute; the order goes back to testing', async () => {
    const { m, row } = await order({ progress: 'delivered' });
    expect(await post(t, '/api/auth/assign/wrong', m, { order_no: row.orderNo, reason: '峰位偏移' })).toMatchObject({ status: 200, code: 1 });
    const res = await staffCall('retest', ctx.lab, { order_no: row.orderNo, note: '重新制样测试' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '已安排复测', data: { progress: 'testing', dispute: { reason: '峰位偏移', resolved: true } } });
    expect((await eventsOf(t, row.id)).at(-1)).toMatchObject({ status: 'testing', title: '开始复测', note: '重新制样测试' });
    expect((await smsTo(t, m.member.phone))[0]).toMatchObject({ template: 'order_retest' });
    const record = await post<TestRecord[]>(t, '/api/auth/order/testRecord', m, { order_no: row.orderNo });
    // the re-test put the samples back in the queue
    expect(record.data[0]!.samples[0]!.status).toBe('复测中：排队中');
  });
});

describe('staff detail', () => {
  it('detail: any order with its member; unknown → 404; missing number → 400', async () => {
    const { m, row } = await order({ progress: 'testing' });
    await attachReport(t, row.id);
    const res = await staffCall('detail', ctx.lab, { order_no: row.orderNo });
    expect(res).toMatchObject({ status: 200, code: 1, data: { orderNo: row.orderNo, member: { rid: m.member.rid, phone: m.member.phone }, reports: [{ name: '检测报告.pdf' }] } });
    expect(res.data.lines[0]!.samples.map((s) => s.code)).toEqual([`${row.orderNo}-1-1`, `${row.orderNo}-1-2`]);
    expect(await staffCall('detail', ctx.lab, { order_no: 'KY0000' })).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await staffCall('detail', ctx.lab, {})).toMatchObject({ status: 400, msg: '[订单编号]不能为空' });
  });
});
