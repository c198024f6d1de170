import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, OrderDetail, SampleLabels } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { refundShown } from '../../../../test/decision-pins';
import { askReturn, auditCount, deskOrder, HOUR, lastAudit, MINUTE, switchableSms } from './order-desk.test-helpers';
import { attachReport, eventsOf, memberOf, messagesOf, orderRow, pdfBytes, post, progressContext, uploadReport, type OrderOptions } from './progress.test-helpers';
import { orderLines } from '../orders.tables';
import type { StaffAction } from './progress.service';

/**
 * The order desk: the detail staff work from, 记录回访, the data notice (on delivery and
 * 重发数据通知), the audit rows of every step, and the sample labels.
 */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
const sms = switchableSms();
// 10:00 on Monday 2 March 2026 in Shanghai
const START = '2026-03-02T02:00:00Z';

beforeAll(async () => {
  t = await createTestContext({ now: START, sms });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);
const desk = <T = AdminOrderDetail>(path: string, who: { token: string } | undefined, form: Record<string, string | undefined>) => post<T>(t, `/api/admin/orders/${path}`, who, form);
const order = async (options: Parameters<typeof deskOrder>[3] = {}) => {
  const m = await memberOf(t, { name: '郑老师', company: '桌面大学材料学院', email: 'zheng@example.edu.cn' });
  const row = await deskOrder(t, ctx.item, m.member.id, options);
  return { m, row };
};

describe('the detail the desk works from', () => {
  it('has the member, the lab’s times, the promises, the actions the state allows and what still blocks one; a scanned sample code opens it', async () => {
    const unpaid = await order({ progress: 'received', payment: 'unpaid', organization: 2, set: { receivedAt: ago(30 * MINUTE) } });
    const res = await desk('detail', ctx.lab, { order_no: `${unpaid.row.orderNo.toLowerCase()}-1-2` });
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect(res.data).toMatchObject({
      orderNo: unpaid.row.orderNo,
      progress: 'received',
      member: { rid: unpaid.m.member.rid, name: '郑老师', phone: unpaid.m.member.phone, company: '桌面大学材料学院', email: 'zheng@example.edu.cn' },
      receivedAt: ago(30 * MINUTE).toISOString(),
      managerCall: null,
      dataNotifiedAt: null,
      promises: [{ kind: 'call', state: 'pending', dueAt: ago(-90 * MINUTE).toISOString() }],
      returns: [],
      blocked: { test: '企业订单需全额付款后才能开始测试；企业客户的订单须签署委托检测服务协议后才能开始测试：委托检测服务协议未生效，客户尚未签署（可在订单页在线签署，或打印签字后上传）' },
    });
    expect(res.data.staffActions).toEqual({ confirm: false, receive: false, test: true, deliver: false, complete: false, retest: false, cancel: true, upload: false, call: true, notify: false });
    expect(res.data.lines[0]!.samples.map((s) => s.code)).toEqual([`${unpaid.row.orderNo}-1-1`, `${unpaid.row.orderNo}-1-2`]);

    const testing = await order({ progress: 'testing' });
    const waiting = (await desk('detail', ctx.sales, { order_no: testing.row.orderNo })).data;
    expect(waiting.blocked).toEqual({ deliver: '请先上传报告文件' });
    expect(waiting.staffActions).toMatchObject({ deliver: true, upload: true, cancel: true, call: true });

    const delivered = await order({ progress: 'delivered', set: { paidAt: ago(10 * HOUR), deliveredAt: ago(HOUR), dataNotifiedAt: ago(HOUR) } });
    await attachReport(t, delivered.row.id);
    const asked = await askReturn(t, delivered.m.member.id, { orderNo: delivered.row.orderNo, at: ago(2 * HOUR) });
    const done = (await desk('detail', ctx.lab, { order_no: delivered.row.orderNo })).data;
    expect(done.staffActions).toMatchObject({ complete: true, retest: true, notify: true, upload: true, cancel: false, deliver: false });
    expect(done.reports.map((r) => r.name)).toEqual(['检测报告.pdf']);
    expect(done.returns).toEqual([expect.objectContaining({ rid: asked.rid, status: 'pending', statusText: '待寄回' })]);
    expect(done.promises.map((p) => [p.kind, p.state])).toEqual([
      ['call', 'missed'],
      ['notice', 'done'],
      ['return', 'pending'],
    ]);

    expect(await desk('detail', ctx.lab, { order_no: 'KY2026030299999999' })).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await desk('detail', ctx.finance, { order_no: delivered.row.orderNo })).toMatchObject({ status: 403 });
  });
});

