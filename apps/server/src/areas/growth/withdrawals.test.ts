import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page, type Withdrawal } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { versionOf } from '../../../test/decision-pins';
import { makeStaff } from '../../../test/factories';
import { ledgerEntries } from '../funds/funds.tables';
import { balanceOf } from '../funds/ledger.service';
import { memberMessages } from '../messages/member-messages.tables';
import { paymentCatalog, type PaymentCatalog } from '../payments/payment.test-helpers';
import { rebateWithdrawals } from './growth.tables';
import { WITHDRAW_TOO_MUCH, withdrawReference } from './withdrawals.service';
import { type AdminWithdrawal } from './withdrawals-admin.service';
import { bank, promotionKit } from './promotion.test-helpers';

let t: TestContext;
let catalog: PaymentCatalog;
let sales: Awaited<ReturnType<typeof makeStaff>>;
let finance: Awaited<ReturnType<typeof makeStaff>>;
let lab: Awaited<ReturnType<typeof makeStaff>>;
let admin: Awaited<ReturnType<typeof makeStaff>>;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-22T03:00:00Z' });
  catalog = await paymentCatalog(t.db);
  [sales, finance, lab, admin] = await Promise.all([makeStaff(t.db, 'sales', t.clock.now()), makeStaff(t.db, 'finance', t.clock.now()), makeStaff(t.db, 'lab', t.clock.now()), makeStaff(t.db, 'admin', t.clock.now())]);
});
afterAll(() => t.close());

const { post, overview, member, partner, giveRebate, rebateBalance } = promotionKit(() => ({ t, catalog, sales, lab }));

