import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPhone, type Page, type PromotionOverview, type Rebate, type Withdrawal } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { refundShown, versionOf } from '../../../test/decision-pins';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { ledgerEntries } from '../funds/funds.tables';
import { balanceOf, creditAccount, ensureAccount, systemActor } from '../funds/ledger.service';
import { memberMessages } from '../messages/member-messages.tables';
import { attachReport } from '../orders/desk/progress.test-helpers';
import { fund, makeOrder, orderRow, paymentCatalog, type PaymentCatalog } from '../payments/payment.test-helpers';
import { promoterApplications, rebates, rebateWithdrawals } from './growth.tables';
import { ALREADY_PARTNER, PENDING_APPLICATION } from './promotion.service';
import { type AdminPartnerApplication } from './promotion-admin.service';
import { WITHDRAW_TOO_MUCH, withdrawReference } from './withdrawals.service';
import { type AdminWithdrawal } from './withdrawals-admin.service';
import { rebateOnCompleted, rebateOnPaid, rebateReference } from './rebates.service';
import { updateGrowthSettings } from './settings.service';
import { termsVersionOf } from './growth.test-helpers';

type Who = { token: string };
type MemberWho = Awaited<ReturnType<typeof makeLoggedInMember>>;

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

const post = <T>(url: string, who: Who | undefined, form: Record<string, string | number | undefined> = {}) => call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
const overview = async (who: Who) => (await post<PromotionOverview>('/api/auth/myPromotion/init', who)).data;
const member = (overrides: Parameters<typeof makeLoggedInMember>[2] = {}) => makeLoggedInMember(t.db, t.clock.now(), overrides);
const application = { name: '李老师', phone: '13912345678', organization: '复旦大学材料系', channel: '课题组与学院微信群' };

async function apply(who: Who) {
  return post<PromotionOverview>('/api/auth/promoter_apply/add', who, { ...application, terms_version: await termsVersionOf(t, who) });
}
async function ridOfApplication(memberId: number) {
  const [row] = await t.db.select().from(promoterApplications).where(eq(promoterApplications.memberId, memberId)).orderBy(desc(promoterApplications.id)).limit(1);
  return row!.rid;
}
/** A member who applied and was approved by sales. */
async function partner(): Promise<MemberWho> {
  const who = await member({ name: '李老师' });
  expect((await apply(who)).code).toBe(1);
  const approved = await post('/api/admin/growth/partner/approve', sales, { rid: await ridOfApplication(who.member.id) });
  expect(approved.code).toBe(1);
  return who;
}
/** A member invited by the given one, with money to pay orders. */
async function invitee(inviter: MemberWho, fundFen = 1_000_000_00) {
  const who = await member({ inviterId: inviter.member.id, organization: 3 });
  await fund(t, 'member', who.member.id, fundFen);
  return who;
}
/** An order of the member paid through order/pay. */
async function paidOrder(who: MemberWho, amountFen = 3_000_00) {
  const order = await makeOrder(t, catalog, who.member.id, { amounts: [amountFen] });
  const paid = await post('/api/auth/order/pay', who, { order_no: order.orderNo, coupon_rid: 'none' });
  expect(paid.msg).toBe('支付成功');
  return orderRow(t, order.orderNo);
}
/** The lab's steps through to completed. */
async function complete(orderNo: string) {
  for (const step of ['confirm', 'receive', 'test'] as const) expect((await post(`/api/admin/orders/${step}`, lab, { order_no: orderNo })).code).toBe(1);
  await attachReport(t, (await orderRow(t, orderNo)).id);
  for (const step of ['deliver', 'complete'] as const) expect((await post(`/api/admin/orders/${step}`, lab, { order_no: orderNo })).code).toBe(1);
}
/** Rebate money straight onto a partner's account (for the withdrawal tests). */
async function giveRebate(memberId: number, amountFen: number) {
  await t.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', memberId, 'rebate');
    await creditAccount(tx, account.id, amountFen, 'rebate_release', `rebate:test-${randomId()}`, systemActor, t.clock.now());
  });
}
const rebateBalance = (memberId: number) => balanceOf(t.db, 'member', memberId, 'rebate');
const bank = { method: 'bank', account_name: '李老师', bank_name: '中国银行上海分行', bank_account: '6222020200112233' };