describe('记录回访 (POST /api/admin/orders/call)', () => {
  it('sales records the manager’s call once after the sample arrived: the promise, the timeline (without what was said) and the audit log', async () => {
    const { m, row } = await order({ progress: 'testing', set: { receivedAt: ago(3 * HOUR) } });
    const before = await auditCount(t);
    expect(await desk('call', ctx.lab, { order_no: row.orderNo, note: '已联系' })).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
    expect(await desk('call', ctx.sales, { order_no: row.orderNo, note: '  ' })).toMatchObject({ status: 400, msg: '[回访记录]不能为空' });
    expect(await desk('call', ctx.sales, { order_no: row.orderNo, note: '长'.repeat(501) })).toMatchObject({ status: 400, msg: '[回访记录]不能超过500个字符' });
    expect(await auditCount(t)).toBe(before);

    const res = await desk('call', ctx.sales, { order_no: row.orderNo, note: '已与郑老师确认测试条件，周五前出数据' });
    expect(res).toMatchObject({
      status: 200,
      msg: '回访已记录',
      data: { managerCall: { at: t.clock.now().toISOString(), by: '测试sales', note: '已与郑老师确认测试条件，周五前出数据' }, staffActions: { call: false } },
    });
    expect(res.data.promises[0]).toMatchObject({ kind: 'call', state: 'late', doneAt: t.clock.now().toISOString() });
    const entry = await lastAudit(t);
    expect(entry).toMatchObject({ action: 'orders.call', actionLabel: '记录回访', entity: 'order', targetKey: row.orderNo, staffRole: 'sales' });
    expect(entry!.before).toMatchObject({ managerCalledAt: null, managerCallNote: null });
    expect(entry!.after).toMatchObject({ managerCalledAt: t.clock.now().toISOString(), managerCallNote: '已与郑老师确认测试条件，周五前出数据' });
    const events = await eventsOf(t, row.id);
    expect(events.at(-1)).toMatchObject({ status: 'note', title: '客户经理已电话回访', note: '', actorName: '测试sales' });
    const mine = await post<OrderDetail>(t, '/api/auth/order/detail', m, { order_no: row.orderNo });
    expect(JSON.stringify(mine.data.events)).not.toContain('周五前出数据');

    const count = await auditCount(t);
    expect(await desk('call', ctx.sales, { order_no: row.orderNo, note: '再次联系' })).toMatchObject({ status: 409, msg: '该订单已记录回访' });
    const waiting = await order({ progress: 'awaiting_sample' });
    expect(await desk('call', ctx.sales, { order_no: waiting.row.orderNo, note: '提醒寄样' })).toMatchObject({ status: 409, msg: '样品签收后才能记录回访' });
    const cancelled = await order({ progress: 'cancelled', payment: 'unpaid', set: { receivedAt: ago(HOUR) } });
    expect(await desk('call', ctx.sales, { order_no: cancelled.row.orderNo, note: '无' })).toMatchObject({ status: 409, msg: '订单已取消，无需回访' });
    expect(await desk('call', ctx.sales, { order_no: 'KY2026030299999999', note: '无' })).toMatchObject({ status: 404 });
    expect(await desk('call', ctx.finance, { order_no: row.orderNo, note: '无' })).toMatchObject({ status: 403 });
    expect(await auditCount(t)).toBe(count);
    expect(await desk('call', ctx.admin, { order_no: waiting.row.orderNo, note: '无' })).toMatchObject({ status: 409 });
  });
});

