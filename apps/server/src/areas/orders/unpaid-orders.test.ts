import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { DEFAULT_JOB_SETTINGS, type JobSettings } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { auditLog, outbox } from '../../db/schema';
import { memberMessages } from '../messages/member-messages.tables';
import { orders } from './orders.tables';
import { fundMember, makeBuyer, makeOrder, payOrderFromFunds } from './test-helpers';
import { sweepUnpaidOrders, UNPAID_CANCEL_REASON } from './unpaid-orders.service';

const DAY = 24 * 3_600_000;
let t: TestContext;
let admin: Awaited<ReturnType<typeof makeStaff>>;
const silent = { warn: () => undefined };

beforeAll(async () => {
  t = await createTestContext({ now: '2026-05-04T02:00:00Z' });
  admin = await makeStaff(t.db, 'admin', t.clock.now());
});
afterAll(() => t?.close());

const sweep = () => sweepUnpaidOrders(t.db, { sms: t.app.deps.sms, email: t.app.deps.email }, silent, t.clock.now());
const orderRow = async (orderNo: string) => (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const lastMessage = async (memberId: number) => (await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId)).orderBy(desc(memberMessages.id)).limit(1))[0];

describe('unpaid orders that must be prepaid', () => {
  it('tells the member the day before, then cancels on day 7 as a cancel would; a paid order is left alone', async () => {
    const start = t.clock.now().getTime();
    const buyer = await makeBuyer(t, { organization: 2 });
    const unpaid = await makeOrder(t, buyer);
    const paid = await makeOrder(t, buyer);
    await fundMember(t.db, buyer.member.id, 1_000_000, t.clock.now());
    await payOrderFromFunds(t.db, buyer.member.id, paid.orderNo, t.clock.now());

    t.clock.set(start + 5 * DAY);
    expect(await sweep()).toEqual({ noticed: [], cancelled: [] });

    t.clock.set(start + 6 * DAY + 3_600_000);
    expect(await sweep()).toEqual({ noticed: [unpaid.orderNo], cancelled: [] });
    expect(await lastMessage(buyer.member.id)).toMatchObject({ title: `订单${unpaid.orderNo}即将自动取消` });
    const sms = await t.db.select().from(outbox).where(and(eq(outbox.recipient, buyer.member.phone), eq(outbox.template, 'order_unpaid_reminder')));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('系统将自动取消该订单');
    // the next hour's run does not tell them again
    t.clock.advance(3_600_000);
    expect(await sweep()).toEqual({ noticed: [], cancelled: [] });

    t.clock.set(start + 7 * DAY + 3_600_000);
    expect(await sweep()).toEqual({ noticed: [], cancelled: [unpaid.orderNo] });
    expect(await orderRow(unpaid.orderNo)).toMatchObject({ progress: 'cancelled', cancelReason: UNPAID_CANCEL_REASON });
    expect(await lastMessage(buyer.member.id)).toMatchObject({ title: `订单${unpaid.orderNo}已取消` });
    expect(await orderRow(paid.orderNo)).toMatchObject({ progress: 'submitted', payment: 'paid' });
    expect(await sweep()).toEqual({ noticed: [], cancelled: [] });
  });

  it('an order the job could not warn in time is warned first and cancelled no sooner than 12 hours later', async () => {
    const start = t.clock.now().getTime();
    const buyer = await makeBuyer(t, { organization: 2 });
    const order = await makeOrder(t, buyer);
    t.clock.set(start + 9 * DAY);
    expect(await sweep()).toEqual({ noticed: [order.orderNo], cancelled: [] });
    t.clock.advance(11 * 3_600_000);
    expect(await sweep()).toEqual({ noticed: [], cancelled: [] });
    t.clock.advance(2 * 3_600_000);
    expect(await sweep()).toEqual({ noticed: [], cancelled: [order.orderNo] });
  });

  it('the back office sets the number of days (audited), and the job reads it', async () => {
    admin = await makeStaff(t.db, 'admin', t.clock.now());
    const post = <T>(url: string, json: Record<string, unknown> = {}) => call<T>(t.app, 'POST', url, { token: admin.token, json });
    expect((await post<JobSettings>('/api/admin/jobs/settings')).data).toEqual(DEFAULT_JOB_SETTINGS);
    const others = { reminder_hour: 9, coupon_reminder_days: 3, raw_data_retention_days: 180, retention_reminder_days: 7, promise_alert_sms: true };
    expect(await post('/api/admin/jobs/settings/save', { ...others, unpaid_cancel_days: 1 })).toMatchObject({ status: 400, msg: '[未付款自动取消天数]不能少于2天' });
    expect(await post<JobSettings>('/api/admin/jobs/settings/save', { ...others, unpaid_cancel_days: 3 })).toMatchObject({ code: 1, msg: '设置已保存', data: { unpaidCancelDays: 3 } });
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'jobs.settings', before: { unpaidCancelDays: 7 }, after: { unpaidCancelDays: 3, reminderHour: 9 } });

    const start = t.clock.now().getTime();
    const buyer = await makeBuyer(t, { organization: 2 });
    const order = await makeOrder(t, buyer);
    t.clock.set(start + 2 * DAY + 3_600_000);
    expect(await sweep()).toEqual({ noticed: [order.orderNo], cancelled: [] });
    t.clock.set(start + 3 * DAY + 3_600_000);
    expect(await sweep()).toEqual({ noticed: [], cancelled: [order.orderNo] });
  });
});
