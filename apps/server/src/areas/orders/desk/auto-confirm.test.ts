import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobSettings } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { outbox } from '../../../db/schema';
import { sweepDeliveredOrders } from './auto-confirm.service';
import { makeStaff } from '../../../../test/factories';
import { attachReport, eventsOf, memberOf, messagesOf, orderRow, post, progressCalls, progressContext } from './progress.test-helpers';

/** 自动确认: a delivered order nobody answered completes N days after delivery, told the day before, on the test clock. */

const DAY = 24 * 3_600_000;
let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
const silent = { warn: () => undefined };

beforeAll(async () => {
  t = await createTestContext({ now: '2026-05-04T02:00:00Z' });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const { order } = progressCalls(() => ({ t, ctx }));
const sweep = () => sweepDeliveredOrders(t.db, { sms: t.app.deps.sms, email: t.app.deps.email }, silent, t.clock.now());

describe('auto-confirm of delivered orders', () => {
  it('tells the member the day before and completes on day 10 as 完成订单 would; a disputed or confirmed order is left alone', async () => {
    const start = t.clock.now().getTime();
    const quiet = await order({ progress: 'delivered' });
    const disputed = await order({ progress: 'delivered' });
    const confirmed = await order({ progress: 'delivered' });
    await post(t, '/api/auth/assign/wrong', disputed.m, { order_no: disputed.row.orderNo, reason: '峰位与标准卡片不符' });
    await post(t, '/api/auth/assign/right', confirmed.m, { order_no: confirmed.row.orderNo });

    t.clock.set(start + 8 * DAY);
    expect(await sweep()).toEqual({ noticed: [], completed: [] });
    t.clock.set(start + 9 * DAY + 3_600_000);
    expect(await sweep()).toEqual({ noticed: [quiet.row.orderNo], completed: [] });
    expect((await messagesOf(t, quiet.m.member.id)).at(-1)).toMatchObject({ title: `订单${quiet.row.orderNo}即将自动确认` });
    const sms = await t.db.select().from(outbox).where(and(eq(outbox.recipient, quiet.m.member.phone), eq(outbox.template, 'order_auto_confirm_reminder')));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('系统将自动确认并完成订单');
    t.clock.advance(3_600_000);
    expect(await sweep()).toEqual({ noticed: [], completed: [] });

    t.clock.set(start + 10 * DAY + 3_600_000);
    expect(await sweep()).toEqual({ noticed: [], completed: [quiet.row.orderNo] });
    expect(await orderRow(t, quiet.row.orderNo)).toMatchObject({ progress: 'completed', completedAt: t.clock.now() });
    expect((await eventsOf(t, quiet.row.id)).at(-1)).toMatchObject({ status: 'completed', actorKind: 'system', note: '数据交付后10天内未确认也未申请复测，系统自动确认' });
    expect(await sweep()).toEqual({ noticed: [], completed: [] });
    expect((await orderRow(t, disputed.row.orderNo)).progress).toBe('delivered');
    expect((await orderRow(t, confirmed.row.orderNo)).progress).toBe('completed');
  });

  it('an order the job could not warn in time is warned first and completed no sooner than 12 hours later', async () => {
    const start = t.clock.now().getTime();
    const late = await order({ progress: 'delivered' });
    t.clock.set(start + 11 * DAY);
    expect(await sweep()).toEqual({ noticed: [late.row.orderNo], completed: [] });
    t.clock.advance(11 * 3_600_000);
    expect(await sweep()).toEqual({ noticed: [], completed: [] });
    t.clock.advance(3_600_000);
    expect(await sweep()).toEqual({ noticed: [], completed: [late.row.orderNo] });
  });

  it('takes its days from 任务设置, and a re-test starts them again', async () => {
    // the clock moved days on: staff log in again
    const admin = await makeStaff(t.db, 'admin', t.clock.now());
    const saved = await post<JobSettings>(t, '/api/admin/jobs/settings/save', admin, {
      unpaid_cancel_days: '7',
      reminder_hour: '9',
      coupon_reminder_days: '3',
      raw_data_retention_days: '180',
      retention_reminder_days: '7',
      promise_alert_sms: '1',
      auto_confirm_days: '3',
    });
    expect(saved).toMatchObject({ status: 200, data: { autoConfirmDays: 3 } });
    expect(await post(t, '/api/admin/jobs/settings/save', admin, { unpaid_cancel_days: '7', reminder_hour: '9', coupon_reminder_days: '3', raw_data_retention_days: '180', retention_reminder_days: '7', auto_confirm_days: '1' })).toMatchObject({
      status: 400,
      msg: '[自动确认天数]不能少于3天',
    });
    const start = t.clock.now().getTime();
    const m = await memberOf(t);
    const retested = await order({ progress: 'delivered' }, m);
    t.clock.set(start + 2 * DAY + 3_600_000);
    expect(await sweep()).toEqual({ noticed: [retested.row.orderNo], completed: [] });
    // the lab re-tests and delivers again: the notice is cleared and the three days count from the new delivery
    const lab = await makeStaff(t.db, 'lab', t.clock.now());
    expect((await post(t, '/api/admin/orders/retest', lab, { order_no: retested.row.orderNo, note: '复测' })).status).toBe(200);
    await attachReport(t, retested.row.id);
    expect((await post(t, '/api/admin/orders/deliver', lab, { order_no: retested.row.orderNo })).status).toBe(200);
    expect((await orderRow(t, retested.row.orderNo)).autoConfirmNoticeAt).toBeNull();
    t.clock.set(start + 3 * DAY + 3_600_000);
    expect(await sweep()).toEqual({ noticed: [], completed: [] });
    t.clock.set(start + 4 * DAY + 2 * 3_600_000);
    expect(await sweep()).toEqual({ noticed: [retested.row.orderNo], completed: [] });
    t.clock.set(start + 5 * DAY + 2 * 3_600_000);
    expect(await sweep()).toEqual({ noticed: [], completed: [retested.row.orderNo] });
    expect((await t.db.select().from(outbox).where(eq(outbox.recipient, m.member.phone)).orderBy(desc(outbox.id)).limit(1))[0]?.template).toBe('order_completed');
  });
});
