import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from './harness';
import { makeMember } from './factories';
import { accounts, staffAlerts } from '../src/db/schema';
import { ensureAccount, postEntry, systemActor } from '../src/modules/35-funds/ledger.service';
import { LEDGER_CHECK_JOB } from '../src/jobs';

/**
 * A scheduled job runs through pg-boss's own schedule, as in the server: the nightly ledger
 * check, given a per-second cron here so the test sees a tick instead of waiting for 02:30.
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