describe('the data notice', () => {
  it('delivering records when the notice went out; when the SMS fails the delivery stands and 重发数据通知 sends it later', async () => {
    sms.down = false;
    const sent = await order({ progress: 'testing', set: { receivedAt: ago(HOUR), managerCalledAt: ago(HOUR) } });
    await attachReport(t, sent.row.id);
    const delivered = await desk('deliver', ctx.lab, { order_no: sent.row.orderNo });
    expect(delivered.data).toMatchObject({ progress: 'delivered', dataNotifiedAt: t.clock.now().toISOString(), staffActions: { notify: true } });
    expect(delivered.data.promises.find((p) => p.kind === 'notice')).toMatchObject({ state: 'done' });
    expect(sms.sent.at(-1)).toMatchObject({ phone: sent.m.member.phone, template: 'order_data_delivered' });
    expect((await lastAudit(t))!.after).toMatchObject({ progress: 'delivered', dataNotifiedAt: t.clock.now().toISOString() });

    // the provider is down when the next order is delivered
    const failed = await order({ progress: 'testing' });
    await attachReport(t, failed.row.id);
    sms.down = true;
    const stands = await desk('deliver', ctx.lab, { order_no: failed.row.orderNo });
    expect(stands).toMatchObject({ status: 200, data: { progress: 'delivered', dataNotifiedAt: null } });
    expect((await messagesOf(t, failed.m.member.id)).at(-1)).toMatchObject({ title: '数据已交付' });

    t.clock.advance(40 * MINUTE);
    const messages = (await messagesOf(t, failed.m.member.id)).length;
    const audits = await auditCount(t);
    expect(await desk('notify', ctx.sales, { order_no: failed.row.orderNo })).toMatchObject({ status: 503, msg: '通知发送失败，请稍后重试' });
    expect((await orderRow(t, failed.row.orderNo)).dataNotifiedAt).toBeNull();
    expect((await messagesOf(t, failed.m.member.id)).length).toBe(messages);
    expect(await auditCount(t)).toBe(audits);

    sms.down = false;
    const again = await desk('notify', ctx.sales, { order_no: failed.row.orderNo });
    expect(again).toMatchObject({ status: 200, msg: '数据通知已发送', data: { dataNotifiedAt: t.clock.now().toISOString() } });
    expect(again.data.promises.find((p) => p.kind === 'notice')).toMatchObject({ state: 'done', doneAt: t.clock.now().toISOString() });
    expect(sms.sent.at(-1)).toMatchObject({ phone: failed.m.member.phone, template: 'order_data_delivered' });
    expect(sms.sent.at(-1)!.body).toMatch(/测试数据已交付/);
    const inSite = await messagesOf(t, failed.m.member.id);
    expect(inSite).toHaveLength(messages + 1);
    expect(inSite.at(-1)).toMatchObject({ title: '数据已交付', link: `/member/order/${failed.row.orderNo}` });
    expect((await eventsOf(t, failed.row.id)).at(-1)).toMatchObject({ status: 'note', title: '数据通知已重新发送', actorName: '测试sales' });
    const entry = await lastAudit(t);
    expect(entry).toMatchObject({ action: 'orders.notify', actionLabel: '重发数据通知', targetKey: failed.row.orderNo, staffRole: 'sales' });
    expect(entry!.before).toMatchObject({ dataNotifiedAt: null });
    expect(entry!.after).toMatchObject({ dataNotifiedAt: t.clock.now().toISOString() });
    // the lab may send it again too
    expect(await desk('notify', ctx.lab, { order_no: failed.row.orderNo })).toMatchObject({ status: 200 });
  });

  it('a re-test waits for the new delivery’s own notice; no notice before the data is delivered', async () => {
    sms.down = false;
    const { row } = await order({ progress: 'delivered', set: { deliveredAt: ago(3 * HOUR), dataNotifiedAt: ago(3 * HOUR) } });
    await attachReport(t, row.id);
    expect((await desk('retest', ctx.lab, { order_no: row.orderNo })).data.progress).toBe('testing');
    const count = await auditCount(t);
    expect(await desk('notify', ctx.sales, { order_no: row.orderNo })).toMatchObject({ status: 409, msg: '订单当前为「测试中」，数据交付后才能发送数据通知' });
    expect(await auditCount(t)).toBe(count);
    t.clock.advance(HOUR);
    sms.down = true;
    const redelivered = await desk('deliver', ctx.lab, { order_no: row.orderNo });
    expect(redelivered.data).toMatchObject({ deliveredAt: t.clock.now().toISOString(), dataNotifiedAt: null });
    expect(redelivered.data.promises.find((p) => p.kind === 'notice')).toMatchObject({ state: 'pending', doneAt: null });
    sms.down = false;
    expect(await desk('notify', ctx.finance, { order_no: row.orderNo })).toMatchObject({ status: 403 });
    expect(await desk('notify', ctx.lab, {})).toMatchObject({ status: 400, msg: '[订单编号]不能为空' });
  });
});

