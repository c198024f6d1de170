import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { DECISION_CHANGED_MESSAGE, type AdminPrestore, type AdminWithdrawal, type AssetOverview, type Page, type PrestoreApplication, type Withdrawal } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { rebateWithdrawals } from '../growth/growth.tables';
import { ledgerEntries } from './funds.tables';
import { balanceOf } from './ledger.service';
import { pendingWithdrawal, type Staff } from './funds-admin.test-helpers';
import { fundsContext, member, post, staffOf, type Person } from './test-helpers';

/**
 * Issue 16, hole 1, replayed: a top-up (or a withdrawal's bank account) changed after finance
 * reviewed it. Member applies ¥100 → finance opens the queue and sees ¥100 → the member edits
 * the application to ¥9,999,999 → finance confirms what it saw. Before the pins, the member got
 * ¥9,999,999 plus the 8% tier and could invoice it. Now the money fields of a submitted
 * application cannot change, and a decision books only the version finance saw.
 */

let t: TestContext;
let finance: Staff;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await fundsContext(t);
  finance = await staffOf(t, 'finance');
});
afterAll(() => t?.close());

const queueRow = async (applyNo: string) => (await post<Page<AdminPrestore>>(t, '/api/admin/funds/prestore/list', finance, { keyword: applyNo })).data.list[0]!;
const topUpEntries = (rid: string) => t.db.select().from(ledgerEntries).where(like(ledgerEntries.reference, `prestore:${rid}`));
const overview = async (who: Person) => (await post<AssetOverview>(t, '/api/auth/asset/init', who)).data;

describe('a top-up changed after finance reviewed it', () => {
  it('¥100 applied, seen by finance, edited to ¥9,999,999: the edit is refused, and a decision on a changed application books nothing', async () => {
    const who = await member(t);
    const applied = await post<PrestoreApplication>(t, '/api/auth/prestoreApply/add', who, { amount: '100', payer: '张明' });
    const seen = await queueRow(applied.data.applyNo);
    expect(seen).toMatchObject({ amountFen: 100_00, bonusFen: 0, payer: '张明', status: 'pending' });

    // the attack: the member raises the amount (and the payer) of the application finance is looking at
    const raised = await post(t, '/api/auth/prestoreApply/edit', who, { rid: applied.data.rid, amount: '9999999', payer: '张明' });
    expect(raised).toMatchObject({ status: 409, code: 0, msg: '预存申请提交后，预存金额和付款户名不能修改；如需修改，请取消该申请后重新申请' });
    expect(await post(t, '/api/auth/prestoreApply/edit', who, { rid: applied.data.rid, amount: '100', payer: '李四' })).toMatchObject({ status: 409 });
    expect(await queueRow(applied.data.applyNo)).toMatchObject({ amountFen: 100_00, payer: '张明', version: seen.version });

    // what the member may still change (the remark) still moves the application on: finance's decision on what it saw is refused
    expect(await post(t, '/api/auth/prestoreApply/edit', who, { rid: applied.data.rid, amount: '100', remark: '请尽快确认' })).toMatchObject({ code: 1 });
    const stale = await post(t, '/api/admin/funds/prestore/confirm', finance, { rid: applied.data.rid, version: seen.version });
    expect(stale).toMatchObject({ status: 409, code: 0, msg: DECISION_CHANGED_MESSAGE });
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(0);
    expect(await topUpEntries(applied.data.rid)).toEqual([]);
    expect((await overview(who)).invoiceableFen).toBe(0);

    // finance opens it again and confirms what it now sees: ¥100, never more
    const again = await queueRow(applied.data.applyNo);
    expect(again).toMatchObject({ amountFen: 100_00, remark: '请尽快确认', version: seen.version + 1 });
    expect(await post(t, '/api/admin/funds/prestore/confirm', finance, { rid: applied.data.rid, version: again.version })).toMatchObject({ code: 1, data: { status: 'confirmed', amountFen: 100_00 } });
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(100_00);
    expect((await overview(who)).invoiceableFen).toBe(100_00);
  });

  it('a confirmation without the version finance saw is refused before anything is read', async () => {
    const who = await member(t);
    const applied = await post<PrestoreApplication>(t, '/api/auth/prestoreApply/add', who, { amount: '100' });
    expect(await post(t, '/api/admin/funds/prestore/confirm', finance, { rid: applied.data.rid })).toMatchObject({ status: 400, msg: '[版本号]不能为空，请刷新页面后重新操作' });
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(0);
  });
});

describe('a withdrawal whose bank account changes after finance reviewed it', () => {
  it('the partner cannot change the account of a submitted request; finance pays only the account it saw', async () => {
    const who = await member(t);
    const requested = await pendingWithdrawal(t, who, 300_00, 'bank');
    const seen = (await post<Page<AdminWithdrawal>>(t, '/api/admin/growth/withdraw/list', finance, { keyword: requested.rid })).data.list[0]!;
    expect(seen).toMatchObject({ bankAccount: '6222020200112233', status: 'pending' });

    // the attack: the account finance is about to pay to is switched to another one
    const switched = await post<Withdrawal>(t, '/api/auth/promoter_rebate_withdraw/update4user', who, {
      rid: requested.rid,
      method: 'bank',
      account_name: '王五',
      bank_name: '中国工商银行',
      bank_account: '6212260200000000001',
    });
    expect(switched).toMatchObject({ status: 409, code: 0, msg: '提现申请提交后，收款方式和银行账户不能修改；如需修改，请取消该申请后重新申请' });
    expect(await post(t, '/api/auth/promoter_rebate_withdraw/update4user', who, { rid: requested.rid, method: 'prestore' })).toMatchObject({ status: 409 });

    // whatever path changes the request, finance's payment on what it saw is refused and nothing is paid
    await t.db.update(rebateWithdrawals).set({ bankAccount: '6212260200000000001' }).where(eq(rebateWithdrawals.rid, requested.rid));
    expect(await post(t, '/api/admin/growth/withdraw/pay', finance, { rid: requested.rid, version: seen.version })).toMatchObject({ status: 409, msg: DECISION_CHANGED_MESSAGE });
    const [row] = await t.db.select().from(rebateWithdrawals).where(and(eq(rebateWithdrawals.rid, requested.rid)));
    expect(row).toMatchObject({ status: 'pending', processedBy: null });

    // reopened, finance sees the account it would pay to now
    const again = (await post<Page<AdminWithdrawal>>(t, '/api/admin/growth/withdraw/list', finance, { keyword: requested.rid })).data.list[0]!;
    expect(again).toMatchObject({ bankAccount: '6212260200000000001', version: seen.version + 1 });
  });
});
