import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderRow, OrderPromise, Page } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { serviceItems } from '../catalog/catalog.tables';
import { askReturn, deskOrder, HOUR, MINUTE } from './desk/order-desk.test-helpers';
import { memberOf, post, progressContext } from './desk/progress.test-helpers';

/** 订单管理's table: POST /api/admin/orders/list — keyword, filters, promise alerts, sorting, paging. */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
// 10:00 on Monday 2 March 2026 in Shanghai
const START = '2026-03-02T02:00:00Z';

beforeAll(async () => {
  t = await createTestContext({ now: START });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const list = (form: Record<string, string>, who: { token: string } = ctx.lab) => post<Page<AdminOrderRow>>(t, '/api/admin/orders/list', who, form);
const numbers = (page: Page<AdminOrderRow>) => page.list.map((o) => o.orderNo);
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);
const promise = (row: AdminOrderRow | undefined, kind: OrderPromise['kind']) => row?.promises.find((p) => p.kind === kind);

describe('the keyword box', () => {
  it('finds an order by its number, its start, a scanned sample code, the digits after KY, the member’s phone, name or unit, and words of the title', async () => {
    const who = await memberOf(t, { name: '孙检索', company: '检索大学化学化工学院' });
    const item = async (name: string) => (await t.db.select().from(serviceItems).where(eq(serviceItems.name, name)))[0]!;
    // the title is the items' names, as when a member orders
    const uv = await deskOrder(t, await item('紫外可见漫反射 UV-Vis DRS'), who.member.id);
    t.clock.advance(MINUTE);
    const raman = await deskOrder(t, await item('显微共聚焦拉曼光谱'), who.member.id);
    const other = await memberOf(t, { name: '李旁人' });
    await deskOrder(t, ctx.item, other.member.id);

    expect(numbers((await list({ keyword: uv.orderNo })).data)).toEqual([uv.orderNo]);
    expect(numbers((await list({ keyword: ` ${uv.orderNo.toLowerCase()} ` })).data)).toEqual([uv.orderNo]);
    const start = uv.orderNo.slice(0, 13);
    const byStart = await list({ keyword: start, pageSize: '100' });
    expect(numbers(byStart.data)).toContain(uv.orderNo);
    expect(byStart.data.list.every((o) => o.orderNo.startsWith(start))).toBe(true);
    expect(numbers((await list({ keyword: uv.orderNo.slice(2) })).data)).toEqual([uv.orderNo]);
    // what the scanner reads off a sample's label
    expect(numbers((await list({ keyword: `${raman.orderNo}-1-2` })).data)).toEqual([raman.orderNo]);
    expect(numbers((await list({ keyword: `${raman.orderNo.toLowerCase()}-1-1` })).data)).toEqual([raman.orderNo]);

    // newest first
    expect(numbers((await list({ keyword: who.member.phone.slice(-6) })).data)).toEqual([raman.orderNo, uv.orderNo]);
    expect(numbers((await list({ keyword: '孙检索' })).data)).toEqual([raman.orderNo, uv.orderNo]);
    expect(numbers((await list({ keyword: '检索大学' })).data)).toEqual([raman.orderNo, uv.orderNo]);
    expect(numbers((await list({ keyword: '拉曼' })).data)).toEqual([raman.orderNo]);
    expect(numbers((await list({ keyword: '共聚焦拉曼' })).data)).toEqual([raman.orderNo]);
    expect(numbers((await list({ keyword: 'uv-vis' })).data)).toEqual([uv.orderNo]);

    const row = (await list({ keyword: uv.orderNo })).data.list[0]!;
    expect(row).toMatchObject({
      progress: 'submitted',
      progressText: '待确认',
      payment: 'paid',
      member: { rid: who.member.rid, name: '孙检索', phone: who.member.phone, company: '检索大学化学化工学院' },
      promises: [],
      atRisk: false,
    });

    expect((await list({ keyword: '没有这样的客户' })).data.total).toBe(0);
    // LIKE wildcards are read literally
    expect((await list({ keyword: '%' })).data.total).toBe(0);
    expect((await list({ keyword: '_' })).data.total).toBe(0);
  });
});

describe('filters, sorting and pages', () => {
  it('filters by progress, payment, kind, pay later and created day (Shanghai), together with a keyword', async () => {
    const who = await memberOf(t, { name: '钱筛选' });
    const yesterday = new Date(new Date(START).getTime() - 24 * HOUR);
    const testing = await deskOrder(t, ctx.item, who.member.id, { progress: 'testing' });
    const unsettled = await deskOrder(t, ctx.item, who.member.id, { progress: 'delivered', payment: 'unsettled', payLater: true });
    const unpaid = await deskOrder(t, ctx.item, who.member.id, { progress: 'submitted', payment: 'unpaid', set: { createdAt: yesterday } });
    const booking = await deskOrder(t, ctx.item, who.member.id, { progress: 'awaiting_sample', set: { kind: 'reservation' } });
    const mine = (form: Record<string, string>) => list({ keyword: '钱筛选', ...form }).then((r) => numbers(r.data).sort());

    expect(await mine({})).toEqual([testing, unsettled, unpaid, booking].map((o) => o.orderNo).sort());
    expect(await mine({ progress: 'testing' })).toEqual([testing.orderNo]);
    expect(await mine({ payment: 'unpaid' })).toEqual([unpaid.orderNo]);
    expect(await mine({ payment: 'unsettled', progress: 'delivered' })).toEqual([unsettled.orderNo]);
    expect(await mine({ kind: 'reservation' })).toEqual([booking.orderNo]);
    expect(await mine({ kind: 'test', payLater: '1' })).toEqual([unsettled.orderNo]);
    expect((await mine({ payLater: '0' })).length).toBe(3);
    // 2 March 10:00 in Shanghai is still 2 March; yesterday's order is 1 March
    expect(await mine({ from: '2026-03-01', to: '2026-03-01' })).toEqual([unpaid.orderNo]);
    expect((await mine({ from: '2026-03-02' })).length).toBe(3);
    expect(await mine({ to: '2026-02-28' })).toEqual([]);
  });

  it('sorts by created time, total or paid time (unpaid last either way) and pages', async () => {
    const who = await memberOf(t, { name: '周排序' });
    const small = await deskOrder(t, ctx.item, who.member.id, { totalFen: 10_000, set: { paidAt: ago(3 * HOUR) } });
    t.clock.advance(MINUTE);
    const large = await deskOrder(t, ctx.item, who.member.id, { totalFen: 90_000, set: { paidAt: ago(HOUR) } });
    t.clock.advance(MINUTE);
    const unpaid = await deskOrder(t, ctx.item, who.member.id, { totalFen: 50_000, payment: 'unpaid' });
    const sorted = async (form: Record<string, string>) => numbers((await list({ keyword: '周排序', ...form })).data);

    expect(await sorted({})).toEqual([unpaid.orderNo, large.orderNo, small.orderNo]);
    expect(await sorted({ sort: 'createdAt', order: 'ascend' })).toEqual([small.orderNo, large.orderNo, unpaid.orderNo]);
    expect(await sorted({ sort: 'totalFen', order: 'descend' })).toEqual([large.orderNo, unpaid.orderNo, small.orderNo]);
    expect(await sorted({ sort: 'totalFen', order: 'ascend' })).toEqual([small.orderNo, unpaid.orderNo, large.orderNo]);
    expect(await sorted({ sort: 'paidAt', order: 'descend' })).toEqual([large.orderNo, small.orderNo, unpaid.orderNo]);
    expect(await sorted({ sort: 'paidAt', order: 'ascend' })).toEqual([small.orderNo, large.orderNo, unpaid.orderNo]);

    const second = await list({ keyword: '周排序', page: '2', pageSize: '2' });
    expect(second.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(numbers(second.data)).toEqual([small.orderNo]);
    expect((await list({ keyword: '周排序', page: '9', pageSize: '2' })).data).toMatchObject({ total: 3, list: [] });
  });
});

describe('promises at risk (承诺预警)', () => {
  it('finds orders whose call, data notice or sample return is due within 30 minutes or overdue, and says where each promise stands', async () => {
    const who = await memberOf(t, { name: '吴承诺' });
    const order = (options: Parameters<typeof deskOrder>[3]) => deskOrder(t, ctx.item, who.member.id, options);
    // the manager's call, 2 h after the sample arrived
    const callSoon = await order({ progress: 'received', set: { receivedAt: ago(100 * MINUTE) } });
    const callFresh = await order({ progress: 'testing', set: { receivedAt: ago(60 * MINUTE) } });
    const callLate = await order({ progress: 'testing', set: { receivedAt: ago(3 * HOUR) } });
    const called = await order({ progress: 'testing', set: { receivedAt: ago(3 * HOUR), managerCalledAt: ago(2.5 * HOUR) } });
    const calledLate = await order({ progress: 'testing', set: { receivedAt: ago(3 * HOUR), managerCalledAt: ago(30 * MINUTE) } });
    const callMissed = await order({ progress: 'completed', set: { receivedAt: ago(30 * HOUR), deliveredAt: ago(5 * HOUR), dataNotifiedAt: ago(5 * HOUR) } });
    // the data notice, 2 h after delivery
    const noticeSoon = await order({ progress: 'delivered', set: { receivedAt: ago(30 * HOUR), managerCalledAt: ago(29 * HOUR), deliveredAt: ago(95 * MINUTE), dataNotifiedAt: null } });
    const noticeForOldDelivery = await order({
      progress: 'delivered',
      set: { receivedAt: ago(30 * HOUR), managerCalledAt: ago(29 * HOUR), deliveredAt: ago(3 * HOUR), dataNotifiedAt: ago(20 * HOUR) },
    });
    const notified = await order({ progress: 'delivered', set: { receivedAt: ago(30 * HOUR), managerCalledAt: ago(29 * HOUR), deliveredAt: ago(3 * HOUR), dataNotifiedAt: ago(170 * MINUTE) } });
    // samples back, 48 h after full payment (or after the request, when it came later)
    const returnSoon = await order({ progress: 'completed', set: { paidAt: ago(47.7 * HOUR) } });
    await askReturn(t, who.member.id, { orderNo: returnSoon.orderNo, at: ago(50 * HOUR) });
    const returnLater = await order({ progress: 'completed', set: { paidAt: ago(72 * HOUR) } });
    await askReturn(t, who.member.id, { orderNo: returnLater.orderNo, at: ago(HOUR) });
    const returnUnpaid = await order({ progress: 'completed', payment: 'unsettled', payLater: true, set: { paidAt: null } });
    await askReturn(t, who.member.id, { orderNo: returnUnpaid.orderNo, at: ago(60 * HOUR) });
    const returned = await order({ progress: 'completed', set: { paidAt: ago(72 * HOUR) } });
    await askReturn(t, who.member.id, { orderNo: returned.orderNo, at: ago(60 * HOUR), status: 'sent' });

    const risky = async (risk: string) => numbers((await list({ keyword: '吴承诺', risk, pageSize: '100' })).data).sort();
    expect(await risky('call')).toEqual([callSoon, callLate].map((o) => o.orderNo).sort());
    expect(await risky('notice')).toEqual([noticeSoon, noticeForOldDelivery].map((o) => o.orderNo).sort());
    expect(await risky('return')).toEqual([returnSoon.orderNo]);
    expect(await risky('any')).toEqual([callSoon, callLate, noticeSoon, noticeForOldDelivery, returnSoon].map((o) => o.orderNo).sort());

    const rows = new Map((await list({ keyword: '吴承诺', pageSize: '100' })).data.list.map((row) => [row.orderNo, row]));
    const at = (order: { orderNo: string }) => rows.get(order.orderNo);
    expect(promise(at(callSoon), 'call')).toEqual({
      kind: 'call',
      since: ago(100 * MINUTE).toISOString(),
      dueAt: ago(-20 * MINUTE).toISOString(),
      doneAt: null,
      state: 'due_soon',
    });
    expect(at(callSoon)!.atRisk).toBe(true);
    expect(promise(at(callFresh), 'call')?.state).toBe('pending');
    expect(at(callFresh)!.atRisk).toBe(false);
    expect(promise(at(callLate), 'call')?.state).toBe('overdue');
    expect(promise(at(called), 'call')).toMatchObject({ state: 'done', doneAt: ago(2.5 * HOUR).toISOString() });
    expect(promise(at(calledLate), 'call')).toMatchObject({ state: 'late', doneAt: ago(30 * MINUTE).toISOString() });
    expect(promise(at(callMissed), 'call')?.state).toBe('missed');
    expect(at(callMissed)!.atRisk).toBe(false);
    expect(promise(at(noticeSoon), 'notice')?.state).toBe('due_soon');
    expect(promise(at(noticeForOldDelivery), 'notice')).toMatchObject({ state: 'overdue', doneAt: null });
    expect(promise(at(notified), 'notice')).toMatchObject({ state: 'done', doneAt: ago(170 * MINUTE).toISOString() });
    expect(promise(at(returnSoon), 'return')).toMatchObject({ state: 'due_soon', since: ago(47.7 * HOUR).toISOString() });
    expect(promise(at(returnLater), 'return')).toMatchObject({ state: 'pending', since: ago(HOUR).toISOString(), dueAt: ago(-47 * HOUR).toISOString() });
    expect(promise(at(returnUnpaid), 'return')).toBeUndefined();
  });
});

describe('refusals', () => {
  it('checks the input and answers only sales, lab and admin', async () => {
    expect(await list({ pageSize: '0' })).toMatchObject({ status: 400, msg: '[每页条数]不能小于1' });
    expect(await list({ progress: 'lost' })).toMatchObject({ status: 400, msg: '[订单进度]不正确' });
    expect(await list({ payment: 'free' })).toMatchObject({ status: 400, msg: '[支付状态]不正确' });
    expect(await list({ kind: 'gift' })).toMatchObject({ status: 400, msg: '[订单类型]不正确' });
    expect(await list({ payLater: '2' })).toMatchObject({ status: 400, msg: '[测试后结算]不正确' });
    expect(await list({ risk: 'all' })).toMatchObject({ status: 400, msg: '[承诺预警]不正确' });
    expect(await list({ sort: 'title' })).toMatchObject({ status: 400, msg: '[排序字段]不正确' });
    expect(await list({ from: '2026/03/01' })).toMatchObject({ status: 400, msg: '[开始日期]格式应为YYYY-MM-DD' });
    expect(await list({ from: '2026-03-05', to: '2026-03-01' })).toMatchObject({ status: 400, msg: '开始日期不能晚于结束日期' });
    expect(await list({ keyword: 'x'.repeat(51) })).toMatchObject({ status: 400, msg: '[关键词]不能超过50个字符' });
    // blank filters are no filters
    expect(await list({ progress: '', payment: '', kind: '', payLater: '', risk: '', keyword: '', from: '', to: '' })).toMatchObject({ status: 200, code: 1 });

    expect(await list({}, ctx.sales)).toMatchObject({ status: 200, code: 1 });
    expect(await list({}, ctx.admin)).toMatchObject({ status: 200, code: 1 });
    expect(await list({}, ctx.finance)).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
    const member = await memberOf(t);
    expect(await list({}, member)).toMatchObject({ status: 403, msg: '此功能仅限工作人员使用' });
  });
});
