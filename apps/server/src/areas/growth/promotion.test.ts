import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPhone, type Page, type Rebate } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { refundShown } from '../../../test/decision-pins';
import { makeStaff } from '../../../test/factories';
import { ledgerEntries } from '../funds/funds.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { fund, makeOrder, orderRow, paymentCatalog, type PaymentCatalog } from '../payments/payment.test-helpers';
import { promoterApplications, rebates } from './growth.tables';
import { ALREADY_PARTNER, PENDING_APPLICATION } from './promotion.service';
import { type AdminPartnerApplication } from './promotion-admin.service';
import { rebateOnCompleted, rebateOnPaid, rebateReference } from './rebates.service';
import { updateGrowthSettings } from './settings.service';
import { application, promotionKit } from './promotion.test-helpers';

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

const { post, overview, member, apply, ridOfApplication, partner, invitee, paidOrder, complete, rebateBalance } = promotionKit(() => ({ t, catalog, sales, lab }));

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