describe('access', () => {
  it('needs a member token on /api/auth and the right staff role on /api/admin/growth', async () => {
    const who = await member();
    expect((await post('/api/auth/myPromotion/init', undefined)).status).toBe(401);
    expect((await post('/api/auth/promoter_rebate_withdraw/list', undefined)).status).toBe(401);
    for (const url of ['partner/list', 'partner/approve', 'withdraw/list', 'withdraw/pay', 'withdraw/refuse']) {
      expect((await post(`/api/admin/growth/${url}`, who, { rid: 'x' })).status).toBe(403);
      expect((await post(`/api/admin/growth/${url}`, undefined, { rid: 'x' })).status).toBe(401);
    }
    expect((await post('/api/admin/growth/partner/list', finance)).status).toBe(403);
    expect((await post('/api/admin/growth/partner/approve', lab, { rid: 'x' })).status).toBe(403);
    expect((await post('/api/admin/growth/withdraw/list', sales)).status).toBe(403);
    expect((await post('/api/admin/growth/withdraw/pay', sales, { rid: 'x', version: 1 })).status).toBe(403);
    expect((await post('/api/admin/growth/partner/list', admin)).code).toBe(1);
    expect((await post('/api/admin/growth/withdraw/list', admin)).code).toBe(1);
    expect((await post('/api/admin/growth/partner/approve', sales, { rid: 'nope' })).status).toBe(404);
    expect((await post('/api/admin/growth/withdraw/pay', finance, { rid: 'nope', version: 1 })).status).toBe(404);
    expect((await post('/api/admin/growth/partner/approve', sales, {})).msg).toBe('[申请]不能为空');
    expect((await post('/api/admin/growth/withdraw/pay', finance, {})).msg).toBe('[提现申请]不能为空');
  });
});