describe('every lifecycle step leaves an audit row', () => {
  it('confirm, receive, test, deliver, complete, re-test, cancel and report deletion: who, the order, its state before and after; a refused step writes none', async () => {
    sms.down = false;
    const steps: [StaffAction, OrderOptions['progress'], string][] = [
      ['confirm', 'submitted', 'awaiting_sample'],
      ['receive', 'awaiting_sample', 'received'],
      ['test', 'received', 'testing'],
      ['deliver', 'testing', 'delivered'],
      ['complete', 'delivered', 'completed'],
      ['retest', 'delivered', 'testing'],
    ];
    for (const [action, from, to] of steps) {
      const { row } = await order({ progress: from });
      if (action === 'deliver') await attachReport(t, row.id);
      expect((await desk(action, ctx.lab, { order_no: row.orderNo })).status, action).toBe(200);
      const entry = await lastAudit(t);
      expect(entry, action).toMatchObject({ action: `orders.${action}`, entity: 'order', targetKey: row.orderNo, staffId: ctx.lab.id, staffRole: 'lab' });
      expect(entry!.before, action).toMatchObject({ orderNo: row.orderNo, progress: from });
      expect(entry!.after, action).toMatchObject({ orderNo: row.orderNo, progress: to });
      const count = await auditCount(t);
      expect((await desk(action, ctx.lab, { order_no: row.orderNo })).status, `${action} again`).toBe(409);
      expect(await auditCount(t)).toBe(count);
    }

    const { row } = await order({ progress: 'testing' });
    expect(await desk('cancel', ctx.sales, { order_no: row.orderNo, reason: '客户撤回样品', refund_fen: String(await refundShown(t.db, row.orderNo)) })).toMatchObject({ status: 200, data: { progress: 'cancelled', cancelReason: '客户撤回样品' } });
    expect(await lastAudit(t)).toMatchObject({ action: 'orders.cancel', staffRole: 'sales', before: expect.objectContaining({ progress: 'testing' }), after: expect.objectContaining({ progress: 'cancelled', cancelReason: '客户撤回样品', payment: 'refunded' }) });

    const withReport = await order({ progress: 'testing' });
    const [uploaded] = (await uploadReport(t, ctx.lab, { order_no: withReport.row.orderNo }, { name: '初稿.pdf', bytes: pdfBytes })).data;
    expect((await desk('report/delete', ctx.lab, { order_no: withReport.row.orderNo, id: uploaded!.id })).status).toBe(200);
    const entry = await lastAudit(t);
    expect(entry).toMatchObject({ action: 'orders.report.delete', targetKey: withReport.row.orderNo });
    expect((entry!.before as { files: { name: string }[] }).files.map((f) => f.name)).toEqual(['初稿.pdf']);
    expect((entry!.after as { files: unknown[] }).files).toEqual([]);
  });
});

describe('样品标签 (POST /api/admin/orders/labels)', () => {
  it('gives one label per sample with its code, the test and the member; a booking has none', async () => {
    const { m, row } = await order({ progress: 'awaiting_sample', lines: 2 });
    const res = await desk<SampleLabels>('labels', ctx.lab, { order_no: `${row.orderNo}-2-1` });
    expect(res).toMatchObject({ status: 200, data: { orderNo: row.orderNo, member: { name: '郑老师', phone: m.member.phone, company: '桌面大学材料学院' } } });
    expect(res.data.labels.map((l) => [l.code, l.name, l.lineName, l.form, l.returnWanted])).toEqual([
      [`${row.orderNo}-1-1`, '样品A1', ctx.item.name, 'powder', false],
      [`${row.orderNo}-1-2`, '样品B1', ctx.item.name, 'film', true],
      [`${row.orderNo}-2-1`, '样品A2', ctx.item.name, 'powder', false],
      [`${row.orderNo}-2-2`, '样品B2', ctx.item.name, 'film', true],
    ]);
    expect((await desk<SampleLabels>('labels', ctx.sales, { order_no: row.orderNo })).status).toBe(200);

    const booking = await order({ set: { kind: 'reservation' } });
    await t.db.update(orderLines).set({ samples: [] }).where(eq(orderLines.orderId, booking.row.id));
    expect((await desk<SampleLabels>('labels', ctx.lab, { order_no: booking.row.orderNo })).data.labels).toEqual([]);
    expect(await desk('labels', ctx.lab, { order_no: 'KY2026030299999999' })).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await desk('labels', ctx.finance, { order_no: row.orderNo })).toMatchObject({ status: 403 });
  });
});