describe('promoter_rebate_withdraw', () => {
  it('refuses bad input, less than the minimum and more than is withdrawable', async () => {
    const p = await partner();
    await giveRebate(p.member.id, 500_00);
    const add = (form: Record<string, string>) => post<Withdrawal>('/api/auth/promoter_rebate_withdraw/add', p, form);
    expect((await add({ method: 'prestore' })).msg).toBe('[提现金额]不能为空');
    expect((await add({ amount: '', method: 'prestore' })).msg).toBe('[提现金额]不能为空');
    expect((await add({ amount: 'abc', method: 'prestore' })).msg).toBe('[提现金额]格式不正确');
    expect((await add({ amount: '100.001', method: 'prestore' })).msg).toBe('[提现金额]最多保留两位小数');
    expect((await add({ amount: '-100', method: 'prestore' })).msg).toBe('[提现金额]必须大于0');
    expect((await add({ amount: '0', method: 'prestore' })).msg).toBe('[提现金额]必须大于0');
    expect((await add({ amount: '200' })).msg).toBe('[提现方式]不正确');
    expect((await add({ amount: '200', method: 'alipay' })).msg).toBe('[提现方式]不正确');
    expect((await add({ amount: '200', method: 'bank' })).msg).toBe('[开户名]不能为空');
    expect((await add({ amount: '200', method: 'bank', account_name: '李老师' })).msg).toBe('[开户行]不能为空');
    expect((await add({ amount: '200', method: 'bank', account_name: '李老师', bank_name: '中国银行' })).msg).toBe('[银行账号]不能为空');
    expect((await add({ ...bank, amount: '200', bank_account: '6222-0202' })).msg).toBe('[银行账号]格式不正确');
    expect(await add({ amount: '99.99', method: 'prestore' })).toMatchObject({ status: 400, msg: '提现金额不能低于¥100.00' });
    expect(await add({ amount: '500.01', method: 'prestore' })).toMatchObject({ status: 409, msg: WITHDRAW_TOO_MUCH });
    expect(await rebateBalance(p.member.id)).toBe(500_00);
    expect((await post<Page<Withdrawal>>('/api/auth/promoter_rebate_withdraw/list', p)).data.total).toBe(0);
    // a member with no rebate account at all
    const nobody = await member();
    expect(await post('/api/auth/promoter_rebate_withdraw/add', nobody, { amount: '100', method: 'prestore' })).toMatchObject({ status: 409, msg: WITHDRAW_TOO_MUCH });
  });

  it('add holds the money, update4user cannot change the account once submitted, cancel gives it back; others get 404', async () => {
    const p = await partner();
    await giveRebate(p.member.id, 500_00);
    const added = await post<Withdrawal>('/api/auth/promoter_rebate_withdraw/add', p, { ...bank, amount: '300.50' });
    expect(added).toMatchObject({
      code: 1,
      msg: '提现申请已提交，请等待财务处理',
      data: { amountFen: 300_50, method: 'bank', methodText: '银行卡', status: 'pending', statusText: '待审核', bank: { accountName: '李老师', bankName: '中国银行上海分行', account: '************2233' } },
    });
    expect(JSON.stringify(added.data)).not.toContain('6222020200112233');
    const rid = added.data.rid;
    expect(await overview(p)).toMatchObject({ withdrawableFen: 199_50, pendingFen: 300_50, withdrawnFen: 0 });
    const [hold] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, withdrawReference(rid)));
    expect(hold).toMatchObject({ type: 'withdraw_hold', amountFen: -300_50 });

    // another member sees nothing of it
    const other = await member();
    expect((await post('/api/auth/promoter_rebate_withdraw/cancel', other, { rid })).status).toBe(404);
    expect((await post('/api/auth/promoter_rebate_withdraw/update4user', other, { rid, method: 'prestore' })).status).toBe(404);
    expect((await post<Page<Withdrawal>>('/api/auth/promoter_rebate_withdraw/list', other)).data.total).toBe(0);

    expect((await post('/api/auth/promoter_rebate_withdraw/update4user', p, { rid, method: 'bank', account_name: '李老师' })).msg).toBe('[开户行]不能为空');
    expect((await post('/api/auth/promoter_rebate_withdraw/update4user', p, { method: 'prestore' })).msg).toBe('[提现申请]不能为空');
    // the account finance pays to stays as submitted: the partner cancels and applies again (PRODUCT.md "Staff decisions and value")
    const locked = { status: 409, msg: '提现申请提交后，收款方式和银行账户不能修改；如需修改，请取消该申请后重新申请' };
    expect(await post('/api/auth/promoter_rebate_withdraw/update4user', p, { ...bank, rid, bank_account: '6217000011112222333' })).toMatchObject(locked);
    expect(await post('/api/auth/promoter_rebate_withdraw/update4user', p, { rid, method: 'prestore' })).toMatchObject(locked);
    const same = await post<Withdrawal>('/api/auth/promoter_rebate_withdraw/update4user', p, { ...bank, rid });
    expect(same.data).toMatchObject({ method: 'bank', bank: { account: '************2233' }, amountFen: 300_50 });
    expect((await t.db.select().from(rebateWithdrawals).where(eq(rebateWithdrawals.rid, rid)))[0]).toMatchObject({ bankAccount: '6222020200112233', version: 1 });

    const list = await post<Page<Withdrawal>>('/api/auth/promoter_rebate_withdraw/list', p, { status: 'pending' });
    expect(list.data.list.map((w) => w.rid)).toEqual([rid]);
    expect((await post('/api/auth/promoter_rebate_withdraw/list', p, { status: 'x' })).status).toBe(400);

    const cancelled = await post<Withdrawal>('/api/auth/promoter_rebate_withdraw/cancel', p, { rid });
    expect(cancelled).toMatchObject({ code: 1, msg: '提现申请已取消', data: { status: 'cancelled', statusText: '已取消' } });
    expect(await overview(p)).toMatchObject({ withdrawableFen: 500_00, pendingFen: 0 });
    expect(await post('/api/auth/promoter_rebate_withdraw/cancel', p, { rid })).toMatchObject({ status: 409, msg: '该提现申请已取消，不能取消' });
    expect(await post('/api/auth/promoter_rebate_withdraw/update4user', p, { rid, method: 'prestore' })).toMatchObject({ status: 409, msg: '该提现申请已取消，不能修改' });
    expect((await post('/api/admin/growth/withdraw/pay', finance, { rid, version: await versionOf(t.db, 'withdrawal', rid) })).status).toBe(409);
    expect(await rebateBalance(p.member.id)).toBe(500_00);
  });

  it('finance refuses (money back) and pays: to prestore it shows in the prestore balance, by bank it is marked paid', async () => {
    const p = await partner();
    await giveRebate(p.member.id, 1_000_00);
    const prestoreBefore = await balanceOf(t.db, 'member', p.member.id);
    const add = async (form: Record<string, string>) => (await post<Withdrawal>('/api/auth/promoter_rebate_withdraw/add', p, form)).data.rid;
    const refusedRid = await add({ amount: '200', method: 'prestore' });
    const prestoreRid = await add({ amount: '300', method: 'prestore' });
    const bankRid = await add({ ...bank, amount: '400' });
    expect(await overview(p)).toMatchObject({ withdrawableFen: 100_00, pendingFen: 900_00 });

    expect((await post('/api/admin/growth/withdraw/refuse', finance, { rid: refusedRid, version: await versionOf(t.db, 'withdrawal', refusedRid) })).msg).toBe('[原因]不能为空');
    const refused = await post<AdminWithdrawal>('/api/admin/growth/withdraw/refuse', finance, { rid: refusedRid, version: await versionOf(t.db, 'withdrawal', refusedRid), reason: '账户信息有误' });
    expect(refused.data).toMatchObject({ status: 'refused', statusText: '已驳回', reason: '账户信息有误', member: { rid: p.member.rid } });
    expect(await overview(p)).toMatchObject({ withdrawableFen: 300_00, pendingFen: 700_00 });
    expect((await post('/api/auth/promoter_rebate_withdraw/cancel', p, { rid: refusedRid })).status).toBe(409);

    const list = await post<Page<AdminWithdrawal>>('/api/admin/growth/withdraw/list', finance, { status: 'pending', pageSize: 100 });
    const forBank = list.data.list.find((w) => w.rid === bankRid)!;
    expect(forBank).toMatchObject({ bankAccount: '6222020200112233', bank: { account: '************2233' } });

    const paid = await post<AdminWithdrawal>('/api/admin/growth/withdraw/pay', finance, { rid: prestoreRid, version: await versionOf(t.db, 'withdrawal', prestoreRid) });
    expect(paid.data).toMatchObject({ status: 'paid', statusText: '已打款' });
    expect(await balanceOf(t.db, 'member', p.member.id)).toBe(prestoreBefore + 300_00);
    const [toPrestore] = await t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.reference, withdrawReference(prestoreRid)), eq(ledgerEntries.type, 'rebate_to_prestore')));
    expect(toPrestore).toMatchObject({ amountFen: 300_00 });
    expect(await post('/api/admin/growth/withdraw/pay', finance, { rid: prestoreRid, version: await versionOf(t.db, 'withdrawal', prestoreRid) })).toMatchObject({ status: 409, msg: '该提现申请已打款，不能打款' });

    expect((await post('/api/admin/growth/withdraw/pay', admin, { rid: bankRid, version: await versionOf(t.db, 'withdrawal', bankRid) })).data).toMatchObject({ status: 'paid' });
    expect(await balanceOf(t.db, 'member', p.member.id)).toBe(prestoreBefore + 300_00);
    expect(await overview(p)).toMatchObject({ withdrawableFen: 300_00, pendingFen: 0, withdrawnFen: 700_00 });
    const titles = (await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, p.member.id))).map((m) => m.title);
    expect(titles.filter((x) => x === '提现已打款')).toHaveLength(2);
    expect(titles).toContain('提现申请已驳回');
    const done = await post<Page<Withdrawal>>('/api/auth/promoter_rebate_withdraw/list', p, { status: 'paid' });
    expect(done.data.total).toBe(2);
  });

  it('10 concurrent requests never take more than is withdrawable', async () => {
    const p = await partner();
    await giveRebate(p.member.id, 350_00);
    const results = await Promise.all(Array.from({ length: 10 }, () => post<Withdrawal>('/api/auth/promoter_rebate_withdraw/add', p, { amount: '100', method: 'prestore' })));
    const ok = results.filter((r) => r.code === 1);
    expect(ok).toHaveLength(3);
    expect(results.filter((r) => r.code !== 1).every((r) => r.status === 409 && r.msg === WITHDRAW_TOO_MUCH)).toBe(true);
    expect(await overview(p)).toMatchObject({ withdrawableFen: 50_00, pendingFen: 300_00 });
  });
});