describe('myPromotion/init and promoter_apply/add', () => {
  it('starts at 未申请 with the invite code, rate, minimum and zero figures', async () => {
    const who = await member();
    await member({ inviterId: who.member.id });
    const data = await overview(who);
    expect(data).toMatchObject({
      status: 'none',
      statusText: '未申请',
      reason: null,
      application: null,
      rateBp: 500,
      inviteCode: who.member.inviteCode,
      invitedCount: 1,
      frozenFen: 0,
      withdrawableFen: 0,
      pendingFen: 0,
      withdrawnFen: 0,
      minWithdrawFen: 10_000,
    });
  });

  it('refuses bad input with the field message', async () => {
    const who = await member();
    expect((await post('/api/auth/promoter_apply/add', who, { ...application, name: '' })).msg).toBe('[姓名]不能为空');
    expect((await post('/api/auth/promoter_apply/add', who, { ...application, phone: '12345' })).msg).toBe('[联系电话]格式不正确');
    expect((await post('/api/auth/promoter_apply/add', who, { ...application, organization: ' ' })).msg).toBe('[单位]不能为空');
    const long = await post('/api/auth/promoter_apply/add', who, { ...application, channel: 'x'.repeat(501) });
    expect(long).toMatchObject({ status: 400, msg: '[推广渠道]不能超过500个字符' });
    expect((await overview(who)).status).toBe('none');
  });

  it('keeps one live application: 409 while pending or approved; a refused member may apply again', async () => {
    const who = await member();
    const first = await apply(who);
    expect(first).toMatchObject({ code: 1, msg: '申请已提交，请等待审核', data: { status: 'pending', statusText: '审核中', application: { name: '李老师', organization: '复旦大学材料系' } } });
    expect(await apply(who)).toMatchObject({ status: 409, msg: PENDING_APPLICATION });
    const rid = await ridOfApplication(who.member.id);

    expect((await post('/api/admin/growth/partner/refuse', sales, { rid })).msg).toBe('[原因]不能为空');
    const refused = await post<AdminPartnerApplication>('/api/admin/growth/partner/refuse', sales, { rid, reason: '推广渠道描述不清' });
    expect(refused.data).toMatchObject({ status: 'refused', reason: '推广渠道描述不清', member: { rid: who.member.rid } });
    expect(await overview(who)).toMatchObject({ status: 'refused', statusText: '未通过', reason: '推广渠道描述不清' });
    expect((await post('/api/admin/growth/partner/approve', sales, { rid })).status).toBe(409);
    const [message] = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id)).orderBy(desc(memberMessages.id)).limit(1);
    expect(message).toMatchObject({ title: '推广合伙人申请未通过' });
    expect(message!.content).toContain('推广渠道描述不清');

    expect((await apply(who)).data).toMatchObject({ status: 'pending', reason: null });
    const second = await ridOfApplication(who.member.id);
    expect(second).not.toBe(rid);
    const approved = await post<AdminPartnerApplication>('/api/admin/growth/partner/approve', sales, { rid: second });
    expect(approved).toMatchObject({ code: 1, data: { status: 'approved', statusText: '已通过', reason: null } });
    expect(await apply(who)).toMatchObject({ status: 409, msg: ALREADY_PARTNER });
    expect((await post('/api/admin/growth/partner/refuse', sales, { rid: second, reason: '重复' })).status).toBe(409);
    expect((await overview(who)).status).toBe('approved');
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id)).orderBy(desc(memberMessages.id));
    expect(messages[0]!.title).toBe('推广合伙人申请已通过');

    const list = await post<Page<AdminPartnerApplication>>('/api/admin/growth/partner/list', sales, { status: 'approved', pageSize: 100 });
    expect(list.data.list.some((a) => a.rid === second)).toBe(true);
    expect(list.data.list.every((a) => a.status === 'approved')).toBe(true);
    expect((await post('/api/admin/growth/partner/list', sales, { status: 'weird' })).status).toBe(400);
  });

  it('two applications at once leave one live', async () => {
    const who = await member();
    const results = await Promise.all([apply(who), apply(who), apply(who)]);
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await t.db.select().from(promoterApplications).where(eq(promoterApplications.memberId, who.member.id))).toHaveLength(1);
  });
});

