import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestContext, uniquePhone, type TestContext } from './harness';
import { makeMember } from './factories';
import { accounts, outbox, staff, staffAlerts } from '../src/db/schema';
import { ensureAccount, postEntry, systemActor } from '../src/areas/funds/ledger.service';
import { LEDGER_CHECK_JOB, PROMISES_JOB } from '../src/jobs';
import { JOB_TIME_ZONE } from '../src/platform/job-queue';
import { deskOrder, MINUTE } from '../src/areas/orders/desk/order-desk.test-helpers';
import { progressContext } from '../src/areas/orders/desk/progress.test-helpers';

/**
 * A scheduled job runs through pg-boss's own schedule, as in the server: the nightly ledger
 * check and the service promises' job, given a per-second cron here so the test sees a tick
 * instead of waiting for 02:30 or the next minute. pg-boss sends a schedule's job at most once
 * in its 60-second window, so the promise job is scheduled (its public `schedule`, as `work()`
 * does) once the order it must see exists: its first send is then the one under test.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ jobs: { cronSeconds: 1, crons: { [LEDGER_CHECK_JOB]: '* * * * * *' } } });
});
afterAll(() => t?.close());

it('the scheduled ledger check runs on its own and alerts on a tampered balance', async () => {
  expect((await t.jobs!.boss.getSchedules()).map((s) => s.name)).toContain(LEDGER_CHECK_JOB);
  const member = await makeMember(t.db);
  const account = await ensureAccount(t.db, 'member', member.id);
  await t.db.transaction((tx) => postEntry(tx, { accountId: account.id, amountFen: 5_000, type: 'topup', reference: 'sched:1', actor: systemActor, now: t.clock.now() }));
  await t.db.update(accounts).set({ balanceFen: sql`${accounts.balanceFen} - 1` }).where(eq(accounts.id, account.id));
  await expect.poll(() => t.db.select({ title: staffAlerts.title }).from(staffAlerts).where(eq(staffAlerts.kind, 'ledger_mismatch')), { timeout: 60_000, interval: 500 }).toEqual([
    { title: '资金核对异常：1 个账户余额与流水不符' },
  ]);
});

it('the scheduled promise job alerts sales 30 minutes before the call falls due, and the SMS leaves through the outbox', async () => {
  const ctx = await progressContext(t);
  const phone = uniquePhone();
  await t.db.update(staff).set({ phone }).where(eq(staff.id, ctx.sales.id));
  const member = await makeMember(t.db);
  const order = await deskOrder(t, ctx.item, member.id, { progress: 'received', set: { receivedAt: new Date(t.clock.now().getTime() - 95 * MINUTE) } });
  await t.jobs!.boss.schedule(PROMISES_JOB, '* * * * * *', null, { tz: JOB_TIME_ZONE });
  await expect.poll(() => t.db.select({ role: staffAlerts.role }).from(staffAlerts).where(eq(staffAlerts.link, `/admin/orders/${order.orderNo}`)), { timeout: 60_000, interval: 500 }).toEqual([{ role: 'sales' }]);
  await expect
    .poll(() => t.db.select({ status: outbox.status }).from(outbox).where(and(eq(outbox.recipient, phone), eq(outbox.template, 'staff_promise_due'))), { timeout: 60_000, interval: 500 })
    .toEqual([{ status: 'sent' }]);
});
