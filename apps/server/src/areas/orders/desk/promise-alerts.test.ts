import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminDashboard, JobSettings } from '@lab/contract';
import { createTestContext, uniquePhone, type TestContext } from '../../../../test/harness';
import { outbox, staff, staffAlerts } from '../../../db/schema';
import { orderPromiseMisses } from './desk.tables';
import { issueSession } from '../../accounts/sessions.service';
import { askReturn, deskOrder, HOUR, MINUTE } from './order-desk.test-helpers';
import { checkPromises } from './promise-alerts.service';
import { eventsOf, memberOf, post, progressContext } from './progress.test-helpers';

/**
 * The service promises' job: 30 minutes before a promise falls due the role that keeps it is
 * alerted (in-site + SMS through the outbox), once; a promise past its deadline is recorded as
 * missed on the order (a row, a 系统 event) and counted on the dashboard.
 */
let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
const phones = { sales: '', lab: '' };

beforeAll(async () => {
  t = await createTestContext({ now: '2026-06-01T02:00:00Z' });
  ctx = await progressContext(t);
  phones.sales = uniquePhone();
  phones.lab = uniquePhone();
  await t.db.update(staff).set({ phone: phones.sales }).where(eq(staff.id, ctx.sales.id));
  await t.db.update(staff).set({ phone: phones.lab }).where(eq(staff.id, ctx.lab.id));
});
afterAll(() => t?.close());

const check = () => checkPromises(t.db, t.app.deps.sms, t.clock.now());
const as = (person: { id: number }) => issueSession(t.db, 'staff', person.id, { now: t.clock.now() });
const staffSms = (phone: string) => t.db.select().from(outbox).where(and(eq(outbox.recipient, phone), eq(outbox.template, 'staff_promise_due')));
const dashboard = async () => (await post<AdminDashboard>(t, '/api/admin/dashboard', await as(ctx.sales))).data;

describe('service promises', () => {
  it('the manager call: sales alerted 30 minutes before (once), the miss recorded once past the deadline and counted', async () => {
    const buyer = await memberOf(t);
    const now = t.clock.now().getTime();
    const order = await deskOrder(t, ctx.item, buyer.member.id, { progress: 'received', set: { receivedAt: new Date(now - 89 * MINUTE) } });
    const missedBefore = (await dashboard()).counts.promisesMissed;

    // 31 minutes before: nothing yet
    expect(await check()).toEqual({ alerted: [], missed: [] });
    t.clock.advance(MINUTE);
    expect(await check()).toEqual({ alerted: [`call:${order.orderNo}`], missed: [] });
    const [alert] = await t.db.select().from(staffAlerts).where(eq(staffAlerts.link, `/admin/orders/${order.orderNo}`));
    expect(alert).toMatchObject({ kind: 'promise_due', role: 'sales', title: `订单${order.orderNo}的到样回访即将到期` });
    const sms = await staffSms(phones.sales);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(order.orderNo);
    expect(await staffSms(phones.lab)).toHaveLength(0);

    // the next minutes, and two instances at once: no second alert
    t.clock.advance(MINUTE);
    expect(await check()).toEqual({ alerted: [], missed: [] });
    expect((await Promise.all([check(), check()])).flatMap((r) => r.alerted)).toEqual([]);
    expect(await staffSms(phones.sales)).toHaveLength(1);

    // past the deadline: recorded as missed, once, with the order's timeline saying so
    t.clock.advance(30 * MINUTE);
    const racing = await Promise.all([check(), check()]);
    expect(racing.flatMap((r) => r.missed)).toEqual([`call:${order.orderNo}`]);
    expect(await t.db.select().from(orderPromiseMisses).where(eq(orderPromiseMisses.orderId, order.id))).toMatchObject([
      { kind: 'call', since: order.receivedAt, dueAt: new Date(order.receivedAt!.getTime() + 2 * HOUR) },
    ]);
    expect((await eventsOf(t, order.id)).at(-1)).toMatchObject({ title: '服务承诺超时', actorKind: 'system', actorName: '系统' });
    expect(await check()).toEqual({ alerted: [], missed: [] });
    expect((await dashboard()).counts.promisesMissed).toBe(missedBefore + 1);

    // the call made late: nothing more is recorded, and the order leaves the job's sight
    expect(await post(t, '/api/admin/orders/call', await as(ctx.sales), { order_no: order.orderNo, note: '已回访' })).toMatchObject({ code: 1 });
    expect(await check()).toEqual({ alerted: [], missed: [] });
  });

  it('the data notice and the sample return go to the lab', async () => {
    const buyer = await memberOf(t);
    const now = t.clock.now().getTime();
    const notice = await deskOrder(t, ctx.item, buyer.member.id, { progress: 'delivered', deliveredAt: new Date(now - 100 * MINUTE) });
    const paid = await deskOrder(t, ctx.item, buyer.member.id, { progress: 'completed', set: { paidAt: new Date(now - 47 * HOUR - 40 * MINUTE) } });
    await askReturn(t, buyer.member.id, { orderNo: paid.orderNo, at: new Date(now - 48 * HOUR) });
    const outcome = await check();
    expect(outcome.alerted.sort()).toEqual([`notice:${notice.orderNo}`, `return:${paid.orderNo}`].sort());
    const roles = await t.db.select({ role: staffAlerts.role, title: staffAlerts.title }).from(staffAlerts).where(eq(staffAlerts.kind, 'promise_due'));
    expect(roles.filter((r) => r.title.includes(notice.orderNo) || r.title.includes(paid.orderNo)).map((r) => r.role)).toEqual(['lab', 'lab']);
    expect(await staffSms(phones.lab)).toHaveLength(2);
  });

  it('with SMS turned off in 后台任务设置 the alert is in-site only; the role sees it in 系统提醒', async () => {
    const saved = await post<JobSettings>(t, '/api/admin/jobs/settings/save', await as(ctx.admin), {
      unpaid_cancel_days: 7,
      reminder_hour: 9,
      coupon_reminder_days: 3,
      raw_data_retention_days: 180,
      retention_reminder_days: 7,
      promise_alert_sms: '0',
    });
    expect(saved).toMatchObject({ code: 1, data: { promiseAlertSms: false } });
    const buyer = await memberOf(t);
    const order = await deskOrder(t, ctx.item, buyer.member.id, { progress: 'testing', set: { receivedAt: new Date(t.clock.now().getTime() - 100 * MINUTE) } });
    const smsBefore = (await staffSms(phones.sales)).length;
    expect((await check()).alerted).toEqual([`call:${order.orderNo}`]);
    expect(await staffSms(phones.sales)).toHaveLength(smsBefore);

    const seen = await post<{ list: { title: string; role: string }[] }>(t, '/api/admin/messages/alerts', await as(ctx.sales), { kind: 'promise_due', open: '1' });
    expect(seen.data.list.map((a) => a.title)).toContain(`订单${order.orderNo}的到样回访即将到期`);
    expect(seen.data.list.every((a) => a.role === 'sales')).toBe(true);
    const lab = await post<{ list: { title: string }[] }>(t, '/api/admin/messages/alerts', await as(ctx.lab), { kind: 'promise_due' });
    expect(lab.data.list.map((a) => a.title)).not.toContain(`订单${order.orderNo}的到样回访即将到期`);
  });
});