describe('rebates from order hooks', () => {
  it('paid → frozen, completed → withdrawable (credited once), refunded → reversed; the figures follow', async () => {
    const p = await partner();
    const buyer = await invitee(p);
    const order = await paidOrder(buyer, 3_000_00);
    let list = (await post<Page<Rebate>>('/api/auth/promoter_rebate/list', p)).data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ orderNo: order.orderNo, inviteePhone: maskPhone(buyer.member.phone), paidFen: 3_000_00, rateBp: 500, rebateFen: 150_00, status: 'frozen', statusText: '冻结中', releasedAt: null });
    expect(list.list[0]!.inviteePhone).not.toContain(buyer.member.phone.slice(3, 7));
    expect(await overview(p)).toMatchObject({ status: 'approved', frozenFen: 150_00, withdrawableFen: 0 });

    await complete(order.orderNo);
    list = (await post<Page<Rebate>>('/api/auth/promoter_rebate/list', p)).data;
    expect(list.list[0]).toMatchObject({ status: 'withdrawable', statusText: '可提现' });
    expect(list.list[0]!.releasedAt).not.toBeNull();
    expect(await overview(p)).toMatchObject({ frozenFen: 0, withdrawableFen: 150_00 });
    const [rebate] = await t.db.select().from(rebates).where(eq(rebates.orderId, order.id));
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, rebateReference(rebate!.rid)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'rebate_release', amountFen: 150_00 });
    // the hooks again: nothing more is booked
    const completed = await orderRow(t, order.orderNo);
    await t.db.transaction(async (tx) => {
      await rebateOnPaid(tx, completed, t.clock.now());
      await rebateOnCompleted(tx, completed, t.clock.now());
    });
    expect(await rebateBalance(p.member.id)).toBe(150_00);
    expect(await t.db.select().from(rebates).where(eq(rebates.orderId, order.id))).toHaveLength(1);

    // a second order, cancelled by the lab before the sample arrives: its rebate is reversed
    const other = await paidOrder(buyer, 1_234_56);
    expect(await overview(p)).toMatchObject({ frozenFen: Math.floor((1_234_56 * 500) / 10_000), withdrawableFen: 150_00 });
    expect((await post('/api/admin/orders/cancel', sales, { order_no: other.orderNo, reason: '样品不符合要求', refund_fen: await refundShown(t.db, other.orderNo) })).code).toBe(1);
    expect(await overview(p)).toMatchObject({ frozenFen: 0, withdrawableFen: 150_00 });
    const reversed = (await post<Page<Rebate>>('/api/auth/promoter_rebate/list', p, { status: 'reversed' })).data;
    expect(reversed.list).toHaveLength(1);
    expect(reversed.list[0]).toMatchObject({ orderNo: other.orderNo, rebateFen: 61_72, statusText: '已退回' });
    expect((await post<Page<Rebate>>('/api/auth/promoter_rebate/list', p, { status: 'withdrawable' })).data.total).toBe(1);
    expect((await post('/api/auth/promoter_rebate/list', p, { status: 'gone' })).status).toBe(400);
    expect((await post('/api/auth/promoter_rebate/list', p, { page: 0 })).msg).toBe('[页码]不能小于1');
    // the buyer sees none of it
    expect((await post<Page<Rebate>>('/api/auth/promoter_rebate/list', buyer)).data.total).toBe(0);
  });

  it('no rebate without an approved inviter, or when it rounds to zero', async () => {
    const pending = await member();
    await apply(pending);
    const ofPending = await paidOrder(await invitee(pending));
    const stranger = await paidOrder(await invitee(await member()));
    const p = await partner();
    const tiny = await paidOrder(await invitee(p), 19); // 19 × 5% = 0.95 fen
    const nobody = await member();
    await fund(t, 'member', nobody.member.id, 10_000_00);
    const uninvited = await paidOrder(nobody);
    for (const order of [ofPending, stranger, tiny, uninvited]) expect(await t.db.select().from(rebates).where(eq(rebates.orderId, order.id))).toHaveLength(0);
    expect(await overview(p)).toMatchObject({ frozenFen: 0 });
  });

  it('uses the configured rate; an order settled after it completed is withdrawable at once', async () => {
    await updateGrowthSettings(t.db, { rebate_rate: 8, points_per_yuan: 1, invite_coupon_rid: undefined, min_withdraw: 100 }, t.clock.now());
    try {
      const p = await partner();
      const buyer = await invitee(p);
      const order = await paidOrder(buyer, 1_000_00);
      expect((await t.db.select().from(rebates).where(eq(rebates.orderId, order.id)))[0]).toMatchObject({ rateBp: 800, rebateFen: 80_00 });
      // the hook on a completed order row (pay after test settles it later)
      const late = await makeOrder(t, catalog, buyer.member.id, { amounts: [500_00], progress: 'completed', payment: 'paid' });
      await t.db.transaction((tx) => rebateOnPaid(tx, { ...late, paidFen: 500_00 }, t.clock.now()));
      expect((await t.db.select().from(rebates).where(eq(rebates.orderId, late.id)))[0]).toMatchObject({ status: 'withdrawable', rebateFen: 40_00 });
      expect(await overview(p)).toMatchObject({ rateBp: 800, frozenFen: 80_00, withdrawableFen: 40_00 });
    } finally {
      await updateGrowthSettings(t.db, { rebate_rate: 5, points_per_yuan: 1, invite_coupon_rid: undefined, min_withdraw: 100 }, t.clock.now());
    }
  });
});

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
