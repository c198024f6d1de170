import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Page, StaffAlertView } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeMember, makeStaff } from '../../../test/factories';
import { accounts, staffAlerts } from '../../db/schema';
import { ensureAccount, postEntry, systemActor } from './ledger.service';
import { checkLedger } from './ledger-check.service';

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeStaff>>;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-20T18:30:00Z' });
  admin = await makeStaff(t.db, 'admin', t.clock.now());
});
afterAll(() => t?.close());

async function fundedAccount(fen: number) {
  const member = await makeMember(t.db);
  const account = await ensureAccount(t.db, 'member', member.id);
  await t.db.transaction((tx) => postEntry(tx, { accountId: account.id, amountFen: fen, type: 'topup', reference: `test:${member.id}`, actor: systemActor, now: t.clock.now() }));
  await t.db.transaction((tx) => postEntry(tx, { accountId: account.id, amountFen: -Math.floor(fen / 3), type: 'payment', reference: `test-pay:${member.id}`, actor: systemActor, now: t.clock.now() }));
  return account;
}

const openAlerts = () => call<Page<StaffAlertView>>(t.app, 'POST', '/api/admin/messages/alerts', { token: admin.token, json: { open: '1' } });

describe('the nightly ledger check', () => {
  it('stays silent while every balance equals the sum of its entries', async () => {
    await fundedAccount(10_000);
    await fundedAccount(2_500);
    expect(await checkLedger(t.db, t.clock.now())).toEqual([]);
    expect(await t.db.$count(staffAlerts)).toBe(0);
    expect((await openAlerts()).data.total).toBe(0);
  });

  it('alerts the administrators, once a day, when a balance was changed without an entry', async () => {
    const account = await fundedAccount(10_000);
    // someone edits the balance by hand: the entries (immutable) still say 10000 − 3333
    await t.db.update(accounts).set({ balanceFen: sql`${accounts.balanceFen} + 100` }).where(eq(accounts.id, account.id));

    const found = await checkLedger(t.db, t.clock.now());
    expect(found).toEqual([expect.objectContaining({ accountId: account.id, balanceFen: 6_767, entriesFen: 6_667 })]);
    const alerts = await openAlerts();
    expect(alerts.data.total).toBe(1);
    expect(alerts.data.list[0]).toMatchObject({ kind: 'ledger_mismatch', role: 'admin', title: '资金核对异常：1 个账户余额与流水不符' });
    expect(alerts.data.list[0]!.content).toContain(`账户 #${account.id}`);
    expect(alerts.data.list[0]!.content).toContain('余额 ¥67.67，流水合计 ¥66.67，相差 ¥1.00');

    // the same night again (a second instance, a retry): no second alert
    await checkLedger(t.db, t.clock.now());
    expect((await openAlerts()).data.total).toBe(1);

    const handled = await call<StaffAlertView>(t.app, 'POST', '/api/admin/messages/alerts/handle', { token: admin.token, json: { id: alerts.data.list[0]!.id } });
    expect(handled).toMatchObject({ code: 1, msg: '已标记为已处理' });
    expect(handled.data.handledAt).not.toBeNull();
    expect((await openAlerts()).data.total).toBe(0);

    // the next night it is still wrong: a new alert
    t.clock.advance(24 * 3600_000);
    admin = await makeStaff(t.db, 'admin', t.clock.now());
    await checkLedger(t.db, t.clock.now());
    expect((await openAlerts()).data.total).toBe(1);
  });
});
